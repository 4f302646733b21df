/// The lowest and highest value of each of several channels over time, in at most `capacity` time buckets: bounded
/// memory however long the recording. When a sample falls past the last bucket, neighbouring buckets merge in pairs
/// (each bucket's span doubles), so the buckets always cover the whole stream at the finest span that fits.
public struct MinMaxEnvelope: Sendable {
    /// One bucket's extremes per channel, or nil when no finite value fell in it.
    public typealias Bucket = [(min: Double, max: Double)]?

    /// Most buckets kept (the plot's width in pixels is enough).
    public let capacity: Int
    /// How many channels each sample has.
    public let channelCount: Int
    /// The first sample's time: the start of bucket 0.
    public private(set) var start: Double?
    /// The time the last sample was taken.
    public private(set) var end: Double?
    /// Seconds each bucket spans.
    public private(set) var bucketSpan: Double
    /// The buckets, oldest first.
    public private(set) var buckets: [Bucket] = []
    /// Samples added.
    public private(set) var sampleCount = 0

    /// Creates an envelope of `channelCount` channels in at most `capacity` (2...100000) buckets, the finest spanning
    /// `initialSpan` seconds.
    public init(channelCount: Int, capacity: Int, initialSpan: Double = 0.01) {
        self.channelCount = max(1, channelCount)
        self.capacity = min(100_000, max(2, capacity))
        bucketSpan = initialSpan > 0 && initialSpan.isFinite ? initialSpan : 0.01
    }

    /// Adds a sample taken at `time` (seconds; non-finite times and times before the first are ignored); non-finite
    /// values leave their channel's extremes as they are.
    public mutating func add(time: Double, values: [Double]) {
        guard time.isFinite, values.count == channelCount else { return }
        let first = start ?? time
        guard time >= first, time - first < 1e10 else { return }
        start = first
        end = max(end ?? time, time)
        sampleCount += 1
        var index = Int((time - first) / bucketSpan)
        while index >= capacity {
            mergePairs()
            index = Int((time - first) / bucketSpan)
        }
        if buckets.count <= index { buckets.append(contentsOf: repeatElement(nil, count: index + 1 - buckets.count)) }
        var bucket = buckets[index] ?? Array(repeating: (Double.infinity, -Double.infinity), count: channelCount)
        for (channel, value) in values.enumerated() where value.isFinite {
            bucket[channel] = (min(bucket[channel].min, value), max(bucket[channel].max, value))
        }
        buckets[index] = bucket
    }

    /// The lowest and highest finite value of every channel in `channels` over the whole stream (nil when none).
    public func extremes(of channels: Range<Int>) -> (min: Double, max: Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        for case let bucket? in buckets {
            for channel in channels where bucket[channel].min <= bucket[channel].max {
                low = min(low, bucket[channel].min)
                high = max(high, bucket[channel].max)
            }
        }
        return low <= high ? (low, high) : nil
    }

    private mutating func mergePairs() {
        var merged: [Bucket] = []
        merged.reserveCapacity(capacity / 2 + 1)
        var index = 0
        while index < buckets.count {
            let pair = index + 1 < buckets.count ? buckets[index + 1] : nil
            switch (buckets[index], pair) {
            case (let left?, let right?): merged.append(zip(left, right).map { (min($0.min, $1.min), max($0.max, $1.max)) })
            case (let left?, nil): merged.append(left)
            case (nil, let right): merged.append(right)
            }
            index += 2
        }
        buckets = merged
        bucketSpan *= 2
    }
}

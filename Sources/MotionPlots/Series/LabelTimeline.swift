/// Which label (a tag, a predicted activity) holds over time, in at most `capacity` time buckets: each bucket keeps how
/// long each label held in it, and shows the one that held longest. Buckets merge in pairs like ``MinMaxEnvelope``'s.
public struct LabelTimeline: Sendable {
    /// The labels seen, in order of first appearance (at most ``maximumLabels``).
    public private(set) var labels: [String] = []
    /// Most buckets kept.
    public let capacity: Int
    /// Seconds each bucket spans.
    public private(set) var bucketSpan: Double
    /// The time bucket 0 starts at.
    public let start: Double
    /// Per bucket, seconds per label index.
    private var buckets: [[Int: Double]] = []

    /// Most distinct labels kept; later ones are counted as the last.
    public static let maximumLabels = 64

    /// Creates a timeline starting at `start` seconds, in at most `capacity` (2...100000) buckets.
    public init(start: Double, capacity: Int, initialSpan: Double = 0.01) {
        self.start = start.isFinite ? start : 0
        self.capacity = min(100_000, max(2, capacity))
        bucketSpan = initialSpan > 0 && initialSpan.isFinite ? initialSpan : 0.01
    }

    /// Records that `label` held from `from` to `to` seconds (ignored when not finite, empty or before the start).
    public mutating func add(_ label: String, from: Double, to: Double) {
        guard from.isFinite, to.isFinite, to > from, from >= start, to - start < 1e10 else { return }
        let index: Int
        if let known = labels.firstIndex(of: label) {
            index = known
        } else if labels.count < Self.maximumLabels {
            labels.append(label)
            index = labels.count - 1
        } else {
            index = labels.count - 1
        }
        while Int((to - start) / bucketSpan) >= capacity { mergePairs() }
        var time = from
        var bucket = Int((from - start) / bucketSpan)
        while time < to, bucket < capacity {
            let bucketEnd = start + Double(bucket + 1) * bucketSpan
            let until = min(to, bucketEnd)
            defer {
                time = max(time, until)
                bucket += 1
            }
            guard until > time else { continue }
            if buckets.count <= bucket { buckets.append(contentsOf: repeatElement([:], count: bucket + 1 - buckets.count)) }
            buckets[bucket][index, default: 0] += until - time
        }
    }

    /// Runs of buckets showing the same label: (start, end) in seconds and the label.
    public func spans() -> [(from: Double, to: Double, label: String)] {
        var result: [(from: Double, to: Double, label: String)] = []
        for (bucket, seconds) in buckets.enumerated() {
            guard let winner = seconds.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else {
                continue
            }
            let from = start + Double(bucket) * bucketSpan
            if let last = result.last, last.label == labels[winner.key], abs(last.to - from) < bucketSpan / 2 {
                result[result.count - 1].to = from + bucketSpan
            } else {
                result.append((from, from + bucketSpan, labels[winner.key]))
            }
        }
        return result
    }

    private mutating func mergePairs() {
        var merged: [[Int: Double]] = []
        var index = 0
        while index < buckets.count {
            var bucket = buckets[index]
            if index + 1 < buckets.count { bucket.merge(buckets[index + 1], uniquingKeysWith: +) }
            merged.append(bucket)
            index += 2
        }
        buckets = merged
        bucketSpan *= 2
    }
}

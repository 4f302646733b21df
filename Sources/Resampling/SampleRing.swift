/// A first-in first-out buffer of timestamped multichannel readings, stored as flat `Double`s.
///
/// It grows by doubling when full and never shrinks, so a steady stream allocates nothing per reading.
struct SampleRing: Sendable {
    /// Values per reading.
    let channelCount: Int
    /// Timestamps, indexed physically.
    private var timestamps: [Double]
    /// Values, `channelCount` per physical slot.
    private var values: [Double]
    /// Physical slot of the oldest reading.
    private var head = 0
    /// Number of readings held.
    private(set) var count = 0

    /// Readings it holds before it must grow.
    var capacity: Int { timestamps.count }

    /// Creates an empty ring with room for `capacity` readings (rounded up to a power of two).
    init(channelCount: Int, capacity: Int) {
        self.channelCount = channelCount
        var rounded = 16
        while rounded < capacity { rounded *= 2 }
        timestamps = Array(repeating: 0, count: rounded)
        values = Array(repeating: 0, count: rounded * channelCount)
    }

    /// Physical slot of the reading at logical position `index` (0 is the oldest).
    @inline(__always)
    private func slot(_ index: Int) -> Int { (head + index) & (timestamps.count - 1) }

    /// Timestamp of the reading at logical position `index`.
    @inline(__always)
    func timestamp(at index: Int) -> Double { timestamps[slot(index)] }

    /// Timestamp of the newest reading, if any.
    var lastTimestamp: Double? { count > 0 ? timestamp(at: count - 1) : nil }

    /// Appends a reading; `readingValues` must hold `channelCount` values.
    mutating func append(timestamp: Double, values readingValues: UnsafeBufferPointer<Double>) {
        if count == timestamps.count { grow() }
        let target = slot(count)
        timestamps[target] = timestamp
        values.withUnsafeMutableBufferPointer { storage in
            let base = target * channelCount
            for channel in 0..<channelCount { storage[base + channel] = readingValues[channel] }
        }
        count += 1
    }

    /// Removes the `n` oldest readings.
    mutating func removeFirst(_ n: Int) {
        let removed = min(n, count)
        head = slot(removed)
        count -= removed
    }

    /// Removes every reading.
    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// Writes into `weights` the weight of each reading around `time`: `kernel` at its offset from `time` times
    /// `stretch`, times its share of the time axis (half the interval between its neighbours, 1 for a lone
    /// reading). Readings at least `halfWidth` seconds from `time` get none. Returns the logical position of the
    /// first weighted reading, how many follow it, and the sum of their weights.
    func weigh(
        around time: Double, halfWidth: Double, kernel: WindowedSincKernel, stretch: Double,
        into weights: UnsafeMutableBufferPointer<Double>
    ) -> (first: Int, count: Int, total: Double) {
        timestamps.withUnsafeBufferPointer { stamps in
            let mask = stamps.count - 1
            let stamp = { (index: Int) in stamps[(head &+ index) & mask] }
            var index = 0
            while index < count, stamp(index) - time <= -halfWidth { index += 1 }
            let first = index
            guard first < count else { return (first, 0, 0) }
            return kernel.withValues { kernel in
                var before = stamp(max(first - 1, 0))
                var current = stamp(first)
                var total = 0.0
                while index < count {
                    let offset = current - time
                    if offset >= halfWidth { break }
                    let after = index + 1 < count ? stamp(index &+ 1) : current
                    let share = after > before ? (after - before) / 2 : 1
                    let weight = kernel(offset * stretch) * share
                    weights[index &- first] = weight
                    total += weight
                    (before, current) = (current, after)
                    index &+= 1
                }
                return (first, index - first, total)
            }
        }
    }

    /// Writes into `output` the sum over the readings from logical position `first` on of `weights[i]` times
    /// the values of reading `first + i`.
    ///
    /// Channels are summed six, then three, then one at a time in local accumulators, so that each reading's
    /// values are loaded once per block and no sum goes through memory.
    func weightedSum(
        from first: Int, weights: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Double>
    ) {
        values.withUnsafeBufferPointer { storage in
            let mask = timestamps.count - 1
            var channel = 0
            while channel + 6 <= channelCount {
                var (a, b, c, d, e, f) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
                for (offset, weight) in weights.enumerated() {
                    let base = ((head + first + offset) & mask) * channelCount + channel
                    a += weight * storage[base]
                    b += weight * storage[base + 1]
                    c += weight * storage[base + 2]
                    d += weight * storage[base + 3]
                    e += weight * storage[base + 4]
                    f += weight * storage[base + 5]
                }
                (output[channel], output[channel + 1], output[channel + 2]) = (a, b, c)
                (output[channel + 3], output[channel + 4], output[channel + 5]) = (d, e, f)
                channel += 6
            }
            while channel + 3 <= channelCount {
                var (a, b, c) = (0.0, 0.0, 0.0)
                for (offset, weight) in weights.enumerated() {
                    let base = ((head + first + offset) & mask) * channelCount + channel
                    a += weight * storage[base]
                    b += weight * storage[base + 1]
                    c += weight * storage[base + 2]
                }
                (output[channel], output[channel + 1], output[channel + 2]) = (a, b, c)
                channel += 3
            }
            while channel < channelCount {
                var a = 0.0
                for (offset, weight) in weights.enumerated() {
                    a += weight * storage[((head + first + offset) & mask) * channelCount + channel]
                }
                output[channel] = a
                channel += 1
            }
        }
    }

    /// Doubles the capacity, moving the readings to the front in order.
    private mutating func grow() {
        let newCapacity = timestamps.count * 2
        var newTimestamps = Array(repeating: 0.0, count: newCapacity)
        var newValues = Array(repeating: 0.0, count: newCapacity * channelCount)
        for index in 0..<count {
            let source = slot(index)
            newTimestamps[index] = timestamps[source]
            for channel in 0..<channelCount {
                newValues[index * channelCount + channel] = values[source * channelCount + channel]
            }
        }
        timestamps = newTimestamps
        values = newValues
        head = 0
    }
}

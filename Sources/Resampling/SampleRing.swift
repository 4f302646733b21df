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

    /// Adds `weight` times the values of the reading at logical position `index` into `accumulator`.
    @inline(__always)
    func accumulate(_ index: Int, weight: Double, into accumulator: UnsafeMutableBufferPointer<Double>) {
        values.withUnsafeBufferPointer { storage in
            let base = slot(index) * channelCount
            for channel in 0..<channelCount { accumulator[channel] += weight * storage[base + channel] }
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

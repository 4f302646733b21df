import MotionSamples

/// A first-in first-out queue of one sensor's readings that reuses its storage.
struct ReadingQueue: Sendable {
    /// Readings, the live ones from `head` on.
    private var storage: [SensorSample] = []
    /// Index of the oldest live reading.
    private var head = 0

    /// Number of readings queued.
    var count: Int { storage.count - head }

    /// Whether no reading is queued.
    var isEmpty: Bool { head == storage.count }

    /// The reading at position `index` from the oldest (0).
    subscript(index: Int) -> SensorSample { storage[head + index] }

    /// The newest reading, if any.
    var last: SensorSample? { isEmpty ? nil : storage[storage.count - 1] }

    /// Time spanned from the oldest to the newest reading, in seconds.
    var span: Double { isEmpty ? 0 : storage[storage.count - 1].timestamp - storage[head].timestamp }

    /// Appends a reading.
    mutating func append(_ reading: SensorSample) { storage.append(reading) }

    /// Removes the `n` oldest readings, compacting the storage now and then.
    mutating func removeFirst(_ n: Int) {
        head += min(n, count)
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Removes every reading.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }

    /// The median interval between the first `limit` queued readings, in seconds, if there are two or more.
    func medianInterval(limit: Int = 9) -> Double? {
        Resampling.medianInterval(of: storage[head..<head + min(count, limit)].lazy.map(\.timestamp))
    }
}

/// A first-in first-out queue of at most `capacity` messages: appending to a full queue drops the oldest and counts
/// it, so a long broker outage costs the oldest messages and never unbounded memory.
struct PublishQueue: Sendable {
    /// The most messages held.
    let capacity: Int
    /// Messages dropped so far because the queue was full.
    private(set) var dropped = 0
    private var storage: [MQTTMessage] = []
    private var head = 0

    /// An empty queue of at most `capacity` (at least 1) messages.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The messages held.
    var count: Int { storage.count - head }

    /// Whether no message is held.
    var isEmpty: Bool { count == 0 }

    /// Appends `message`; returns whether the oldest was dropped to make room.
    @discardableResult
    mutating func append(_ message: MQTTMessage) -> Bool {
        var droppedOldest = false
        if count == capacity {
            head += 1
            dropped += 1
            droppedOldest = true
        }
        storage.append(message)
        if head >= 64 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return droppedOldest
    }

    /// The oldest message, if any, without removing it.
    var first: MQTTMessage? { isEmpty ? nil : storage[head] }

    /// Removes the oldest message.
    mutating func removeFirst() {
        guard !isEmpty else { return }
        head += 1
        if isEmpty {
            storage.removeAll(keepingCapacity: false)
            head = 0
        }
    }
}

import Testing

@testable import MotionPublishing

/// The bounded queue: order kept, the oldest dropped and counted when full.
@Suite("PublishQueue")
struct PublishQueueTests {
    private func message(_ n: Int) -> MQTTMessage { MQTTMessage(topic: "t", payload: "\(n)", qos: 1, retain: false) }

    @Test("a full queue drops the oldest and counts each drop; the rest come out in order")
    func dropsOldest() {
        var queue = PublishQueue(capacity: 3)
        let drops = (1...5).map { queue.append(message($0)) }
        #expect(drops == [false, false, false, true, true])
        #expect(queue.dropped == 2 && queue.count == 3)
        var out: [String] = []
        while let first = queue.first {
            out.append(first.payload)
            queue.removeFirst()
        }
        #expect(out == ["3", "4", "5"])
        #expect(queue.isEmpty)
    }

    @Test("a long run through a small queue keeps the newest capacity messages, in order")
    func longRun() {
        var queue = PublishQueue(capacity: 100)
        for n in 1...10_000 { queue.append(message(n)) }
        #expect(queue.dropped == 9_900)
        #expect(queue.first?.payload == "9901")
        #expect(queue.count == 100)
    }
}

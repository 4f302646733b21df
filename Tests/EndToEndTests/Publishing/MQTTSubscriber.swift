import Foundation
import Testing

/// `mosquitto_sub` with a persistent session (clean session off, QoS 1), so that it gets every message published
/// while it reconnects after a broker restart; it writes `topic payload` lines to a file the test polls.
final class MQTTSubscriber {
    /// Where Debian installs the client.
    static let clientPath = "/usr/bin/mosquitto_sub"
    private let process: SpawnedProcess
    private let output: URL
    private let broker: MQTTBroker

    /// Subscribes to `topics` on `broker` and waits until a marker published after the subscription arrives, so
    /// that nothing the test publishes later can be missed.
    init(_ broker: MQTTBroker, topics: [String] = ["imu-bridge/#"]) throws {
        self.broker = broker
        let id = "test-\(UUID().uuidString.prefix(8))"
        output = broker.directory.appendingPathComponent("\(id).out")
        try Data().write(to: output)
        process = try SpawnedProcess(
            Self.clientPath,
            broker.clientArguments + ["-i", id, "-c", "-q", "1", "-v", "-t", "test/marker"]
                + topics.flatMap { ["-t", $0] },
            environment: cleanEnvironment(), output: output)
        let marked = pollUntil {
            _ = try? runClient(
                "/usr/bin/mosquitto_pub", broker.clientArguments + ["-t", "test/marker", "-m", "up", "-q", "1"])
            return self.messages(on: "test/marker").count > 0
        }
        try #require(marked, "the subscriber did not receive its marker")
    }

    /// Every `(topic, payload)` received so far, in order.
    var messages: [(topic: String, payload: String)] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> (topic: String, payload: String)? in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// The payloads received on topics ending in `suffix`, in order.
    func messages(on suffix: String) -> [String] {
        messages.filter { $0.topic.hasSuffix(suffix) }.map(\.payload)
    }
}

/// `payloads` with exact repeats removed (QoS 1 is at least once: a message may come twice after a reconnect).
func withoutRedeliveries(_ payloads: [String]) -> [String] {
    var seen = Set<String>()
    return payloads.filter { seen.insert($0).inserted }
}

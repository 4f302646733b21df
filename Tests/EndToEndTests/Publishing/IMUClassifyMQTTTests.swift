import Foundation
import IIOTestbed
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `imu-classify --mqtt` against a real Mosquitto broker on loopback: the payloads are the `--json` lines, the status
/// topic says `online` and the will `offline`, a broker restart loses nothing, a long outage drops the oldest
/// (counted), and credentials never come from the command line.
@Suite("imu-classify --mqtt", .serialized, .enabled(if: canRunCLIs && canRunBroker, brokerMessage))
struct IMUClassifyMQTTTests {
    private let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path

    /// The lines of `output` whose activity differs from the line before: the activity changes.
    private func changes(_ output: String) throws -> [String] {
        var previous: String?
        return try output.split(separator: "\n").map(String.init).filter { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let activity = object["activity"] as? String
            defer { previous = activity }
            return activity != previous
        }
    }

    @Test("--replay: every activity change of the --json output, in order, byte for byte; online then offline; Home Assistant configs")
    func replayPublishesChanges() throws {
        let broker = try MQTTBroker()
        let subscriber = try MQTTSubscriber(broker, topics: ["imu-bridge/#", "homeassistant/#"])
        let run = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--json", "--mqtt", broker.url, "--mqtt-home-assistant"])
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        let expected = try changes(run.standardOutput)
        #expect(expected.count >= 2, "the recording changes activity: \(run.standardOutput)")
        #expect(pollUntil { subscriber.messages(on: "/status").last == "offline" })
        #expect(subscriber.messages(on: "/replay/activity") == expected)
        // At least once: a QoS 1 "offline" may come twice (a redelivery, or the will's own "offline" when the broker
        // sees the socket close before the DISCONNECT), never anything after it.
        #expect(withoutRedeliveries(subscriber.messages(on: "/replay/status")) == ["online", "offline"])
        #expect(subscriber.messages(on: "/replay/prediction").isEmpty && subscriber.messages(on: "/replay/motion").isEmpty)
        let configs = subscriber.messages.filter { $0.topic.hasPrefix("homeassistant/sensor/") }
        #expect(configs.map { $0.topic.split(separator: "/").last } == ["config", "config"])
        for config in configs { try expectDiscoveryMatches(config.payload, subscriber) }
    }

    /// Checks a Home Assistant discovery config against what was really published: its state and attributes topics
    /// carry JSON lines holding the key its value template reads (a number in 0...1 for the confidence), and its
    /// availability topic said `online` and `offline`.
    private func expectDiscoveryMatches(_ payload: String, _ subscriber: MQTTSubscriber) throws {
        let config = try #require(JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any], "\(payload)")
        let stateTopic = try #require(config["state_topic"] as? String)
        let states = subscriber.messages.filter { $0.topic == stateTopic }.map(\.payload)
        #expect(!states.isEmpty, "nothing was published on the state topic \(stateTopic)")
        let template = try #require(config["value_template"] as? String)
        let key = try #require(template.firstMatch(of: /value_json\.([a-z_]+)/).map { String($0.1) }, "\(template)")
        for state in states {
            let object = try #require(JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
            switch key {
            case "activity": #expect(object[key] is String, "\(state)")
            case "confidence": #expect((object[key] as? Double).map { (0...1).contains($0) } == true, "\(state)")
            default: Issue.record("a value template reads \(key), which the tests do not know")
            }
        }
        if let attributes = config["json_attributes_topic"] as? String { #expect(attributes == stateTopic) }
        let availability = try #require(config["availability_topic"] as? String)
        #expect(withoutRedeliveries(subscriber.messages.filter { $0.topic == availability }.map(\.payload)) == ["online", "offline"])
    }

    @Test("--live killed with SIGKILL: the broker publishes the offline will; device motion at --mqtt-motion-rate is the format's JSON")
    func lastWill() throws {
        let broker = try MQTTBroker()
        let subscriber = try MQTTSubscriber(broker)
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--sensor-rate", "50", "--json", "--mqtt", broker.url, "--mqtt-motion-rate", "5"])
        #expect(pollUntil { subscriber.messages(on: "/adxl345/motion").count >= 3 }, "\(classify.errorSoFar)")
        #expect(subscriber.messages(on: "/adxl345/status") == ["online"])
        let motion = try #require(subscriber.messages(on: "/adxl345/motion").first)
        let object = try #require(JSONSerialization.jsonObject(with: Data(motion.utf8)) as? [String: Any])
        #expect(Set(object.keys).isSuperset(of: ["timestamp", "gravity", "user_acceleration", "rotation_rate", "attitude"]), "\(motion)")
        // Its threads have all run by now, each named at its start: the reader, the stream's tasks, the network.
        let threads = classify.threadNames
        #expect(["iio:device10", "stream", "mqtt"].allSatisfy(threads.contains), "\(threads)")
        classify.send(SIGKILL)
        _ = classify.wait()
        #expect(pollUntil { subscriber.messages(on: "/adxl345/status") == ["online", "offline"] }, "\(broker.log)")
    }

    @Test("--live --mqtt-predictions: a broker restart mid-stream loses no window and no activity change; the outage's arrive after it")
    func brokerRestart() throws {
        let broker = try MQTTBroker()
        let subscriber = try MQTTSubscriber(broker)
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--sensor-rate", "50", "--json", "--mqtt", broker.url, "--mqtt-predictions"])
        let lines = { classify.outputSoFar.split(separator: "\n").count }
        #expect(pollUntil { subscriber.messages(on: "/adxl345/prediction").count >= 2 }, "\(classify.errorSoFar)")
        broker.stop()
        #expect(pollUntil { classify.errorSoFar.contains("lost the MQTT broker") }, "\(classify.errorSoFar)")
        let linesAtOutage = lines()
        #expect(pollUntil { lines() >= linesAtOutage + 2 })
        try broker.start()
        #expect(pollUntil { classify.errorSoFar.contains("reconnected to the MQTT broker \(broker.url)") }, "\(classify.errorSoFar)")
        let linesAfter = lines()
        #expect(pollUntil { lines() >= linesAfter + 1 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let printed = result.output.split(separator: "\n").map(String.init)
        #expect(pollUntil { withoutRedeliveries(subscriber.messages(on: "/adxl345/prediction")).count >= printed.count })
        #expect(withoutRedeliveries(subscriber.messages(on: "/adxl345/prediction")) == printed, "\(result.standardError)")
        let changed = try changes(result.output)
        #expect(!changed.isEmpty)
        #expect(pollUntil { withoutRedeliveries(subscriber.messages(on: "/adxl345/activity")).count >= changed.count })
        #expect(withoutRedeliveries(subscriber.messages(on: "/adxl345/activity")) == changed, "\(result.standardError)")
        #expect(!result.standardError.contains("dropped"))
    }

    @Test("an outage longer than --mqtt-queue: the oldest windows are dropped, counted in the log, the newest arrive")
    func queueOverflow() throws {
        let broker = try MQTTBroker()
        let subscriber = try MQTTSubscriber(broker)
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--sensor-rate", "50", "--json", "--mqtt", broker.url, "--mqtt-predictions", "--mqtt-queue", "1"])
        let lines = { classify.outputSoFar.split(separator: "\n").count }
        #expect(pollUntil { subscriber.messages(on: "/adxl345/prediction").count >= 1 }, "\(classify.errorSoFar)")
        broker.stop()
        #expect(pollUntil { classify.errorSoFar.contains("lost the MQTT broker") })
        let linesAtOutage = lines()
        #expect(pollUntil { lines() >= linesAtOutage + 3 })
        #expect(classify.errorSoFar.contains("the MQTT queue is full (1 messages): dropping the oldest"))
        try broker.start()
        #expect(pollUntil { classify.errorSoFar.contains("queued messages were dropped while it was unreachable") })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let printed = result.output.split(separator: "\n").map(String.init)
        let dropped = try #require(
            result.standardError.firstMatch(of: /; (\d+) queued messages were dropped/).flatMap { Int($0.1) }, "\(result.standardError)")
        #expect(dropped >= 2)
        #expect(pollUntil { withoutRedeliveries(subscriber.messages(on: "/adxl345/prediction")).count >= printed.count - dropped })
        let received = withoutRedeliveries(subscriber.messages(on: "/adxl345/prediction"))
        #expect(received.count == printed.count - dropped)
        // What is missing is a run of the outage's oldest: every received window was printed, in order.
        #expect(received.allSatisfy(printed.contains) && received == printed.filter(received.contains))
        #expect(received.last == printed.last)
    }

    @Test("credentials from the environment reach a broker with a password file; without them it refuses, and the run says so (status 17)")
    func credentialsFromEnvironment() throws {
        let broker = try MQTTBroker(users: ["sensor": "s3cret"])
        let run = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--mqtt", broker.url],
            environment: ["IMU_BRIDGE_MQTT_USERNAME": "sensor", "IMU_BRIDGE_MQTT_PASSWORD": "s3cret", "XDG_CONFIG_HOME": "/nonexistent"])
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        #expect(broker.log.contains("as imu-bridge-"), "\(broker.log)")
        let refused = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--mqtt", broker.url], environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(refused.status == ExitStatus.brokerUnreachable.rawValue, "\(refused.standardError)")
        #expect(refused.standardError.contains("refused the connection: Connection Refused: not authorised."), "\(refused.standardError)")
        #expect(refused.standardError.contains("could not be delivered to the MQTT broker \(broker.url)"))
    }

    @Test("the credentials file: used with mode 600, refused with status 12 when others may read it")
    func credentialsFile() throws {
        let broker = try MQTTBroker(users: ["sensor": "s3cret"])
        let file = broker.directory.appendingPathComponent("mqtt.conf")
        try "username = sensor\npassword = s3cret\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let run = try runOutsidePreload("imu-classify", ["--replay", recording, "--mqtt", broker.url, "--mqtt-config", file.path])
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let exposed = try runOutsidePreload("imu-classify", ["--replay", recording, "--mqtt", broker.url, "--mqtt-config", file.path])
        #expect(exposed.status == ExitStatus.badInput.rawValue)
        #expect(exposed.standardError.contains("may be read by other users (mode 644)") && exposed.standardError.contains("chmod 600"))
    }

    @Test("an unreachable broker: the run retries, prints its output, then ends with status 17 naming the broker")
    func unreachableBroker() throws {
        let port = try MQTTBroker.freeLoopbackPort()
        let run = try runOutsidePreload("imu-classify", ["--replay", recording, "--mqtt", "mqtt://127.0.0.1:\(port)"])
        #expect(run.status == ExitStatus.brokerUnreachable.rawValue, "\(run.standardError)")
        #expect(!run.standardOutput.isEmpty)
        #expect(run.standardError.contains("MQTT broker mqtt://127.0.0.1:\(port) unreachable: Connection refused; retrying"))
        #expect(run.standardError.contains("could not be delivered to the MQTT broker mqtt://127.0.0.1:\(port)"))
    }

    @Test("usage errors (64): malformed URLs, credentials in the URL, --mqtt-* ranges, --mqtt-* without --mqtt")
    func usageErrors() throws {
        let cases: [([String], String)] = [
            (["--mqtt", "tcp://broker"], "is not a broker URL (the scheme is not mqtt or mqtts)"),
            (["--mqtt", "mqtt://broker:70000"], "the port is not 1...65535"),
            (["--mqtt", "mqtt://user:pw@broker"], "must not carry a user name or password"),
            (["--mqtt", "mqtt://broker", "--mqtt-motion-rate", "1000"], "--mqtt-motion-rate 1000 is outside 0.1...100 Hz"),
            (["--mqtt", "mqtt://broker", "--mqtt-queue", "0"], "--mqtt-queue 0 is outside 1...100000 messages"),
            (["--mqtt", "mqtt://broker", "--mqtt-prefix", "a/#"], #"--mqtt-prefix "a/#" is refused"#),
            (["--mqtt-predictions"], "the --mqtt-* options only apply with --mqtt URL"),
        ]
        for (arguments, message) in cases {
            let run = try runOutsidePreload("imu-classify", ["--replay", recording] + arguments)
            #expect(run.status == ExitStatus.usage.rawValue, "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
            #expect(!run.standardError.contains("pw@"), "the refusal must not echo the password")
        }
    }
}

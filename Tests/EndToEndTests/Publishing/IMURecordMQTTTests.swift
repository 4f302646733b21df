import Foundation
import IIOTestbed
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `imu-record --mqtt` against a real Mosquitto broker on loopback, on the polled ADXL345 fixture: the recording is
/// announced under `<prefix>/<host>/<imu>/recording/`, its device motion is the recording's own, its summary the
/// `--json` line, and a broker that is not there costs the exit status, never the recording.
@Suite("imu-record --mqtt", .serialized, .enabled(if: canRunCLIs && canRunBroker, brokerMessage))
struct IMURecordMQTTTests {
    @Test("online while recording, device motion at --mqtt-motion-rate from motion.csv, the --json summary at the end, then offline")
    func publishesRecording() throws {
        let broker = try MQTTBroker()
        let subscriber = try MQTTSubscriber(broker)
        let setup = try RecorderSetup()
        let recorder = try setup.launch(tag: "walking", ["--json", "--mqtt", broker.url, "--mqtt-motion-rate", "5"])
        #expect(pollUntil { subscriber.messages(on: "/adxl345/recording/motion").count >= 3 }, "\(recorder.errorSoFar)")
        #expect(subscriber.messages(on: "/adxl345/recording/status") == ["online"])
        let result = recorder.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let summary = try #require(result.output.split(separator: "\n").last.map(String.init))
        #expect(pollUntil { subscriber.messages(on: "/adxl345/recording/status").last == "offline" })
        #expect(subscriber.messages(on: "/adxl345/recording/summary") == [summary])
        #expect(withoutRedeliveries(subscriber.messages(on: "/adxl345/recording/status")) == ["online", "offline"])
        // imu-classify's topics stay its own.
        #expect(subscriber.messages(on: "/adxl345/status").isEmpty && subscriber.messages(on: "/adxl345/motion").isEmpty)
        #expect(broker.log.contains("as imu-bridge-") && broker.log.contains("-adxl345-record"), "\(broker.log)")

        let recorded = try setup.readRecording().motion.map(\.timestamp)
        let published = try subscriber.messages(on: "/adxl345/recording/motion").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys).isSuperset(of: ["timestamp", "gravity", "user_acceleration", "attitude"]), "\(line)")
            return try #require(object["timestamp"] as? Double)
        }
        #expect(published == published.sorted())
        #expect(published.allSatisfy { time in recorded.contains { abs($0 - time) < 1e-6 } }, "\(published)")
        let steps = zip(published.dropFirst(), published).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 > 0.16 }, "about 5 Hz, never a run of samples: \(steps)")
    }

    @Test("an unreachable broker: the recording is complete and its summary printed, then status 17 naming the broker")
    func unreachableBroker() throws {
        let port = try MQTTBroker.freeLoopbackPort()
        let setup = try RecorderSetup()
        let result = try setup.launch(tag: "sitting", ["--duration", "1", "--json", "--mqtt", "mqtt://127.0.0.1:\(port)"]).wait()
        #expect(result.status == ExitStatus.brokerUnreachable.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("could not be delivered to the MQTT broker mqtt://127.0.0.1:\(port)"))
        let summary = try #require(try jsonLines(result.output).last)
        #expect(summary["tag"] as? String == "sitting")
        #expect(try setup.readRecording().isComplete)
    }

    @Test("imu-classify's own MQTT flags are not imu-record's: usage error 64")
    func classifierFlagsRefused() throws {
        let setup = try RecorderSetup()
        for flag in ["--mqtt-predictions", "--mqtt-home-assistant"] {
            let result = try setup.launch(tag: "walking", ["--duration", "0.1", "--mqtt", "mqtt://127.0.0.1:1", flag]).wait()
            #expect(result.status == ExitStatus.usage.rawValue, "\(flag): \(result.standardError)")
        }
    }
}

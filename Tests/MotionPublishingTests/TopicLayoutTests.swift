import Testing

@testable import MotionPublishing

/// Topics `<prefix>/<host>/<imu>/...`, levels cleaned, prefixes checked; throttled device motion.
@Suite("TopicLayout and MotionThrottle")
struct TopicLayoutTests {
    @Test("the documented topics; wildcards and slashes in host or IMU names become _")
    func topics() throws {
        let topics = try TopicLayout(host: "pi-4", imu: "lsm6dso/accel #1")
        #expect(topics.activity == "imu-bridge/pi-4/lsm6dso_accel__1/activity")
        #expect(topics.status == "imu-bridge/pi-4/lsm6dso_accel__1/status")
        #expect(try TopicLayout(prefix: "site/hall", host: "h", imu: "i").motion == "site/hall/h/i/motion")
        #expect(topics.clientID == "imu-bridge-pi-4-lsm6dso_accel__1")
        for prefix in ["", "a/+", "#", "a//b", "/a", "a/", String(repeating: "x", count: 257)] {
            #expect(throws: MQTTError.self, "\(prefix)") { try TopicLayout(prefix: prefix, host: "h", imu: "i") }
        }
    }

    @Test("Home Assistant discovery: two retained sensor configs naming the state and availability topics")
    func discovery() throws {
        let topics = try TopicLayout(host: "pi", imu: "bmi270")
        let messages = try HomeAssistantDiscovery.messages(for: topics)
        #expect(
            messages.map(\.topic) == [
                "homeassistant/sensor/imu-bridge_pi_bmi270/activity/config", "homeassistant/sensor/imu-bridge_pi_bmi270/confidence/config",
            ])
        #expect(messages.allSatisfy { $0.retain && $0.qos == 1 })
        #expect(messages[0].payload.contains(#""state_topic":"imu-bridge/pi/bmi270/activity""#))
        #expect(messages[0].payload.contains(#""availability_topic":"imu-bridge/pi/bmi270/status""#))
    }

    @Test("the throttle averages the asked rate over 25 Hz samples and restarts after a gap")
    func throttle() {
        var throttle = MotionThrottle(rate: 10)
        let passed = (0..<250).map { Double($0) / 25 }.filter { throttle.admits($0) }
        #expect(passed.count == 100)
        #expect(throttle.admits(100) && !throttle.admits(100.04) && throttle.admits(100.1))
    }
}

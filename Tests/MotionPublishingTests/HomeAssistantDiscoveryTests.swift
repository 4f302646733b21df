import Testing

@testable import MotionPublishing

/// Home Assistant MQTT discovery: the retained sensor configs and the topics they name.
@Suite("HomeAssistantDiscovery")
struct HomeAssistantDiscoveryTests {
    @Test("two retained sensor configs naming the state and availability topics")
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
}

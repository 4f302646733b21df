import DeviceMotionKit
import MotionPublishing
import MotionSamples

/// Publishes what imu-record records to an MQTT broker (docs/formats.md, "MQTT"), under
/// `<prefix>/<host>/<imu>/recording/`: with `--mqtt-motion-rate` the recorded device motion (QoS 0, the `imu-motion
/// --json` lines), at the end the `--json` summary (QoS 1, retained); the publisher itself says `online` and
/// `offline` on the status topic, so a fleet sees which boards are recording.
struct RecordingPublisher: Sendable {
    /// The client.
    let publisher: MQTTPublisher
    /// The device-motion rate, in Hz; nil publishes none.
    let motionRate: Double?

    private var topics: TopicLayout { publisher.configuration.topics }

    /// A throttle at the device-motion rate; nil without one.
    func makeThrottle() -> MotionThrottle? { motionRate.map(MotionThrottle.init(rate:)) }

    /// Publishes the rows of `motions` that `throttle` lets through on the motion topic.
    func publish(_ motions: [DeviceMotion], throttle: inout MotionThrottle?) throws {
        for motion in motions where throttle?.admits(motion.timestamp) == true {
            publisher.publish(MQTTMessage(topic: topics.motion, payload: try JSONLine.encode(motion), qos: 0, retain: false))
        }
    }

    /// Publishes the `--json` line of `summary` on the summary topic.
    func publish(_ summary: RecordingSummary) throws {
        publisher.publish(MQTTMessage(topic: topics.summary, payload: try summary.json(), qos: 1, retain: true))
    }
}

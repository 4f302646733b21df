import ActivityKit
import CommandLineSupport
import DeviceMotionKit
import FoundationEssentials
import Logging
import MotionPublishing
import MotionSamples

/// Publishes what imu-classify prints to an MQTT broker (docs/formats.md, "MQTT"): every activity change (QoS 1,
/// retained), with `--mqtt-predictions` every window (QoS 1), with `--mqtt-motion-rate` device motion (QoS 0); the
/// payloads are the `--json` lines.
struct ClassificationPublisher: Sendable {
    /// The client.
    let publisher: MQTTPublisher
    /// Whether every window is published, not only changes.
    let predictions: Bool
    /// The device-motion rate, in Hz; nil publishes none.
    let motionRate: Double?

    private var topics: TopicLayout { publisher.configuration.topics }

    /// Publishes `update`: on the activity topic if the activity changed, on the prediction topic with
    /// `--mqtt-predictions`.
    func publish(_ update: ActivityTracker.Update) throws {
        guard update.changed || predictions else { return }
        let line = try PredictionPrinter.jsonLine(update)
        if update.changed { publisher.publish(MQTTMessage(topic: topics.activity, payload: line, qos: 1, retain: true)) }
        if predictions { publisher.publish(MQTTMessage(topic: topics.prediction, payload: line, qos: 1, retain: false)) }
    }

    /// Publishes `motion` on the motion topic if `throttle` lets it through.
    func publish(_ motion: DeviceMotion, throttle: inout MotionThrottle?) throws {
        guard throttle?.admits(motion.timestamp) == true else { return }
        publisher.publish(MQTTMessage(topic: topics.motion, payload: try JSONLine.encode(motion), qos: 0, retain: false))
    }

    /// Runs `body` with a started publisher for `imu` (nil without `--mqtt`), then waits for the queue to drain and
    /// disconnects; a normal end with messages still undelivered throws ``MQTTError/undelivered(count:broker:)``.
    static func run<Result: Sendable>(
        _ options: MQTTOptions, _ classifier: MQTTClassifierOptions, imu: String, logger: Logger,
        _ body: (ClassificationPublisher?) async throws -> Result
    ) async throws -> Result {
        let configuration = try options.configuration(
            imu: imu, tool: .classify, homeAssistant: classifier.homeAssistant, environment: ProcessInfo.processInfo.environment)
        return try await MQTTPublisher.publishing(configuration, logger: logger) { publisher in
            try await body(
                publisher.map {
                    ClassificationPublisher(publisher: $0, predictions: classifier.predictions, motionRate: options.motionRate)
                })
        }
    }
}

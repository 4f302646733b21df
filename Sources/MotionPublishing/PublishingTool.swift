/// The tools that publish to MQTT, each under topics and a client id of its own (``TopicLayout``).
public enum PublishingTool: Sendable, Equatable {
    /// imu-classify: activity, predictions, device motion, status.
    case classify
    /// imu-record: device motion of the recording, the summary at its end, status; under a `recording` level.
    case record
}

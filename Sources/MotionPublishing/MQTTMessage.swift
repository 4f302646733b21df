/// One PUBLISH: a topic, a UTF-8 payload, its quality of service and whether the broker retains it.
public struct MQTTMessage: Sendable, Equatable {
    /// The topic name.
    public let topic: String
    /// The payload (a JSON line, or a status word).
    public let payload: String
    /// 0 (at most once) or 1 (at least once).
    public let qos: Int32
    /// Whether the broker keeps it as the topic's last value for new subscribers.
    public let retain: Bool

    /// A message for `topic`.
    public init(topic: String, payload: String, qos: Int32, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

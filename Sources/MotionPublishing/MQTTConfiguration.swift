/// Everything a ``MQTTPublisher`` needs: where, as whom, under which topics, and its limits.
public struct MQTTConfiguration: Sendable {
    /// The broker.
    public var broker: BrokerAddress
    /// The topics published.
    public var topics: TopicLayout
    /// User name, password and CA file.
    public var credentials: BrokerCredentials
    /// QoS 1 messages held while the broker is unreachable; the oldest is dropped (counted, logged) beyond.
    public var queueCapacity: Int
    /// Whether Home Assistant discovery configs are published on every connect.
    public var homeAssistant: Bool
    /// Seconds between PINGREQs when idle; the broker publishes the will 1.5 keep-alives after a silent death.
    public var keepAlive: Int32 = 30
    /// QoS 1 messages handed to libmosquitto and not yet acknowledged (`mosquitto_max_inflight_messages_set`).
    public var maximumInFlight = 20
    /// The first reconnect delay, in seconds; it doubles after each failed attempt up to ``maximumReconnectDelay``.
    public var initialReconnectDelay = 1.0
    /// The longest reconnect delay, in seconds.
    public var maximumReconnectDelay = 60.0
    /// Seconds ``MQTTPublisher/finish()`` waits for queued messages to reach the broker.
    public var flushTimeout = 5.0

    /// The queue bound when none is given: at one activity change per 2 s hop (the bundled model's, the worst
    /// case) about 2 h 16 min of outage, and half that with every window's prediction published too.
    public static let defaultQueueCapacity = 4096
    /// The largest queue accepted (about 40 MB of JSON lines at the worst).
    public static let queueCapacityRange = 1...100_000

    /// A configuration with the default limits.
    public init(
        broker: BrokerAddress, topics: TopicLayout, credentials: BrokerCredentials = BrokerCredentials(),
        queueCapacity: Int = Self.defaultQueueCapacity, homeAssistant: Bool = false
    ) {
        self.broker = broker
        self.topics = topics
        self.credentials = credentials
        self.queueCapacity = queueCapacity
        self.homeAssistant = homeAssistant
    }
}

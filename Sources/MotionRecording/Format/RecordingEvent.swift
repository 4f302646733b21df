/// Something that happened during a recording besides samples: a gap, a sensor unplugged or back.
public struct RecordingEvent: Hashable, Sendable {
    /// What kind of event it is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// No samples arrived for `duration` seconds starting at `timestamp`.
        case gap
        /// The sensor disappeared (unplugged, driver unbound).
        case sensorRemoved = "sensor_removed"
        /// The sensor came back after being removed.
        case sensorReattached = "sensor_reattached"
    }

    /// Monotonic time of the event, in seconds.
    public var timestamp: Double
    /// What happened.
    public var kind: Kind
    /// How long the event lasted in seconds (for gaps), or `nil`.
    public var duration: Double?
    /// Free text for people, e.g. the device name; may be empty.
    public var detail: String

    /// Creates an event.
    public init(timestamp: Double, kind: Kind, duration: Double? = nil, detail: String = "") {
        self.timestamp = timestamp
        self.kind = kind
        self.duration = duration
        self.detail = detail
    }
}

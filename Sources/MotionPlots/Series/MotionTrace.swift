/// What a recording picture shows of one session, gathered sample by sample in bounded memory: the extremes of every
/// motion quantity per pixel column, the tag and the predicted activities over time, and the session's events.
public struct MotionTrace: Sendable {
    /// The session's name (its file).
    public var title: String
    /// A line under the title: tag, subject, device.
    public var subtitle: String
    /// Extremes of the five quantities' three components each (``MotionQuantity`` order).
    public private(set) var envelope: MinMaxEnvelope
    /// The session's tags over time.
    public private(set) var tags: LabelTimeline?
    /// The predicted activities over time; nil when no model classified the session.
    public private(set) var predictions: LabelTimeline?
    /// Moments marked on every panel (gaps, sensor removed), at most ``maximumMarkers``.
    public private(set) var markers: [(time: Double, text: String)] = []

    /// Most markers kept; later ones are dropped.
    public static let maximumMarkers = 200

    /// Creates an empty trace whose buckets fit `columns` pixel columns.
    public init(title: String, subtitle: String = "", columns: Int) {
        self.title = title
        self.subtitle = subtitle
        envelope = MinMaxEnvelope(channelCount: MotionQuantity.allCases.count * 3, capacity: columns)
    }

    /// Adds one sample: `values` holds the quantities' components in ``MotionQuantity`` order (15 numbers).
    public mutating func add(time: Double, values: [Double]) {
        envelope.add(time: time, values: values)
    }

    /// Records that `tag` held from `from` to `to` seconds.
    public mutating func tag(_ tag: String, from: Double, to: Double) {
        if tags == nil { tags = LabelTimeline(start: envelope.start ?? from, capacity: envelope.capacity) }
        tags?.add(tag, from: from, to: to)
    }

    /// Records that the model predicted `activity` for `from` to `to` seconds.
    public mutating func predicted(_ activity: String, from: Double, to: Double) {
        if predictions == nil { predictions = LabelTimeline(start: envelope.start ?? from, capacity: envelope.capacity) }
        predictions?.add(activity, from: max(from, envelope.start ?? from), to: to)
    }

    /// Marks a moment (an event of the recording) with a short text.
    public mutating func mark(_ text: String, at time: Double) {
        guard markers.count < Self.maximumMarkers, time.isFinite else { return }
        markers.append((time, text))
    }
}

/// The quantities a recording picture draws, one panel each, in CoreMotion's names and units.
public enum MotionQuantity: Int, CaseIterable, Sendable {
    /// Total acceleration the accelerometer measures (gravity plus user acceleration), in g.
    case acceleration
    /// Gravity in the device frame, in g.
    case gravity
    /// Acceleration the user gives the device, in g.
    case userAcceleration
    /// Bias-free rotation rate, in rad/s.
    case rotationRate
    /// Attitude as roll, pitch and yaw, in degrees.
    case attitude

    /// The panel's title.
    public var title: String {
        switch self {
        case .acceleration: "acceleration"
        case .gravity: "gravity"
        case .userAcceleration: "user acceleration"
        case .rotationRate: "rotation rate"
        case .attitude: "attitude"
        }
    }

    /// The unit of the panel's vertical axis.
    public var unit: String {
        switch self {
        case .acceleration, .gravity, .userAcceleration: "g"
        case .rotationRate: "rad/s"
        case .attitude: "degrees"
        }
    }

    /// The names of the three components.
    public var components: [String] { self == .attitude ? ["roll", "pitch", "yaw"] : ["x", "y", "z"] }
}

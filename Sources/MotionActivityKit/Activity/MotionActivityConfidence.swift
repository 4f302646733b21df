/// How sure an activity is, as CoreMotion's `CMMotionActivityConfidence`: the same cases and raw values (low 0,
/// medium 1, high 2; developer.apple.com/documentation/coremotion/cmmotionactivityconfidence).
public enum MotionActivityConfidence: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// `CMMotionActivityConfidenceLow`.
    case low = 0
    /// `CMMotionActivityConfidenceMedium`.
    case medium = 1
    /// `CMMotionActivityConfidenceHigh`.
    case high = 2

    /// The name used in the history and in JSON: `low`, `medium` or `high`.
    public var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// The confidence named `name` (``description``), or nil for any other text.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = match
    }

    /// One level higher, up to `high`.
    public var raised: MotionActivityConfidence { Self(rawValue: min(rawValue + 1, Self.high.rawValue)) ?? .high }

    /// One level lower, down to `low`.
    public var lowered: MotionActivityConfidence { Self(rawValue: max(rawValue - 1, Self.low.rawValue)) ?? .low }

    /// Orders low < medium < high.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

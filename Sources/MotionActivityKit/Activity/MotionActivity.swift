import ActivityKit

/// One motion activity, shaped like CoreMotion's `CMMotionActivity`: a kind (read through CoreMotion's flags), how
/// sure it is, and when it started.
///
/// CoreMotion may set several flags at once (automotive and stationary at a red light;
/// developer.apple.com/documentation/coremotion/cmmotionactivity); the classifier names one activity per window, so
/// exactly one flag is set here, `unknown` when no kind is probable enough.
public struct MotionActivity: Sendable, Hashable {
    /// The CoreMotion kind.
    public let kind: CoreMotionActivity
    /// The classifier's label behind the kind (`sitting`, `upstairs`...), or `unknown`.
    public let label: String
    /// How sure the kind is.
    public let confidence: MotionActivityConfidence
    /// When the activity started, in the stream's seconds (`CMMotionActivity.startDate`).
    public let startDate: Double

    /// Creates an activity.
    public init(kind: CoreMotionActivity, label: String, confidence: MotionActivityConfidence, startDate: Double) {
        self.kind = kind
        self.label = label
        self.confidence = confidence
        self.startDate = startDate
    }

    /// `CMMotionActivity.stationary`.
    public var stationary: Bool { kind == .stationary }
    /// `CMMotionActivity.walking`.
    public var walking: Bool { kind == .walking }
    /// `CMMotionActivity.running`.
    public var running: Bool { kind == .running }
    /// `CMMotionActivity.automotive`.
    public var automotive: Bool { kind == .automotive }
    /// `CMMotionActivity.cycling`.
    public var cycling: Bool { kind == .cycling }
    /// `CMMotionActivity.unknown`.
    public var unknown: Bool { kind == .unknown }

    /// Whether `other` says the same thing (kind, label, confidence), whatever its start.
    public func saysTheSame(as other: MotionActivity) -> Bool {
        kind == other.kind && label == other.label && confidence == other.confidence
    }
}

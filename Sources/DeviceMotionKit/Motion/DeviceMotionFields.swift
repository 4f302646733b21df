/// Which parts of a ``DeviceMotion`` carry real information on a given source.
///
/// With a gyroscope, all of them. Accelerometer-only sources give gravity, user acceleration and the
/// inclination part of the attitude (roll and pitch); yaw is reported as zero and rotation rate as zero, and
/// neither means anything.
public struct DeviceMotionFields: OptionSet, Hashable, Sendable {
    /// The bitmask value.
    public let rawValue: Int

    /// Creates a field set from its bitmask.
    @inlinable
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `gravity` is estimated.
    public static let gravity = DeviceMotionFields(rawValue: 1 << 0)
    /// `userAcceleration` is estimated (raw acceleration minus gravity).
    public static let userAcceleration = DeviceMotionFields(rawValue: 1 << 1)
    /// The attitude's roll and pitch (its inclination) are estimated.
    public static let inclination = DeviceMotionFields(rawValue: 1 << 2)
    /// The attitude's yaw is tracked (relative to its value at start, drifting slowly).
    public static let yaw = DeviceMotionFields(rawValue: 1 << 3)
    /// `rotationRate` is measured and bias-corrected.
    public static let rotationRate = DeviceMotionFields(rawValue: 1 << 4)

    /// What an accelerometer-only source provides.
    public static let accelerometerOnly: DeviceMotionFields = [.gravity, .userAcceleration, .inclination]
    /// What a source with accelerometer and gyroscope provides.
    public static let all: DeviceMotionFields = [.gravity, .userAcceleration, .inclination, .yaw, .rotationRate]
}

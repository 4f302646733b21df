/// The reference frames an attitude can be expressed in, a bitmask like CoreMotion's `CMAttitudeReferenceFrame`.
///
/// Without a magnetometer only ``xArbitraryZVertical`` is available; ``MotionManager`` reports the others as
/// unavailable and refuses to start with them.
public struct AttitudeReferenceFrame: OptionSet, Hashable, Sendable {
    /// The bitmask value (1, 2, 4, 8 as in CoreMotion).
    public let rawValue: Int

    /// Creates a frame set from its bitmask.
    @inlinable
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Z vertical (up), x an arbitrary horizontal direction fixed when updates start; needs no magnetometer.
    public static let xArbitraryZVertical = AttitudeReferenceFrame(rawValue: 1)
    /// As ``xArbitraryZVertical`` with the magnetometer correcting yaw drift (not available here).
    public static let xArbitraryCorrectedZVertical = AttitudeReferenceFrame(rawValue: 2)
    /// Z vertical, x towards magnetic north (not available here).
    public static let xMagneticNorthZVertical = AttitudeReferenceFrame(rawValue: 4)
    /// Z vertical, x towards true north (not available here).
    public static let xTrueNorthZVertical = AttitudeReferenceFrame(rawValue: 8)
}

/// The reference frames an attitude can be expressed in, a bitmask like CoreMotion's `CMAttitudeReferenceFrame`.
///
/// All have z up (against gravity). Only ``xArbitraryZVertical`` works without a magnetometer; the others need a
/// gyroscope and magnetometer readings (``DeviceMotionPipeline/append(magnetometer:)``, or a live IMU's readings of
/// kind `.magnetometer`), and ``MotionManager`` offers them only when its source has both
/// (``MotionManager/availableAttitudeReferenceFrames()``), refusing to start in them otherwise. The north frames are
/// north-west-up.
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
    /// As ``xArbitraryZVertical`` (x where the device's pointed when the first magnetometer reading arrived) with the
    /// magnetometer correcting yaw drift.
    public static let xArbitraryCorrectedZVertical = AttitudeReferenceFrame(rawValue: 2)
    /// Z vertical, x towards magnetic north.
    public static let xMagneticNorthZVertical = AttitudeReferenceFrame(rawValue: 4)
    /// Z vertical, x towards true north: magnetic north turned by the declination given (in degrees east, from
    /// ``WorldMagneticModel`` or any other source; Linux has no location service to find it).
    public static let xTrueNorthZVertical = AttitudeReferenceFrame(rawValue: 8)

    /// The four frames, in raw-value order.
    public static let all: [AttitudeReferenceFrame] = [
        .xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical, .xTrueNorthZVertical,
    ]

    /// Whether the frame needs magnetometer readings.
    public var needsMagnetometer: Bool { self != .xArbitraryZVertical }

    /// Whether the frame's x axis points north (magnetic or true), so that a heading is defined.
    public var pointsNorth: Bool { self == .xMagneticNorthZVertical || self == .xTrueNorthZVertical }

    /// The frame's name in kebab case, as `imu-motion --reference-frame` takes it (`x-magnetic-north-z-vertical`);
    /// `nil` for a set that is not exactly one frame.
    public var name: String? {
        switch self {
        case .xArbitraryZVertical: "x-arbitrary-z-vertical"
        case .xArbitraryCorrectedZVertical: "x-arbitrary-corrected-z-vertical"
        case .xMagneticNorthZVertical: "x-magnetic-north-z-vertical"
        case .xTrueNorthZVertical: "x-true-north-z-vertical"
        default: nil
        }
    }

    /// The frame named `name` in kebab case (``name``) or as CoreMotion spells it (`xMagneticNorthZVertical`).
    public init?(name: String) {
        guard
            let frame = Self.all.first(where: { $0.name == name || $0.coreMotionName == name })
        else { return nil }
        self = frame
    }

    /// CoreMotion's name of the frame (`xMagneticNorthZVertical`); `nil` for a set that is not exactly one frame.
    public var coreMotionName: String? {
        switch self {
        case .xArbitraryZVertical: "xArbitraryZVertical"
        case .xArbitraryCorrectedZVertical: "xArbitraryCorrectedZVertical"
        case .xMagneticNorthZVertical: "xMagneticNorthZVertical"
        case .xTrueNorthZVertical: "xTrueNorthZVertical"
        default: nil
        }
    }
}

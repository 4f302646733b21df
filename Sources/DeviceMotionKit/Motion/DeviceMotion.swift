import MotionSamples

/// One fused motion estimate, shaped and signed like CoreMotion's `CMDeviceMotion`.
///
/// `gravity + userAcceleration` equals the raw acceleration; lying face up at rest,
/// `gravity == (0, 0, -1)` g. Rotation rate is bias-corrected, in rad/s.
public struct DeviceMotion: Hashable, Sendable {
    /// Monotonic time of the estimate, in seconds.
    public var timestamp: Double
    /// Orientation of the device in the pipeline's reference frame (``AttitudeReferenceFrame``, by default
    /// `xArbitraryZVertical`).
    public var attitude: Attitude
    /// Bias-corrected rotation rate in rad/s.
    public var rotationRate: Vector3
    /// Gravity in the device frame, in g (unit length).
    public var gravity: Vector3
    /// Acceleration the user imparts to the device, in g (raw acceleration minus gravity).
    public var userAcceleration: Vector3
    /// Heading in degrees, 0..<360, clockwise seen from above, from the reference frame's north to the device's
    /// x axis (0 when the attitude's yaw is 0); only in the north frames once a magnetometer reading arrived, `nil`
    /// otherwise (where CoreMotion reports a negative value).
    public var heading: Double?
    /// The magnetometer's field in the device frame with its calibration accuracy; `nil` without a magnetometer (or
    /// in `xArbitraryZVertical`, which uses none), where CoreMotion reports an uncalibrated zero field.
    public var magneticField: CalibratedMagneticField?

    /// Creates a device-motion estimate.
    @inlinable
    public init(
        timestamp: Double, attitude: Attitude, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3,
        heading: Double? = nil, magneticField: CalibratedMagneticField? = nil
    ) {
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.heading = heading
        self.magneticField = magneticField
    }
}

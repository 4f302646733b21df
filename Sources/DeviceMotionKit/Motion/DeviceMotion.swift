import MotionSamples

/// One fused motion estimate, shaped and signed like CoreMotion's `CMDeviceMotion`.
///
/// `gravity + userAcceleration` equals the raw acceleration; lying face up at rest,
/// `gravity == (0, 0, -1)` g. Rotation rate is bias-corrected, in rad/s.
public struct DeviceMotion: Hashable, Sendable {
    /// Monotonic time of the estimate, in seconds.
    public var timestamp: Double
    /// Orientation of the device in the `xArbitraryZVertical` reference frame.
    public var attitude: Attitude
    /// Bias-corrected rotation rate in rad/s.
    public var rotationRate: Vector3
    /// Gravity in the device frame, in g (unit length).
    public var gravity: Vector3
    /// Acceleration the user imparts to the device, in g (raw acceleration minus gravity).
    public var userAcceleration: Vector3

    /// Creates a device-motion estimate.
    @inlinable
    public init(timestamp: Double, attitude: Attitude, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3) {
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
    }
}

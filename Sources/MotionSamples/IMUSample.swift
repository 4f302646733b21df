/// Accelerometer and gyroscope readings at one instant, in CoreMotion units and signs.
public struct IMUSample: Hashable, Sendable {
    /// Monotonic time, in seconds.
    public var timestamp: Double
    /// Raw acceleration (gravity + user acceleration) in g; (0, 0, -1) lying face up at rest.
    public var acceleration: Vector3
    /// Rotation rate in rad/s, or `nil` on a device without a gyroscope.
    public var rotationRate: Vector3?

    /// Creates a sample.
    @inlinable
    public init(timestamp: Double, acceleration: Vector3, rotationRate: Vector3?) {
        self.timestamp = timestamp
        self.acceleration = acceleration
        self.rotationRate = rotationRate
    }
}

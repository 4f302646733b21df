/// One magnetometer reading: the magnetic field in the device frame, in microtesla, CoreMotion axes.
public struct MagnetometerSample: Hashable, Sendable {
    /// Monotonic time, in seconds, on the same clock as the accelerometer and gyroscope readings.
    public var timestamp: Double
    /// The field in microtesla along the device's x, y and z axes (uncalibrated: hard and soft iron included).
    public var field: Vector3

    /// Creates a reading.
    @inlinable
    public init(timestamp: Double, field: Vector3) {
        self.timestamp = timestamp
        self.field = field
    }
}

/// Which sensor a reading comes from.
public enum SensorKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Accelerometer: values in g, CoreMotion signs (lying face up at rest reads (0, 0, -1)).
    case accelerometer
    /// Gyroscope: values in rad/s, right-hand rule about the device axes.
    case gyroscope
    /// Magnetometer: the magnetic field in microtesla, in the same device frame as the accelerometer and gyroscope
    /// (CoreMotion's `CMMagneticField`, uncalibrated: hard and soft iron included).
    case magnetometer
}

/// One timestamped reading of one sensor, already in CoreMotion units and signs.
///
/// Accelerometer readings are the raw acceleration CoreMotion reports (gravity + user
/// acceleration, in g; (0, 0, -1) lying face up at rest). Gyroscope readings are in rad/s, magnetometer readings
/// in microtesla.
/// Timestamps are monotonic seconds, like CoreMotion's `timestamp`.
public struct SensorSample: Hashable, Sendable {
    /// The sensor that produced the reading.
    public var sensor: SensorKind
    /// Monotonic time of the reading, in seconds.
    public var timestamp: Double
    /// The reading, in g (accelerometer), rad/s (gyroscope) or µT (magnetometer).
    public var value: Vector3

    /// Creates a reading.
    @inlinable
    public init(sensor: SensorKind, timestamp: Double, value: Vector3) {
        self.sensor = sensor
        self.timestamp = timestamp
        self.value = value
    }
}

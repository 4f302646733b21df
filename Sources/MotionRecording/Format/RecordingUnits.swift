/// Units and sign conventions of a recording's columns, stored so the files explain themselves.
public struct RecordingUnits: Codable, Hashable, Sendable {
    /// Unit and clock of every `timestamp` column.
    public var timestamp: String
    /// Unit and sign of `acceleration_*`, `gravity_*` and `user_acceleration_*`.
    public var acceleration: String
    /// Unit of `rotation_rate_*` (raw and bias-corrected).
    public var rotationRate: String
    /// Meaning of the `attitude_*` columns.
    public var attitude: String
    /// Unit and frame of `raw.csv`'s `magnetic_field_*` columns (format 3), `nil` without a magnetometer.
    public var magneticField: String?

    /// The units this library writes: CoreMotion's; the magnetometer's with `hasMagnetometer`.
    public init(hasMagnetometer: Bool = false) {
        timestamp = "s, monotonic clock"
        acceleration = "g (9.80665 m/s^2), CoreMotion sign: lying face up at rest reads (0, 0, -1)"
        rotationRate = "rad/s, right-hand rule about the device axes"
        attitude = "unit quaternion rotating device-frame vectors into the xArbitraryZVertical reference frame"
        magneticField =
            hasMagnetometer
            ? "µT (IIO Gauss x 100), the accelerometer's device frame after the mount matrix, uncalibrated" : nil
    }
}

import MotionSamples

/// A sample as imu-stream prints it: the aligned accelerometer and gyroscope sample, and the magnetometer's latest
/// reading when the IMU has one.
struct PrintedSample: Encodable {
    /// The aligned sample.
    let sample: IMUSample
    /// The magnetic field in µT, or `nil` without a magnetometer (or before its first reading).
    let magneticField: Vector3?

    /// Encodes the sample's keys and `magnetic_field`, left out when there is none.
    func encode(to encoder: any Encoder) throws {
        try sample.encode(to: encoder)
        var container = encoder.container(keyedBy: MotionField.self)
        try container.encodeIfPresent(magneticField, forKey: .magneticField)
    }
}

import MotionSamples

/// Device motion in the one vocabulary (``MotionField``): a JSON object with `timestamp`, `attitude`
/// (`{"w","x","y","z"}`), `gravity`, `user_acceleration` and `rotation_rate` (`{"x","y","z"}`), and, only when
/// present, `heading` (degrees) and `magnetic_field` (`{"x","y","z","accuracy"}`); and the values of a CSV row in
/// ``MotionField/deviceMotion`` (or ``MotionField/magneticDeviceMotion``) column order.
extension DeviceMotion: Encodable {
    /// The CSV header's columns, in order.
    public static let columns = MotionField.columns(MotionField.deviceMotion)
    /// The CSV header's columns with a magnetometer, in order: ``columns``, `heading`, `magnetic_field_x`, `_y`,
    /// `_z` and `magnetic_field_accuracy`.
    public static let magneticColumns = MotionField.columns(MotionField.magneticDeviceMotion)

    /// Encodes the estimate under ``MotionField`` names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MotionField.self)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(attitude.quaternion, forKey: .attitude)
        try container.encode(gravity, forKey: .gravity)
        try container.encode(userAcceleration, forKey: .userAcceleration)
        try container.encode(rotationRate, forKey: .rotationRate)
        try container.encodeIfPresent(heading, forKey: .heading)
        try container.encodeIfPresent(magneticField, forKey: .magneticField)
    }

    /// The values after the timestamp, in ``columns`` order (attitude w, x, y, z; then x, y, z of each vector).
    public var columnValues: [Double] {
        let q = attitude.quaternion
        return [
            q.w, q.x, q.y, q.z,
            gravity.x, gravity.y, gravity.z,
            userAcceleration.x, userAcceleration.y, userAcceleration.z,
            rotationRate.x, rotationRate.y, rotationRate.z,
        ]
    }
}

extension CalibratedMagneticField: Encodable {
    /// The keys of the field's JSON object.
    private enum CodingKeys: String, CodingKey {
        case x, y, z, accuracy
    }

    /// Encodes `{"x","y","z","accuracy"}`, the accuracy by name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field.x, forKey: .x)
        try container.encode(field.y, forKey: .y)
        try container.encode(field.z, forKey: .z)
        try container.encode(accuracy, forKey: .accuracy)
    }
}

import MotionSamples

/// Device motion in the one vocabulary (``MotionField``): a JSON object with `timestamp`, `attitude`
/// (`{"w","x","y","z"}`), `gravity`, `user_acceleration` and `rotation_rate` (`{"x","y","z"}`), and the values of a
/// CSV row in ``MotionField/deviceMotion`` column order.
extension DeviceMotion: Encodable {
    /// The CSV header's columns, in order.
    public static let columns = MotionField.columns(MotionField.deviceMotion)

    /// Encodes the estimate under ``MotionField`` names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MotionField.self)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(attitude.quaternion, forKey: .attitude)
        try container.encode(gravity, forKey: .gravity)
        try container.encode(userAcceleration, forKey: .userAcceleration)
        try container.encode(rotationRate, forKey: .rotationRate)
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

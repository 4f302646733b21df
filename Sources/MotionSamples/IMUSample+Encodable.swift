/// A sample as a JSON object in ``MotionField`` names: `timestamp`, `acceleration` and, with a gyroscope,
/// `rotation_rate`, vectors as `{"x","y","z"}` objects.
extension IMUSample: Encodable {
    /// Encodes the sample; a missing gyroscope leaves `rotation_rate` out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MotionField.self)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(acceleration, forKey: .acceleration)
        try container.encodeIfPresent(rotationRate, forKey: .rotationRate)
    }
}

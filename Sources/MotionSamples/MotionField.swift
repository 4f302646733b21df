/// The one vocabulary of motion data: the name of each field in every CSV header and JSON key the tools write.
///
/// The names are CoreMotion's (`CMAccelerometerData.acceleration`, `CMGyroData.rotationRate`, `CMDeviceMotion`'s
/// `attitude`, `gravity`, `userAcceleration`, `rotationRate`) in snake_case. In JSON a field is one key whose value
/// is an object of its components (`{"x":…,"y":…,"z":…}`, the attitude's quaternion `{"w":…,"x":…,"y":…,"z":…}`);
/// a CSV flattens it into one column per component, `<field>_<component>` (`user_acceleration_x`), so a CSV
/// column is its JSON path joined by underscores.
public enum MotionField: String, CaseIterable, CodingKey, Sendable {
    /// Monotonic seconds.
    case timestamp
    /// A raw accelerometer reading (gravity plus user acceleration), g.
    case acceleration
    /// A rotation rate: raw from the gyroscope in a sample, bias-corrected in device motion, rad/s.
    case rotationRate = "rotation_rate"
    /// The attitude's unit quaternion, device frame to the `xArbitraryZVertical` reference frame.
    case attitude
    /// Gravity in the device frame, g.
    case gravity
    /// Acceleration the user imparts to the device (raw acceleration minus gravity), g.
    case userAcceleration = "user_acceleration"
    /// A magnetometer reading (`CMMagnetometerData.magneticField`), µT, in the device frame.
    case magneticField = "magnetic_field"

    /// The fields of one sample of the accelerometer and gyroscope, in column order.
    public static let sample: [MotionField] = [.timestamp, .acceleration, .rotationRate]
    /// The fields of one device-motion estimate, in column order.
    public static let deviceMotion: [MotionField] = [.timestamp, .attitude, .gravity, .userAcceleration, .rotationRate]

    /// Names of the field's components, in column order: none for a scalar.
    public var components: [String] {
        switch self {
        case .timestamp: []
        case .attitude: ["w", "x", "y", "z"]
        case .acceleration, .rotationRate, .gravity, .userAcceleration, .magneticField: ["x", "y", "z"]
        }
    }

    /// The field's CSV columns: its name for a scalar, `<name>_<component>` for each component otherwise.
    public var columns: [String] {
        components.isEmpty ? [rawValue] : components.map { "\(rawValue)_\($0)" }
    }

    /// The CSV columns of `fields`, in order.
    public static func columns(_ fields: [MotionField]) -> [String] {
        fields.flatMap(\.columns)
    }
}

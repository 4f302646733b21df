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
    /// The attitude's unit quaternion, device frame to the reference frame (`xArbitraryZVertical` unless another
    /// is chosen).
    case attitude
    /// Gravity in the device frame, g.
    case gravity
    /// Acceleration the user imparts to the device (raw acceleration minus gravity), g.
    case userAcceleration = "user_acceleration"
    /// Heading in the north reference frames, degrees clockwise from north (empty in a CSV, absent in JSON, when
    /// there is none).
    case heading
    /// The magnetic field in the device frame, µT: a magnetometer reading as `{x, y, z}` (CoreMotion's
    /// `CMMagnetometerData.magneticField`), and in device motion with its calibration accuracy added (`uncalibrated`,
    /// `low`, `medium` or `high`, as `CMCalibratedMagneticField`).
    case magneticField = "magnetic_field"

    /// The fields of one sample of the accelerometer and gyroscope, in column order.
    public static let sample: [MotionField] = [.timestamp, .acceleration, .rotationRate]
    /// The fields of one device-motion estimate, in column order.
    public static let deviceMotion: [MotionField] = [.timestamp, .attitude, .gravity, .userAcceleration, .rotationRate]
    /// The fields of one device-motion estimate with a magnetometer (a reference frame other than
    /// `xArbitraryZVertical`), in column order.
    public static let magneticDeviceMotion: [MotionField] = deviceMotion + [.heading, .magneticField]

    /// Names of the field's components, in column order: none for a scalar.
    public var components: [String] {
        switch self {
        case .timestamp, .heading: []
        case .magneticField: ["x", "y", "z", "accuracy"]
        case .attitude: ["w", "x", "y", "z"]
        case .acceleration, .rotationRate, .gravity, .userAcceleration: ["x", "y", "z"]
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

import MotionSamples

/// systemd's hwdb `ACCEL_MOUNT_MATRIX` for one accelerometer, and the rotation imu-bridge applies for it.
///
/// The hwdb's entries are written for iio-sensor-proxy, which applies them to the scaled readings
/// and never negates: after the matrix the vector is already in the HID sign, CoreMotion's (upright
/// `y = -1 g`). imu-bridge keeps every orientation as a rotation in the kernel's sign, applied before
/// the accelerometer's sign (`s`: -1 for specific force, +1 for HID hubs). The hwdb requires x and y
/// to match the display's axes (users check them by screen rotation), so the rotation's rows are
/// `s · x`, `s · y` and their cross product; when the entry is already a proper signed rotation
/// (`H == s · R`), the accelerometer reads exactly `H · v / g`, as iio-sensor-proxy does.
public struct HWDBMountMatrix: Hashable, Sendable {
    /// The property's value as udev has it.
    public var text: String
    /// The proper rotation (determinant +1), in the kernel's sign, that imu-bridge applies.
    public var rotation: MountMatrix
    /// Whether the entry's z row contradicted its x and y rows and was replaced by the right-hand rule.
    public var completedZ: Bool

    /// The mount-matrix source an accelerometer's hwdb entry is listed as.
    public static let source = "hwdb ACCEL_MOUNT_MATRIX"
    /// The source listed when the entry's z row was completed by the right-hand rule.
    public static let completedSource = "hwdb ACCEL_MOUNT_MATRIX, z completed by the right-hand rule"
    /// The source listed for a gyroscope or hub magnetometer that takes its accelerometer's hwdb rotation.
    public static let gyroscopeSource = "from the accelerometer's hwdb ACCEL_MOUNT_MATRIX"

    /// Reads `text` for an accelerometer reporting in `sign`; x and y rows that are not orthonormal are an error.
    public init(parsing text: String, sign: AccelerationSign) throws(IIOSensorError) {
        let attribute = "udev property ACCEL_MOUNT_MATRIX"
        let written = try MountMatrix(parsing: text, attribute: attribute)
        let s: Double = sign == .specificForce ? -1 : 1
        let x = written.xRow * s
        let y = written.yRow * s
        let tolerance = 1e-6
        guard abs(x.dot(x) - 1) < tolerance, abs(y.dot(y) - 1) < tolerance, abs(x.dot(y)) < tolerance
        else {
            throw .malformedAttribute(
                attribute: attribute, value: text,
                expected:
                    "x and y rows of unit length and at right angles, like '0, -1, 0; -1, 0, 0; 0, 0, 1'")
        }
        let z = x.cross(y)
        self.text = text
        rotation = MountMatrix(xRow: x, yRow: y, zRow: z)
        completedZ = (written.zRow - z * s).norm > tolerance
    }
}

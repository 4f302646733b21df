import MotionSamples

/// The rotation that maps the sensor chip's axes onto the device's axes (IIO `mount_matrix`).
///
/// Rows are the device axes: `device.x = xRow · sensor`, and so on, exactly as the kernel prints
/// it (`"x1, y1, z1; x2, y2, z2; x3, y3, z3"`). A rotation in the kernel's sign: the accelerometer's
/// sign (`-v/g` for specific force) is applied after it. systemd's hwdb `ACCEL_MOUNT_MATRIX` has the
/// same notation but includes that sign; `HWDBMountMatrix` turns it into one of these.
///
/// A matrix is three rows of three numbers by construction (its rows are vectors), so applying one to each reading
/// touches no array.
public struct MountMatrix: Hashable, Sendable {
    /// The row giving the device's x axis (`device.x = xRow · sensor`).
    public let xRow: Vector3
    /// The row giving the device's y axis.
    public let yRow: Vector3
    /// The row giving the device's z axis.
    public let zRow: Vector3

    /// The identity: chip and device axes are aligned.
    public static let identity = MountMatrix(
        xRow: Vector3(x: 1, y: 0, z: 0), yRow: Vector3(x: 0, y: 1, z: 0), zRow: Vector3(x: 0, y: 0, z: 1))

    /// The matrix with these rows (a negative zero is stored as zero: adding zero turns it into one).
    init(xRow: Vector3, yRow: Vector3, zRow: Vector3) {
        self.xRow = xRow + .zero
        self.yRow = yRow + .zero
        self.zRow = zRow + .zero
    }

    /// The three rows of three numbers, as the kernel prints them.
    public var rows: [[Double]] { [xRow, yRow, zRow].map { [$0.x, $0.y, $0.z] } }

    /// Parses the kernel/hwdb notation; an empty string is the identity, an all-zero row is rejected.
    public init(parsing text: String, attribute: String = "mount_matrix") throws(IIOSensorError) {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty {
            self = .identity
            return
        }
        let malformed = IIOSensorError.malformedAttribute(
            attribute: attribute, value: text, expected: "three rows of three numbers, like '1, 0, 0; 0, 1, 0; 0, 0, 1'")
        let rows = trimmed.split(separator: ";").map { row in
            row.split(separator: ",").map { Double($0.trimmingWhitespace) }
        }
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { throw malformed }
        let values = rows.map { $0.compactMap { $0 } }
        guard values.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) && $0.contains { $0 != 0 } }) else {
            throw malformed
        }
        self.init(
            xRow: Vector3(x: values[0][0], y: values[0][1], z: values[0][2]),
            yRow: Vector3(x: values[1][0], y: values[1][1], z: values[1][2]),
            zRow: Vector3(x: values[2][0], y: values[2][1], z: values[2][2]))
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix to a sensor-frame vector, giving the device-frame vector.
    @inlinable
    public func apply(_ v: Vector3) -> Vector3 {
        Vector3(x: xRow.dot(v), y: yRow.dot(v), z: zRow.dot(v))
    }

    /// The matrix in the kernel's notation.
    public var description: String {
        rows.map { $0.map(\.compactDescription).joined(separator: ", ") }.joined(separator: "; ")
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension Double {
    /// `1` rather than `1.0` for whole numbers, for the kernel-style notation.
    var compactDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

import MotionSamples

/// The rotation that maps the sensor chip's axes onto the device's axes (IIO `mount_matrix`).
///
/// Rows are the device axes: `device.x = row0 · sensor`, and so on, exactly as the kernel prints
/// it (`"x1, y1, z1; x2, y2, z2; x3, y3, z3"`). A rotation in the kernel's sign: the accelerometer's
/// sign (`-v/g` for specific force) is applied after it. systemd's hwdb `ACCEL_MOUNT_MATRIX` has the
/// same notation but includes that sign; `HWDBMountMatrix` turns it into one of these.
///
/// Every matrix has three rows of three numbers: the initializers are the only way to make one (the kernel's text is
/// checked), so code that applies a matrix indexes it without checking.
public struct MountMatrix: Hashable, Sendable {
    /// The three rows of three numbers, each mapping the sensor vector onto one device axis.
    public let rows: [[Double]]

    /// The identity: chip and device axes are aligned.
    public static let identity = MountMatrix(uncheckedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    private init(uncheckedRows rows: [[Double]]) { self.rows = rows }

    /// The matrix with rows `rows`, three of them (a negative zero is stored as zero).
    init(rows: [Vector3]) {
        precondition(rows.count == 3, "a mount matrix has three rows, not \(rows.count)")
        self.rows = rows.map { [$0.x + 0, $0.y + 0, $0.z + 0] }
    }

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
        self.rows = values
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix to a sensor-frame vector, giving the device-frame vector.
    @inlinable
    public func apply(_ v: Vector3) -> Vector3 {
        Vector3(
            x: rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
            y: rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
            z: rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
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

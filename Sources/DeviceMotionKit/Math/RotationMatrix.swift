import MotionSamples

/// A 3×3 rotation matrix, row by row, named like CoreMotion's `CMRotationMatrix` (`m11` … `m33`).
public struct RotationMatrix: Hashable, Sendable {
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double

    /// Creates a matrix from its nine entries, row by row.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
    }

    /// The matrix of the rotation `q` (device frame into reference frame for an attitude quaternion).
    @inlinable
    public init(_ q: Quaternion) {
        let (w, x, y, z) = (q.w, q.x, q.y, q.z)
        self.init(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y - w * z), m13: 2 * (x * z + w * y),
            m21: 2 * (x * y + w * z), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z - w * x),
            m31: 2 * (x * z - w * y), m32: 2 * (y * z + w * x), m33: 1 - 2 * (x * x + y * y)
        )
    }

    /// The transpose, which is the inverse rotation.
    @inlinable
    public var transposed: RotationMatrix {
        RotationMatrix(m11: m11, m12: m21, m13: m31, m21: m12, m22: m22, m23: m32, m31: m13, m32: m23, m33: m33)
    }

    /// The matrix applied to `v`.
    @inlinable
    public static func * (matrix: RotationMatrix, v: Vector3) -> Vector3 {
        Vector3(
            x: matrix.m11 * v.x + matrix.m12 * v.y + matrix.m13 * v.z,
            y: matrix.m21 * v.x + matrix.m22 * v.y + matrix.m23 * v.z,
            z: matrix.m31 * v.x + matrix.m32 * v.y + matrix.m33 * v.z
        )
    }
}

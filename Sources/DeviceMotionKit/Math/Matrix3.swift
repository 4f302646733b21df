import MotionSamples

/// A general 3×3 matrix, row by row, for the small linear algebra of the gyro-bias Kalman filter.
struct Matrix3: Sendable {
    /// Rows.
    var r0: Vector3, r1: Vector3, r2: Vector3

    /// The identity matrix.
    static let identity = Matrix3(r0: Vector3(x: 1, y: 0, z: 0), r1: Vector3(x: 0, y: 1, z: 0), r2: Vector3(x: 0, y: 0, z: 1))

    /// A diagonal matrix.
    @inline(__always)
    static func diagonal(_ d: Vector3) -> Matrix3 {
        Matrix3(r0: Vector3(x: d.x, y: 0, z: 0), r1: Vector3(x: 0, y: d.y, z: 0), r2: Vector3(x: 0, y: 0, z: d.z))
    }

    /// The rotation matrix of `q` (device frame into reference frame).
    @inline(__always)
    init(_ q: Quaternion) {
        let m = RotationMatrix(q)
        self.init(
            r0: Vector3(x: m.m11, y: m.m12, z: m.m13),
            r1: Vector3(x: m.m21, y: m.m22, z: m.m23),
            r2: Vector3(x: m.m31, y: m.m32, z: m.m33))
    }

    /// Creates a matrix from its rows.
    init(r0: Vector3, r1: Vector3, r2: Vector3) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
    }

    /// The diagonal.
    var diagonal: Vector3 {
        get { Vector3(x: r0.x, y: r1.y, z: r2.z) }
        set {
            r0.x = newValue.x
            r1.y = newValue.y
            r2.z = newValue.z
        }
    }

    /// The transpose.
    @inline(__always)
    var transposed: Matrix3 {
        Matrix3(
            r0: Vector3(x: r0.x, y: r1.x, z: r2.x),
            r1: Vector3(x: r0.y, y: r1.y, z: r2.y),
            r2: Vector3(x: r0.z, y: r1.z, z: r2.z))
    }

    /// The inverse by cofactors, or `nil` if the matrix is singular.
    @inline(__always)
    var inverse: Matrix3? {
        let c0 = r1.cross(r2)
        let c1 = r2.cross(r0)
        let c2 = r0.cross(r1)
        let determinant = r0.dot(c0)
        guard determinant != 0, determinant.isFinite else { return nil }
        return Matrix3(r0: c0 / determinant, r1: c1 / determinant, r2: c2 / determinant).transposed
    }

    /// The matrix applied to `v`.
    @inline(__always)
    static func * (m: Matrix3, v: Vector3) -> Vector3 {
        Vector3(x: m.r0.dot(v), y: m.r1.dot(v), z: m.r2.dot(v))
    }

    /// The matrix product.
    @inline(__always)
    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let bt = b.transposed
        return Matrix3(r0: bt * a.r0, r1: bt * a.r1, r2: bt * a.r2)
    }

    /// The entry-wise sum.
    @inline(__always)
    static func + (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(r0: a.r0 + b.r0, r1: a.r1 + b.r1, r2: a.r2 + b.r2)
    }

    /// The entry-wise difference.
    @inline(__always)
    static func - (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(r0: a.r0 - b.r0, r1: a.r1 - b.r1, r2: a.r2 - b.r2)
    }
}

import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// A fitted hard- and soft-iron model: readings `x` lie near the ellipsoid `|softIron · (x - offset)| = fieldNorm`.
///
/// Two linear least-squares fits on points centred on their mean and scaled to unit spread (for conditioning):
/// ``ellipsoid(_:)`` on the general quadric `xᵀMx + 2vᵀx = 1` (9 parameters; the centre is `-M⁻¹v`, and the
/// soft-iron matrix the symmetric square root of `M` normalised to determinant 1, the field norm the geometric mean
/// of the radii), as in Q. Li and J. G. Griffiths, "Least squares ellipsoid specific fitting", GMAP 2004 (without
/// their ellipsoid constraint: the result is checked instead); and ``sphere(_:)`` on `|x|² = 2cᵀx + k` (4
/// parameters: hard iron only), for readings that cover too few directions to pin down nine.
struct EllipsoidFit {
    /// The hard-iron offset, µT.
    let offset: Vector3
    /// The soft-iron correction, rows; symmetric, determinant 1.
    let softIron: [[Double]]
    /// The corrected field's norm, µT.
    let fieldNorm: Double

    /// The reading corrected: `softIron · (reading - offset)`.
    func corrected(_ reading: Vector3) -> Vector3 {
        MagnetometerCalibration.corrected(reading, offset: offset, softIron: softIron)
    }

    /// The root mean square of `|corrected| / fieldNorm - 1` over `points`.
    func relativeResidual(_ points: [Vector3]) -> Double {
        guard !points.isEmpty else { return .infinity }
        let sum = points.reduce(0.0) { total, point in
            let error = corrected(point).norm / fieldNorm - 1
            return total + error * error
        }
        return (sum / Double(points.count)).squareRoot()
    }

    /// The points centred on their mean and divided by their RMS distance from it, with that mean and scale.
    private static func normalised(_ points: [Vector3]) -> (points: [Vector3], mean: Vector3, scale: Double)? {
        guard !points.isEmpty else { return nil }
        let mean = points.reduce(Vector3.zero, +) / Double(points.count)
        let spread = (points.reduce(0.0) { $0 + ($1 - mean).dot($1 - mean) } / Double(points.count)).squareRoot()
        guard spread > 0, spread.isFinite else { return nil }
        return (points.map { ($0 - mean) / spread }, mean, spread)
    }

    /// The general-quadric fit, or `nil` when the system is singular or the quadric is not an ellipsoid.
    static func ellipsoid(_ points: [Vector3]) -> EllipsoidFit? {
        guard points.count >= 9, let (unit, mean, scale) = normalised(points) else { return nil }
        var equations = NormalEquations(width: 9)
        var row = [Double](repeating: 0, count: 9)
        for point in unit {
            Self.quadricTerms(of: point, into: &row)
            equations.add(row, value: 1)
        }
        guard let q = equations.solution() else { return nil }
        let m = [[q[0], q[3], q[4]], [q[3], q[1], q[5]], [q[4], q[5], q[2]]]
        guard let centre = DenseLinearSystem.solve(m, [-q[6], -q[7], -q[8]]) else { return nil }
        var k = 1.0
        for i in 0..<3 { for j in 0..<3 { k += centre[i] * m[i][j] * centre[j] } }
        guard k > 0, let eigen = SymmetricEigen(m.map { $0.map { $0 / k } }), eigen.values.allSatisfy({ $0 > 0 }) else {
            return nil
        }
        // Radii in the scaled frame are 1/√λ; the field norm is their geometric mean, back in µT.
        let radius = 1 / cbrt(eigen.values.reduce(1, *)).squareRoot()
        return EllipsoidFit(
            offset: mean + Vector3(x: centre[0], y: centre[1], z: centre[2]) * scale,
            softIron: eigen.mapped { $0.squareRoot() * radius }, fieldNorm: radius * scale)
    }

    /// Writes the general quadric's terms at `p` into `row`: `x², y², z², 2xy, 2xz, 2yz, 2x, 2y, 2z`.
    private static func quadricTerms(of p: Vector3, into row: inout [Double]) {
        let (x, y, z): (Double, Double, Double) = (p.x, p.y, p.z)
        (row[0], row[1], row[2]) = (x * x, y * y, z * z)
        (row[3], row[4], row[5]) = (2 * x * y, 2 * x * z, 2 * y * z)
        (row[6], row[7], row[8]) = (2 * x, 2 * y, 2 * z)
    }

    /// The sphere fit (hard iron only), or `nil` when the system is singular.
    static func sphere(_ points: [Vector3]) -> EllipsoidFit? {
        guard points.count >= 4, let (unit, mean, scale) = normalised(points) else { return nil }
        var equations = NormalEquations(width: 4)
        var row = [Double](repeating: 1, count: 4)
        for point in unit {
            (row[0], row[1], row[2]) = (2 * point.x, 2 * point.y, 2 * point.z)
            equations.add(row, value: point.dot(point))
        }
        guard let s = equations.solution() else { return nil }
        let centre = Vector3(x: s[0], y: s[1], z: s[2])
        let squaredRadius = s[3] + centre.dot(centre)
        guard squaredRadius > 0 else { return nil }
        return EllipsoidFit(
            offset: mean + centre * scale, softIron: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            fieldNorm: squaredRadius.squareRoot() * scale)
    }
}

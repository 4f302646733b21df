/// The eigenvalues and eigenvectors of a symmetric 3×3 matrix, by the cyclic Jacobi method (Golub and Van Loan,
/// "Matrix Computations", 4th ed., §8.5.2): plane rotations zero each off-diagonal entry in turn until none is left.
struct SymmetricEigen {
    /// The eigenvalues.
    let values: [Double]
    /// The eigenvectors, `vectors[k]` for `values[k]`, orthonormal.
    let vectors: [[Double]]

    /// Sweeps after which the method stops whether or not it converged (it converges in a handful).
    private static let sweepLimit = 50

    /// Decomposes `matrix` (3×3, rows; only its symmetric part counts), or `nil` when an entry is not finite.
    init?(_ matrix: [[Double]]) {
        var a = (0..<3).map { i in (0..<3).map { j in (matrix[i][j] + matrix[j][i]) / 2 } }
        guard a.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return nil }
        var v: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for _ in 0..<Self.sweepLimit {
            let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
            let diagonal = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2]
            if off <= 1e-30 * diagonal || off == 0 { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where a[p][q] != 0 {
                let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot()
                let s = t * c
                for k in 0..<3 {
                    let (akp, akq) = (a[k][p], a[k][q])
                    a[k][p] = c * akp - s * akq
                    a[k][q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let (apk, aqk) = (a[p][k], a[q][k])
                    a[p][k] = c * apk - s * aqk
                    a[q][k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let (vkp, vkq) = (v[k][p], v[k][q])
                    v[k][p] = c * vkp - s * vkq
                    v[k][q] = s * vkp + c * vkq
                }
            }
        }
        values = [a[0][0], a[1][1], a[2][2]]
        vectors = (0..<3).map { k in (0..<3).map { v[$0][k] } }
        guard values.allSatisfy(\.isFinite) else { return nil }
    }

    /// `V · f(Λ) · Vᵀ`: the matrix with the same eigenvectors and eigenvalues mapped by `function`.
    func mapped(_ function: (Double) -> Double) -> [[Double]] {
        let mappedValues = values.map(function)
        return (0..<3).map { i in
            (0..<3).map { j in (0..<3).reduce(0) { $0 + vectors[$1][i] * mappedValues[$1] * vectors[$1][j] } }
        }
    }
}

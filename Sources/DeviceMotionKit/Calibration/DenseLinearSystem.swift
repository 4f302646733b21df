/// Solves a small dense linear system `A x = b` (at most 10×10 here) by Gaussian elimination with partial pivoting.
enum DenseLinearSystem {
    /// The solution, or `nil` when `matrix` is singular or nearly so (a pivot below `1e-12` of the largest entry)
    /// or an entry is not finite.
    static func solve(_ matrix: [[Double]], _ right: [Double]) -> [Double]? {
        let n = right.count
        var a = matrix
        var b = right
        let scale = a.lazy.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite, b.allSatisfy(\.isFinite) else { return nil }
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-12 * scale
            else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                if factor == 0 { continue }
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            let sum = ((row + 1)..<n).reduce(b[row]) { $0 - a[row][$1] * x[$1] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}

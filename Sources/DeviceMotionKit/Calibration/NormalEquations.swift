/// The normal equations `AᵀA x = Aᵀb` of a small least-squares problem, summed one row of `A` at a time in place, so
/// that a fit over hundreds of points allocates nothing per point (the magnetometer's refits, which allocated four
/// arrays per point, were a third of a 9D conversion's time).
struct NormalEquations {
    /// Number of unknowns (columns of `A`).
    let width: Int
    /// `AᵀA`, row-major; only its upper triangle is summed.
    private var matrix: [Double]
    /// `Aᵀb`.
    private var projected: [Double]
    /// Rows added so far.
    private(set) var rowCount = 0

    /// Empty equations for `width` unknowns.
    init(width: Int) {
        self.width = width
        matrix = [Double](repeating: 0, count: width * width)
        projected = [Double](repeating: 0, count: width)
    }

    /// Adds the row `row` of `A` (its first ``width`` entries) with right-hand side `value`.
    mutating func add(_ row: [Double], value: Double) {
        precondition(row.count >= width, "NormalEquations: a row needs one entry per unknown")
        rowCount += 1
        let width = width
        matrix.withUnsafeMutableBufferPointer { matrix in
            projected.withUnsafeMutableBufferPointer { projected in
                for i in 0..<width {
                    projected[i] += row[i] * value
                    for j in i..<width { matrix[i * width + j] += row[i] * row[j] }
                }
            }
        }
    }

    /// The least-squares solution, or `nil` with fewer rows than unknowns or a singular system
    /// (``DenseLinearSystem/solve(_:_:)``).
    func solution() -> [Double]? {
        guard width > 0, rowCount >= width else { return nil }
        let rows = (0..<width).map { i in
            (0..<width).map { j in j >= i ? matrix[i * width + j] : matrix[j * width + i] }
        }
        return DenseLinearSystem.solve(rows, projected)
    }
}

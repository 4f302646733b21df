/// A dense row-major table of feature vectors, one row per window.
public struct FeatureMatrix: Sendable, Equatable {
    /// Number of features in each row.
    public let columnCount: Int
    /// All values, row after row.
    public private(set) var values: [Double]

    /// Creates an empty matrix whose rows have `columnCount` features.
    public init(columnCount: Int) {
        self.columnCount = columnCount
        values = []
    }

    /// Number of rows.
    public var rowCount: Int { columnCount == 0 ? 0 : values.count / columnCount }

    /// Appends one row; its length must equal ``columnCount``.
    public mutating func append(row: [Double]) {
        precondition(row.count == columnCount, "FeatureMatrix: row length must equal the column count")
        values += row
    }

    /// The value in `row` and `column`.
    @inlinable
    public subscript(row: Int, column: Int) -> Double { values[row * columnCount + column] }

    /// A copy of row `row`.
    public func row(_ row: Int) -> [Double] { Array(values[row * columnCount..<(row + 1) * columnCount]) }

    /// A new matrix holding the given rows, in the given order.
    public func selecting(rows: [Int]) -> FeatureMatrix {
        var result = FeatureMatrix(columnCount: columnCount)
        result.values.reserveCapacity(rows.count * columnCount)
        for row in rows { result.values += values[row * columnCount..<(row + 1) * columnCount] }
        return result
    }
}

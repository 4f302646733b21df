/// Quantile bin edges per feature, learnt from training data; turns feature values into small bin indices for tree growth.
struct FeatureBinning: Sendable {
    /// Ascending, distinct upper edges per feature: a value `v` falls in the first bin `b` with `v <= edges[b]`, else in the last bin.
    let edges: [[Double]]

    /// Values gathered per pass over the matrix while learning the edges (8 MiB): a few columns at a time, so a
    /// matrix whose blocks are in a temporary file is read a few times rather than once per column.
    static let gatheredValues = 1 << 20

    /// Learns up to `maximumBins` quantile bins per feature of `matrix`; throws when its temporary file cannot be read.
    init(matrix: FeatureMatrix, maximumBins: Int) throws(ActivityError) {
        var edges: [[Double]] = []
        edges.reserveCapacity(matrix.columnCount)
        let columnsPerPass = Swift.max(1, Self.gatheredValues / Swift.max(1, matrix.rowCount))
        for first in stride(from: 0, to: matrix.columnCount, by: columnsPerPass) {
            let columns = first..<Swift.min(first + columnsPerPass, matrix.columnCount)
            for column in try Self.gather(columns, of: matrix) {
                edges.append(Self.edges(of: column.sorted(), maximumBins: maximumBins))
            }
        }
        self.edges = edges
    }

    /// The values of `columns` of `matrix`, one array per column, in one pass over its blocks.
    private static func gather(_ columns: Range<Int>, of matrix: FeatureMatrix) throws(ActivityError) -> [[Double]] {
        var gathered = columns.map { _ in [Double](repeating: 0, count: matrix.rowCount) }
        try matrix.forEachBlock { firstRow, values in
            for (row, start) in stride(from: 0, to: values.count, by: matrix.columnCount).enumerated() {
                for (index, column) in columns.enumerated() { gathered[index][firstRow + row] = values[start + column] }
            }
        }
        return gathered
    }

    /// Up to `maximumBins - 1` ascending, distinct edges between the quantiles of one column's `sorted` values.
    private static func edges(of sorted: [Double], maximumBins: Int) -> [Double] {
        var columnEdges: [Double] = []
        guard sorted.count > 1 else { return columnEdges }
        for quantile in 1..<maximumBins {
            let index = quantile * (sorted.count - 1) / maximumBins
            let lower = sorted[index]
            let upper = sorted[Swift.min(index + 1, sorted.count - 1)]
            let edge = lower == upper ? lower : (lower + upper) / 2
            if edge < sorted[sorted.count - 1], columnEdges.last.map({ edge > $0 }) ?? true {
                columnEdges.append(edge)
            }
        }
        return columnEdges
    }

    /// The bin index of every value, stored column after column (`bins[column * rowCount + row]`), in one pass over
    /// the matrix's blocks.
    func binned(_ matrix: FeatureMatrix) throws(ActivityError) -> [UInt8] {
        let rowCount = matrix.rowCount
        var bins = [UInt8](repeating: 0, count: rowCount * matrix.columnCount)
        try matrix.forEachBlock { firstRow, values in
            for (row, start) in stride(from: 0, to: values.count, by: matrix.columnCount).enumerated() {
                for column in 0..<matrix.columnCount {
                    bins[column * rowCount + firstRow + row] = UInt8(Self.bin(of: values[start + column], edges: edges[column]))
                }
            }
        }
        return bins
    }

    /// Index of the first edge not below `value` (binary search), or `edges.count`.
    static func bin(of value: Double, edges: [Double]) -> Int {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if value <= edges[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Quantile bin edges per feature, learnt from training data; turns feature values into small bin indices for tree growth.
struct FeatureBinning: Sendable {
    /// Ascending, distinct upper edges per feature: a value `v` falls in the first bin `b` with `v <= edges[b]`, else in the last bin.
    let edges: [[Double]]

    /// Learns up to `maximumBins` quantile bins per feature of `matrix`.
    init(matrix: FeatureMatrix, maximumBins: Int) {
        var edges: [[Double]] = []
        edges.reserveCapacity(matrix.columnCount)
        for column in 0..<matrix.columnCount {
            let sorted = (0..<matrix.rowCount).map { matrix[$0, column] }.sorted()
            var columnEdges: [Double] = []
            guard sorted.count > 1 else {
                edges.append(columnEdges)
                continue
            }
            for quantile in 1..<maximumBins {
                let index = quantile * (sorted.count - 1) / maximumBins
                let lower = sorted[index]
                let upper = sorted[Swift.min(index + 1, sorted.count - 1)]
                let edge = lower == upper ? lower : (lower + upper) / 2
                if edge < sorted[sorted.count - 1], columnEdges.last.map({ edge > $0 }) ?? true {
                    columnEdges.append(edge)
                }
            }
            edges.append(columnEdges)
        }
        self.edges = edges
    }

    /// The bin index of every value, stored column after column (`bins[column * rowCount + row]`).
    func binned(_ matrix: FeatureMatrix) -> [UInt8] {
        var bins = [UInt8](repeating: 0, count: matrix.rowCount * matrix.columnCount)
        for column in 0..<matrix.columnCount {
            let columnEdges = edges[column]
            for row in 0..<matrix.rowCount {
                bins[column * matrix.rowCount + row] = UInt8(Self.bin(of: matrix[row, column], edges: columnEdges))
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

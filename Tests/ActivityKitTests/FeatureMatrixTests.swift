import ActivityKit
import Testing

/// The feature table keeps its rows in blocks and writes blocks past its memory budget to a temporary file: every
/// way of reading it gives the values appended, bit for bit, and training on it gives the same model.
@Suite("FeatureMatrix: blocks in memory or in a temporary file")
struct FeatureMatrixTests {
    /// 1000 rows of 7 values, none of them round numbers (so a conversion through Float would show).
    private static let rows: [[Double]] = (0..<1000).map { row in
        (0..<7).map { (column: Int) -> Double in Double(row) / 3 + Double(column) * 0.1 + 1e-9 }
    }

    private static func matrix(residentBytes: Int) -> FeatureMatrix {
        var matrix = FeatureMatrix(columnCount: 7, residentBytes: residentBytes)
        for row in rows { matrix.append(row: row) }
        return matrix
    }

    @Test("spilled (nothing or two blocks in memory) and resident matrices hold the same rows, read any way")
    func spilledEqualsResident() {
        let resident = Self.matrix(residentBytes: .max)
        for budget in [0, 2 * FeatureMatrix.rowsPerBlock * 7 * 8] {
            let spilled = Self.matrix(residentBytes: budget)
            #expect(spilled == resident)
            #expect(spilled.rowCount == 1000)
            for row in [0, 127, 128, 500, 999] {
                #expect(spilled.row(row) == Self.rows[row])
                #expect(spilled[row, 6] == Self.rows[row][6])
            }
            var blocks: [Double] = []
            spilled.forEachBlock { firstRow, values in
                #expect(firstRow == blocks.count / 7)
                blocks += values
            }
            #expect(blocks == Self.rows.flatMap { $0 })
            #expect(spilled.selecting(rows: [999, 3, 640]) == resident.selecting(rows: [999, 3, 640]))
            #expect(spilled.selecting(rows: [999, 3, 640]).row(0) == Self.rows[999])
        }
    }

    @Test("moving a spilled matrix into another empties it and keeps every row")
    func moving() {
        var source = Self.matrix(residentBytes: 0)
        var target = FeatureMatrix(columnCount: 7, residentBytes: 0)
        target.append(row: Self.rows[0])
        target.append(moving: &source)
        #expect(source.rowCount == 0)
        #expect(target.rowCount == 1001)
        #expect(target.row(0) == Self.rows[0])
        #expect(target.row(1000) == Self.rows[999])
    }

    @Test("a copy appended to after spilling gets its own file: neither copy's rows change")
    func copiesStayApart() {
        var first = Self.matrix(residentBytes: 0)
        var second = first
        let extra = [Double](repeating: -1, count: 7)
        for _ in 0..<FeatureMatrix.rowsPerBlock { first.append(row: extra) }
        for _ in 0..<FeatureMatrix.rowsPerBlock { second.append(row: Self.rows[1]) }
        #expect(first.row(1000) == extra)
        #expect(second.row(1000) == Self.rows[1])
        #expect(first.row(999) == Self.rows[999] && second.row(999) == Self.rows[999])
    }

    @Test("training on a spilled matrix gives the model trained in memory")
    func trainingIsUnchanged() throws {
        let dataset = TrainingTests.dataset
        var spilled = FeatureMatrix(columnCount: dataset.features.columnCount, residentBytes: 0)
        for row in 0..<dataset.features.rowCount { spilled.append(row: dataset.features.row(row)) }
        let labels = dataset.labels.map { dataset.classNames.firstIndex(of: $0)! }
        var parameters = GradientBoostingParameters()
        parameters.rounds = 10
        parameters.minimumLeafSize = 3
        let trainer = try GradientBoostingTrainer(parameters: parameters)
        let inMemory = try trainer.train(matrix: dataset.features, labels: labels, classCount: dataset.classNames.count)
        let fromFile = try trainer.train(matrix: spilled, labels: labels, classCount: dataset.classNames.count)
        #expect(fromFile == inMemory)
        #expect(spilled.rowCount > FeatureMatrix.rowsPerBlock, "a block of the dataset went to the file: \(spilled.rowCount) rows")
    }
}

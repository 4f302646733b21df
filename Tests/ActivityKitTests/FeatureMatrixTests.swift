import Glibc
import Testing

@testable import ActivityKit

/// The feature table keeps its rows in blocks and writes blocks past its memory budget to a temporary file: every
/// way of reading it gives the values appended, bit for bit, and training on it gives the same model; a file that
/// cannot be read back fails the reading, never the process.
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
    func spilledEqualsResident() throws {
        let resident = Self.matrix(residentBytes: .max)
        for budget in [0, 2 * FeatureMatrix.rowsPerBlock * 7 * 8] {
            let spilled = Self.matrix(residentBytes: budget)
            #expect(try spilled.hasSameRows(as: resident))
            #expect(spilled.rowCount == 1000)
            for row in [0, 127, 128, 500, 999] {
                #expect(try spilled.row(row) == Self.rows[row])
            }
            var blocks: [Double] = []
            try spilled.forEachBlock { firstRow, values in
                #expect(firstRow == blocks.count / 7)
                blocks += values
            }
            #expect(blocks == Self.rows.flatMap { $0 })
            #expect(try spilled.selecting(rows: [999, 3, 640]).hasSameRows(as: resident.selecting(rows: [999, 3, 640])))
            #expect(try spilled.selecting(rows: [999, 3, 640]).row(0) == Self.rows[999])
        }
        var changed = Self.matrix(residentBytes: 0)
        changed.append(row: Self.rows[0])
        #expect(try !changed.hasSameRows(as: resident))
    }

    @Test("moving a spilled matrix into another empties it and keeps every row")
    func moving() throws {
        var source = Self.matrix(residentBytes: 0)
        var target = FeatureMatrix(columnCount: 7, residentBytes: 0)
        target.append(row: Self.rows[0])
        try target.append(moving: &source)
        #expect(source.rowCount == 0)
        #expect(target.rowCount == 1001)
        #expect(try target.row(0) == Self.rows[0])
        #expect(try target.row(1000) == Self.rows[999])
    }

    @Test("a copy appended to after spilling gets its own file: neither copy's rows change")
    func copiesStayApart() throws {
        var first = Self.matrix(residentBytes: 0)
        var second = first
        let extra = [Double](repeating: -1, count: 7)
        for _ in 0..<FeatureMatrix.rowsPerBlock { first.append(row: extra) }
        for _ in 0..<FeatureMatrix.rowsPerBlock { second.append(row: Self.rows[1]) }
        // The second block of each: the first's went to a new file, the second's after the shared blocks in the old.
        for _ in 0..<FeatureMatrix.rowsPerBlock { first.append(row: extra) }
        for _ in 0..<FeatureMatrix.rowsPerBlock { second.append(row: Self.rows[1]) }
        #expect(try first.row(1000) == extra && first.row(1000 + FeatureMatrix.rowsPerBlock) == extra)
        #expect(try second.row(1000) == Self.rows[1] && second.row(1000 + FeatureMatrix.rowsPerBlock) == Self.rows[1])
        #expect(try first.row(999) == Self.rows[999] && second.row(999) == Self.rows[999])
    }

    @Test("a temporary file the disk cannot read back: every read and the training throw, nothing crashes")
    func unreadableSpillFile() throws {
        // Written through a write-only descriptor of /dev/null: every write succeeds, every read fails (EBADF), as a
        // failing disk's would.
        let failing = FeatureMatrix(columnCount: 7, residentBytes: 0) {
            FeatureSpillFile(descriptor: open("/dev/null", O_WRONLY), directory: "/failing-disk")
        }
        var matrix = failing
        for row in Self.rows { matrix.append(row: row) }
        #expect(try matrix.row(999) == Self.rows[999], "the block being filled is in memory")
        let unreadable = ActivityError.temporaryFileUnreadable(directory: "/failing-disk", reason: String(cString: strerror(EBADF)))
        #expect(throws: unreadable) { try matrix.row(0) }
        #expect(throws: unreadable) { try matrix.forEachBlock { _, _ in } }
        #expect(throws: unreadable) { try matrix.selecting(rows: [5]) }
        let labels = Self.rows.indices.map { $0 % 2 }
        #expect(throws: unreadable) { try GradientBoostingTrainer().train(matrix: matrix, labels: labels, classCount: 2) }
        var target = FeatureMatrix(columnCount: 7)
        #expect(throws: unreadable) { try target.append(moving: &matrix) }
    }

    @Test("training on a spilled matrix gives the model trained in memory")
    func trainingIsUnchanged() throws {
        let dataset = TrainingTests.dataset
        var spilled = FeatureMatrix(columnCount: dataset.features.columnCount, residentBytes: 0)
        for row in 0..<dataset.features.rowCount { spilled.append(row: try dataset.features.row(row)) }
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

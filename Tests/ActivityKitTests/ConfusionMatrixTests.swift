import ActivityKit
import Testing

@Suite struct ConfusionMatrixTests {
    /// Truth rows a, b, c: a = [8, 2, 0], b = [1, 6, 3], c = [0, 0, 10].
    let matrix = try! ConfusionMatrix(
        classNames: ["a", "b", "c"], counts: [[8, 2, 0], [1, 6, 3], [0, 0, 10]])

    @Test func accuracyIsTheDiagonalShare() {
        #expect(matrix.total == 30)
        #expect(abs(matrix.accuracy - 24.0 / 30.0) < 1e-12)
    }

    @Test func precisionAndRecallPerClass() {
        #expect(abs(matrix.precision(0) - 8.0 / 9.0) < 1e-12)
        #expect(abs(matrix.recall(0) - 0.8) < 1e-12)
        #expect(abs(matrix.precision(1) - 0.75) < 1e-12)
        #expect(abs(matrix.recall(1) - 0.6) < 1e-12)
        #expect(abs(matrix.precision(2) - 10.0 / 13.0) < 1e-12)
        #expect(matrix.recall(2) == 1)
    }

    @Test func macroF1AveragesClassF1() {
        let f1a = 2 * (8.0 / 9.0) * 0.8 / (8.0 / 9.0 + 0.8)
        let f1b = 2 * 0.75 * 0.6 / (0.75 + 0.6)
        let f1c = 2 * (10.0 / 13.0) / (10.0 / 13.0 + 1)
        #expect(abs(matrix.macroF1 - (f1a + f1b + f1c) / 3) < 1e-12)
    }

    @Test func recordingAndAddingCount() {
        var tally = ConfusionMatrix(classNames: ["a", "b", "c"])
        tally.record(truth: 0, prediction: 1)
        tally.add(matrix)
        #expect(tally.counts[0] == [8, 3, 0])
        #expect(tally.total == 31)
    }

    @Test func nonSquareCountsAreRejected() {
        #expect(throws: ActivityError.self) {
            try ConfusionMatrix(classNames: ["a", "b"], counts: [[1, 2]])
        }
    }

    @Test func reportCarriesTheSameNumbers() throws {
        let report = EvaluationReport(confusion: matrix, windows: .standard, mode: "evaluation")
        #expect(report.confusion == matrix.counts)
        #expect(report.classes.map(\.support) == [10, 10, 10])
        #expect(try report.jsonLine().contains(#""macro_f1":"#))
        #expect(report.text().contains("accuracy 80.00 %"))
    }
}

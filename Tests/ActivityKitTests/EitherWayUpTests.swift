import ActivityKit
import DeviceMotionKit
import Testing

/// Training either way up: every window is also learnt as the device turned half a turn about z would have measured
/// it, and only the recorded windows are ever scored.
@Suite struct EitherWayUpTests {
    static let configuration = TrainingTests.configuration

    /// `sessions` as the device turned half a turn about its z axis would have recorded them.
    static func turned(_ sessions: [LabelledSession]) -> [LabelledSession] {
        sessions.map { session in
            var turned = session
            turned.motions = session.motions.map(\.turnedHalfAboutZ)
            return turned
        }
    }

    @Test func turnedRowsAreTheWindowsOfTheTurnedSessions() throws {
        let sessions = SyntheticMotion.sessions(subjects: 2)
        let dataset = try WindowedDataset(sessions: sessions, configuration: Self.configuration, eitherWayUp: true)
        let recorded = try WindowedDataset(sessions: sessions, configuration: Self.configuration)
        let turned = try WindowedDataset(sessions: Self.turned(sessions), configuration: Self.configuration)
        #expect(dataset.windowCount == recorded.windowCount)
        #expect(try dataset.features.hasSameRows(as: recorded.features))
        #expect(try #require(dataset.turnedFeatures).hasSameRows(as: turned.features))
        #expect(recorded.turnedFeatures == nil)
        // Training learns from both, each window's class twice.
        let classes = Array(0..<dataset.windowCount)
        #expect(try dataset.trainingMatrix().rowCount == 2 * dataset.windowCount)
        #expect(dataset.trainingClasses(windows: [3, 1], classes: classes) == [3, 1, 3, 1])
        #expect(try dataset.trainingMatrix(windows: [3, 1]).row(2) == turned.features.row(3))
    }

    @Test func crossValidationScoresTheRecordedWindowsAlone() throws {
        let dataset = try WindowedDataset(
            sessions: SyntheticMotion.sessions(subjects: 4), configuration: Self.configuration, eitherWayUp: true)
        let trainer = try ActivityTrainer(parameters: TrainingTests.parameters)
        #expect(try trainer.crossValidate(dataset: dataset, folds: 2).total == dataset.windowCount)
        let grid = HyperparameterGrid(rounds: [2, 6], learningRates: [0.3], maximumDepths: [2])
        let search = try HyperparameterSearch(grid: grid, innerFolds: 2, base: TrainingTests.parameters)
        let nested = try trainer.nestedCrossValidate(dataset: dataset, folds: 2, search: search)
        #expect(nested.confusion.total == dataset.windowCount)
        let selection = try search.select(dataset: dataset)
        #expect(try #require(selection.candidates).allSatisfy { $0.accuracy > 0.9 })
    }

    @Test func learntEitherWayUpAndSaysSo() throws {
        let sessions = SyntheticMotion.sessions(subjects: 4)
        let training = sessions.filter { ["s0", "s1"].contains($0.group) }
        let others = try WindowedDataset(
            sessions: Self.turned(sessions.filter { ["s2", "s3"].contains($0.group) }), configuration: Self.configuration)
        let trainer = try ActivityTrainer(parameters: TrainingTests.parameters)
        let eitherWayUp = try trainer.train(
            dataset: WindowedDataset(sessions: training, configuration: Self.configuration, eitherWayUp: true),
            dataDescription: "synthetic")
        let oneWayUp = try trainer.train(
            dataset: WindowedDataset(sessions: training, configuration: Self.configuration), dataDescription: "synthetic")
        // (These activities differ in more than posture, so the one-way model names them turned too; DefaultModelTests
        // shows on real pockets what learning either way up changes.)
        #expect(eitherWayUp.summary.eitherWayUp == true)
        #expect(oneWayUp.summary.eitherWayUp == nil)
        #expect(eitherWayUp.summary.windowCount == oneWayUp.summary.windowCount)
        #expect(try eitherWayUp.evaluate(on: others).accuracy == 1)
        // Learning from the turned windows too is as deterministic as the rest: the same data and seed, the same bytes.
        let again = try trainer.train(
            dataset: WindowedDataset(sessions: training, configuration: Self.configuration, eitherWayUp: true),
            dataDescription: "synthetic")
        #expect(try again.encoded() == eitherWayUp.encoded())
        #expect(try oneWayUp.encoded() != eitherWayUp.encoded())
    }
}

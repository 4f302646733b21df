import ActivityKit
import Foundation
import Testing

@Suite struct TrainingTests {
    static let configuration = try! WindowConfiguration(size: 50, hop: 25, sampleRate: 25)
    static let dataset = try! WindowedDataset(sessions: SyntheticMotion.sessions(subjects: 4), configuration: configuration)

    /// Quick boosting for the synthetic sessions: 15 rounds, leaves of at least 3 windows.
    static var parameters: GradientBoostingParameters {
        var parameters = GradientBoostingParameters()
        parameters.rounds = 15
        parameters.minimumLeafSize = 3
        parameters.seed = 7
        return parameters
    }

    @Test func sameDataAndSeedGiveTheSameModelBytes() throws {
        let trainer = try ActivityTrainer(parameters: Self.parameters)
        let first = try trainer.train(dataset: Self.dataset, dataDescription: "synthetic").encoded()
        let second = try trainer.train(dataset: Self.dataset, dataDescription: "synthetic").encoded()
        #expect(first == second)
    }

    @Test func differentSeedsGiveDifferentModels() throws {
        var other = Self.parameters
        other.seed = 8
        let first = try ActivityTrainer(parameters: Self.parameters).train(dataset: Self.dataset, dataDescription: "synthetic")
        let second = try ActivityTrainer(parameters: other).train(dataset: Self.dataset, dataDescription: "synthetic")
        #expect(try first.encoded() != second.encoded())
    }

    @Test func learnsSeparableActivitiesWithProbabilities() throws {
        let model = try ActivityTrainer(parameters: Self.parameters).train(dataset: Self.dataset, dataDescription: "synthetic")
        #expect(model.classNames == ["lying", "upright", "walking"])
        let confusion = try model.evaluate(on: Self.dataset)
        #expect(confusion.accuracy == 1)
        let prediction = model.predict(features: try Self.dataset.features.row(0))
        #expect(abs(prediction.probabilities.reduce(0, +) - 1) < 1e-9)
        #expect(model.summary.windowsPerClass["walking"] == Self.dataset.labels.filter { $0 == "walking" }.count)
    }

    @Test func crossValidationNeverSplitsASubject() throws {
        let folds = try GroupedFolds(groups: Self.dataset.groups, foldCount: 2)
        for fold in 0..<2 {
            let heldOut = Set(folds.heldOutWindows(fold).map { Self.dataset.groups[$0] })
            let trained = Set(folds.trainingWindows(holdingOut: fold).map { Self.dataset.groups[$0] })
            #expect(heldOut.isDisjoint(with: trained))
            #expect(heldOut.count == 2)
        }
        var perFold: [Int: ConfusionMatrix] = [:]
        let confusion = try ActivityTrainer(parameters: Self.parameters).crossValidate(
            dataset: Self.dataset, folds: 2, heldOut: { fold, matrix in perFold[fold] = matrix })
        #expect(confusion.total == Self.dataset.windowCount)
        #expect(confusion.accuracy > 0.9)
        // Each fold's own matrix (imu-train --plot draws them) counts its held-out windows, and they add up to the pool.
        #expect(perFold.keys.sorted() == [0, 1])
        for (fold, matrix) in perFold { #expect(matrix.total == folds.heldOutWindows(fold).count) }
        var pooled = ConfusionMatrix(classNames: confusion.classNames)
        for matrix in perFold.values { pooled.add(matrix) }
        #expect(pooled == confusion)
    }

    @Test func tooManyFoldsForTheSubjectsIsAnError() {
        #expect(throws: ActivityError.insufficientData("5 folds need at least 5 subjects, found 4; use fewer folds")) {
            try GroupedFolds(groups: Self.dataset.groups, foldCount: 5)
        }
    }

    @Test func mismatchedSampleRateIsAnError() {
        var session = SyntheticMotion.sessions(subjects: 1)[0]
        session.sampleRate = 50
        #expect(throws: ActivityError.self) { try WindowedDataset(sessions: [session], configuration: Self.configuration) }
    }

    @Test func invalidParametersAreRejected() {
        var bad = Self.parameters
        bad.learningRate = 0
        #expect(throws: ActivityError.self) { try ActivityTrainer(parameters: bad) }
    }
}

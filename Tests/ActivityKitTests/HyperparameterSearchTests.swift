import Foundation
import Testing

@testable import ActivityKit

@Suite struct HyperparameterSearchTests {
    /// Small trees on the synthetic sessions, so that a search runs in a moment.
    var base: GradientBoostingParameters {
        var parameters = GradientBoostingParameters()
        parameters.minimumLeafSize = 3
        parameters.seed = 5
        return parameters
    }

    @Test("the first r rounds of a boosted model are the model trained for r rounds: checkpoint predictions match")
    func checkpointsMatchShorterModels() throws {
        let dataset = TrainingTests.dataset
        let labels = dataset.labels.map { dataset.classNames.firstIndex(of: $0)! }
        func trained(_ rounds: Int) throws -> GradientBoostedTrees {
            var parameters = base
            parameters.rounds = rounds
            return try GradientBoostingTrainer(parameters: parameters)
                .train(matrix: dataset.features, labels: labels, classCount: dataset.classNames.count)
        }
        let short = try trained(3)
        let long = try trained(8)
        #expect(Array(long.rounds.prefix(3)) == short.rounds)
        for row in 0..<dataset.windowCount {
            let features = try dataset.features.row(row)
            let best = long.bestClasses(for: features, afterRounds: [3, 8])
            #expect(
                best[0] == ActivityPrediction(classNames: dataset.classNames, probabilities: short.probabilities(for: features)).bestIndex)
            #expect(
                best[1] == ActivityPrediction(classNames: dataset.classNames, probabilities: long.probabilities(for: features)).bestIndex)
        }
    }

    @Test("a search scores every candidate of the grid on inner folds and records the best by macro-F1")
    func searchRecordsEveryCandidate() throws {
        let grid = HyperparameterGrid(rounds: [2, 6], learningRates: [0.1, 0.3], maximumDepths: [1, 2])
        let search = try HyperparameterSearch(grid: grid, innerFolds: 2, base: base)
        #expect(search.trainingCount == 8)
        var steps: [Int] = []
        let selection = try search.select(dataset: TrainingTests.dataset) { done, _ in steps.append(done) }
        #expect(steps == Array(1...8))
        let candidates = try #require(selection.candidates)
        #expect(candidates.map(\.parameters) == grid.candidates)
        #expect(candidates.count == 8)
        #expect(candidates.allSatisfy { ($0.macroF1StandardError ?? -1) >= 0 })
        #expect(selection.chosen == HyperparameterSearch.choice(among: candidates))
        #expect(selection.innerFolds == 2)
        #expect(selection.grid == grid)
    }

    @Test("the choice is the cheapest candidate within one standard error of the best macro-F1, the best's own error")
    func choiceIsCheapestWithinOneStandardError() throws {
        func score(_ rounds: Int, _ rate: Double, _ depth: Int, _ macroF1: Double, _ error: Double?) -> CandidateScore {
            CandidateScore(
                parameters: TunedParameters(rounds: rounds, learningRate: rate, maximumDepth: depth), accuracy: macroF1,
                macroF1: macroF1, macroF1StandardError: error)
        }
        let scores = [
            score(300, 0.1, 4, 0.9034, 0.006),  // the best: 0.8974 is within its error
            score(100, 0.2, 3, 0.8980, 0.001),
            score(100, 0.1, 4, 0.8960, 0.02),  // cheaper, but below the bar; its own large error does not count
            score(200, 0.1, 3, 0.9000, 0.0),
        ]
        #expect(HyperparameterSearch.choice(among: scores) == TunedParameters(rounds: 100, learningRate: 0.2, maximumDepth: 3))
        let exact = scores.map { CandidateScore(parameters: $0.parameters, accuracy: $0.accuracy, macroF1: $0.macroF1) }
        #expect(HyperparameterSearch.choice(among: exact) == TunedParameters(rounds: 300, learningRate: 0.1, maximumDepth: 4))
        let tied = [score(200, 0.1, 4, 0.9, 0), score(200, 0.1, 3, 0.9, 0)]
        #expect(HyperparameterSearch.choice(among: tied) == TunedParameters(rounds: 200, learningRate: 0.1, maximumDepth: 3))
        #expect(HyperparameterSearch.choice(among: []) == nil)
    }

    @Test("the choice is described with its inner score, and the best candidate's where the rule chose a cheaper one")
    func choiceDescriptionNamesTheBest() throws {
        let cheap = CandidateScore(
            parameters: TunedParameters(rounds: 100, learningRate: 0.1, maximumDepth: 3), accuracy: 0.95, macroF1: 0.95,
            macroF1StandardError: 0.01)
        let best = CandidateScore(
            parameters: TunedParameters(rounds: 300, learningRate: 0.2, maximumDepth: 4), accuracy: 0.955,
            macroF1: 0.955, macroF1StandardError: 0.02)
        let chosen = try #require(HyperparameterSearch.choice(among: [cheap, best]))
        #expect(
            HyperparameterSelection(method: "search", candidates: [cheap, best], chosen: chosen).choiceDescription
                == "chose 100 rounds, learning rate 0.1, depth 3 (inner macro-F1 0.9500 ± 0.0100); the best, 300 rounds, "
                + "learning rate 0.2, depth 4 (inner macro-F1 0.9550 ± 0.0200), is not better by more than its standard error")
        let older = CandidateScore(parameters: best.parameters, accuracy: 0.955, macroF1: 0.955)
        #expect(
            HyperparameterSelection(method: "search", candidates: [older], chosen: best.parameters).choiceDescription
                == "chose 300 rounds, learning rate 0.2, depth 4 (inner macro-F1 0.9550)")
        #expect(
            HyperparameterSelection.given(GradientBoostingParameters()).choiceDescription
                == "chose 300 rounds, learning rate 0.1, depth 3")
    }

    @Test("a candidate's standard error is the folds' sample standard deviation over the square root of their count")
    func standardErrorOfTheFolds() {
        #expect(abs(HyperparameterSearch.standardError(of: [0.8, 0.9]) - 0.05) < 1e-12)
        #expect(abs(HyperparameterSearch.standardError(of: [0.7, 0.8, 0.9]) - 0.1 / 3.0.squareRoot()) < 1e-12)
        #expect(HyperparameterSearch.standardError(of: [0.9, 0.9, 0.9]) == 0)
        #expect(HyperparameterSearch.standardError(of: [0.9]) == 0)
    }

    @Test("nested cross-validation chooses inside every outer fold and never trains on the held-out subjects")
    func nestedCrossValidationChoosesPerFold() throws {
        let grid = HyperparameterGrid(rounds: [2, 5], learningRates: [0.2], maximumDepths: [2])
        let search = try HyperparameterSearch(grid: grid, innerFolds: 2, base: base)
        let dataset = try WindowedDataset(sessions: SyntheticMotion.sessions(subjects: 6), configuration: TrainingTests.configuration)
        let nested = try ActivityTrainer(parameters: base).nestedCrossValidate(dataset: dataset, folds: 3, search: search)
        #expect(nested.parametersPerFold.count == 3)
        #expect(nested.parametersPerFold.allSatisfy { grid.candidates.contains($0) })
        #expect(nested.confusion.counts.joined().reduce(0, +) == dataset.windowCount)
        #expect(nested.confusion.accuracy > 0.9)
    }

    @Test("too few subjects for the inner folds is refused before any training, naming the folds to lower")
    func tooFewSubjectsForTheInnerFolds() throws {
        let search = try HyperparameterSearch(
            grid: HyperparameterGrid(rounds: [2], learningRates: [0.2], maximumDepths: [2]), innerFolds: 3, base: base)
        let dataset = try WindowedDataset(sessions: SyntheticMotion.sessions(subjects: 3), configuration: TrainingTests.configuration)
        #expect(
            throws: ActivityError.insufficientData(
                "outer fold 1 of 3 trains on 2 subjects, too few for the search's 3 inner folds; use fewer inner folds "
                    + "or fewer folds")
        ) { try ActivityTrainer(parameters: base).nestedCrossValidate(dataset: dataset, folds: 3, search: search) }
        let small = try WindowedDataset(sessions: SyntheticMotion.sessions(subjects: 2), configuration: TrainingTests.configuration)
        #expect(
            throws: ActivityError.insufficientData(
                "the search's 3 inner folds need at least 3 subjects, found 2; use fewer inner folds")
        ) { try search.select(dataset: small) }
    }

    @Test("grids with no value or values out of range are refused")
    func invalidGridsAreRefused() {
        #expect(throws: ActivityError.self) {
            try HyperparameterSearch(grid: HyperparameterGrid(rounds: [], learningRates: [0.1], maximumDepths: [3]))
        }
        #expect(throws: ActivityError.self) {
            try HyperparameterSearch(grid: HyperparameterGrid(rounds: [10], learningRates: [2], maximumDepths: [3]))
        }
        #expect(throws: ActivityError.self) { try HyperparameterSearch(innerFolds: 1) }
    }
}

/// Chooses boosting hyperparameters from a grid by cross-validation over groups (subjects) of the data it is given,
/// so that the windows a choice is reported on are never the ones it was chosen on (nest it inside an outer fold).
public struct HyperparameterSearch: Sendable {
    /// The candidates.
    public let grid: HyperparameterGrid
    /// Number of group-disjoint inner folds each candidate is scored on.
    public let innerFolds: Int
    /// Every parameter the grid does not set (minimum leaf size, fractions, bins, seed).
    public let base: GradientBoostingParameters

    /// Creates a search; the grid and fold count are validated.
    public init(grid: HyperparameterGrid = .standard, innerFolds: Int = 3, base: GradientBoostingParameters = GradientBoostingParameters())
        throws(ActivityError)
    {
        try grid.validate()
        guard (2...100).contains(innerFolds) else {
            throw .invalidParameters("the search needs 2...100 inner folds, got \(innerFolds)")
        }
        self.grid = grid
        self.innerFolds = innerFolds
        self.base = base
    }

    /// Trainings one search runs: one per learning rate and depth per inner fold.
    public var trainingCount: Int { grid.learningRates.count * grid.maximumDepths.count * innerFolds }

    /// Scores every candidate on group-disjoint inner folds of the windows `windows` of `dataset` (each of class
    /// `classes[window]`, an index into `classNames`) by pooled macro-F1, and chooses by
    /// ``choice(among:)``. Every fold learns from its windows' training rows
    /// (``WindowedDataset/trainingMatrix(windows:)``) and is scored on the recorded windows alone.
    public func select(
        in dataset: WindowedDataset, windows: [Int], classes: [Int], classNames: [String],
        progress: (_ completedTrainings: Int, _ totalTrainings: Int) -> Void = { _, _ in }
    ) throws(ActivityError) -> HyperparameterSelection {
        let groups = windows.map { dataset.groups[$0] }
        let subjects = Set(groups).count
        guard subjects >= innerFolds else {
            throw .insufficientData(
                "the search's \(innerFolds) inner folds need at least \(innerFolds) subjects, found \(subjects); use fewer "
                    + "inner folds")
        }
        let folds = try GroupedFolds(groups: groups, foldCount: innerFolds)
        let candidates = grid.candidates
        var confusions = candidates.map { _ in Array(repeating: ConfusionMatrix(classNames: classNames), count: innerFolds) }
        var completed = 0
        for fold in 0..<innerFolds {
            let training = folds.trainingWindows(holdingOut: fold).map { windows[$0] }
            let heldOut = folds.heldOutWindows(fold).map { windows[$0] }
            for depth in grid.maximumDepths {
                for rate in grid.learningRates {
                    let longest = TunedParameters(rounds: grid.rounds.last ?? 1, learningRate: rate, maximumDepth: depth)
                    let classifier = try GradientBoostingTrainer(parameters: longest.applied(to: base))
                        .train(
                            matrix: dataset.trainingMatrix(windows: training),
                            labels: dataset.trainingClasses(windows: training, classes: classes), classCount: classNames.count)
                    for window in heldOut {
                        let best = classifier.bestClasses(for: try dataset.features.row(window), afterRounds: grid.rounds)
                        for (checkpoint, prediction) in best.enumerated() {
                            let candidate = TunedParameters(rounds: grid.rounds[checkpoint], learningRate: rate, maximumDepth: depth)
                            if let index = candidates.firstIndex(of: candidate) {
                                confusions[index][fold].record(truth: classes[window], prediction: prediction)
                            }
                        }
                    }
                    completed += 1
                    progress(completed, trainingCount)
                }
            }
        }
        let scores = zip(candidates, confusions).map { candidate, folds in
            var pooled = ConfusionMatrix(classNames: classNames)
            for fold in folds { pooled.add(fold) }
            return CandidateScore(
                parameters: candidate, accuracy: pooled.accuracy, macroF1: pooled.macroF1,
                macroF1StandardError: Self.standardError(of: folds.map(\.macroF1)))
        }
        return HyperparameterSelection(
            method: "grid search, scored by pooled macro-F1 on \(innerFolds) subject-disjoint inner folds of the training "
                + "subjects only; the cheapest candidate within one standard error of the best",
            grid: grid, innerFolds: innerFolds, candidates: scores, chosen: Self.choice(among: scores) ?? TunedParameters(base))
    }

    /// The cheapest candidate whose macro-F1 is within one standard error of the best one's (the best's own error
    /// across the folds): the one-standard-error rule of Hastie, Tibshirani and Friedman, *The Elements of
    /// Statistical Learning* (2nd ed., section 7.10). Candidates closer than the folds' own noise are not told apart by
    /// the search, and the cheaper one is a smaller file, faster to evaluate and less fitted to the training subjects.
    /// Cheaper means fewer rounds, then a lower learning rate, then shallower trees; a score without a standard error
    /// counts as exact. `nil` for no candidates.
    public static func choice(among scores: [CandidateScore]) -> TunedParameters? {
        let byCost = scores.sorted { cost($0.parameters).lexicographicallyPrecedes(cost($1.parameters)) }
        guard let best = byCost.max(by: { $0.macroF1 < $1.macroF1 }) else { return nil }
        let bar = best.macroF1 - (best.macroF1StandardError ?? 0)
        return byCost.first { $0.macroF1 >= bar }?.parameters
    }

    /// The standard error of the mean of `values` (their sample standard deviation over the square root of their
    /// count); 0 for fewer than two.
    static func standardError(of values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let count = Double(values.count)
        let mean = values.reduce(0, +) / count
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (count - 1)
        return (variance / count).squareRoot()
    }

    /// Scores every candidate on group-disjoint inner folds of all of `dataset` (for the final model, after the
    /// reported score was measured by ``ActivityTrainer/nestedCrossValidate(dataset:folds:search:progress:)``).
    public func select(
        dataset: WindowedDataset, progress: (_ completedTrainings: Int, _ totalTrainings: Int) -> Void = { _, _ in }
    ) throws(ActivityError) -> HyperparameterSelection {
        let classNames = dataset.classNames
        return try select(
            in: dataset, windows: Array(0..<dataset.windowCount), classes: try ActivityTrainer.indices(of: dataset.labels, in: classNames),
            classNames: classNames, progress: progress)
    }

    /// What makes a candidate cheaper, compared in order: fewer rounds, a lower learning rate, shallower trees.
    private static func cost(_ parameters: TunedParameters) -> [Double] {
        [Double(parameters.rounds), parameters.learningRate, Double(parameters.maximumDepth)]
    }
}

extension GradientBoostedTrees {
    /// The most likely class for `features` after each round count in `checkpoints` (ascending), scoring the trees
    /// once: the first `r` rounds of a boosted model are that model trained for `r` rounds.
    public func bestClasses(for features: [Double], afterRounds checkpoints: [Int]) -> [Int] {
        var scores = initialScores
        var best: [Int] = []
        var next = 0
        for round in 0..<forest.roundCount {
            forest.addOutputs(ofRound: round, for: features, to: &scores)
            while next < checkpoints.count, checkpoints[next] == round + 1 {
                best.append(scores.indices.max { scores[$0] < scores[$1] } ?? 0)
                next += 1
            }
        }
        return best
    }
}

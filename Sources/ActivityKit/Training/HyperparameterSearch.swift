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
    /// `classes[window]`, an index into `classNames`) and picks the best pooled macro-F1; a tie goes to the cheaper
    /// candidate (fewer rounds, then lower rate, then shallower trees). Every fold learns from its windows' training
    /// rows (``WindowedDataset/trainingMatrix(windows:)``) and is scored on the recorded windows alone.
    public func select(
        in dataset: WindowedDataset, windows: [Int], classes: [Int], classNames: [String],
        progress: (_ completedTrainings: Int, _ totalTrainings: Int) -> Void = { _, _ in }
    ) throws(ActivityError) -> HyperparameterSelection {
        let folds = try GroupedFolds(groups: windows.map { dataset.groups[$0] }, foldCount: innerFolds)
        let candidates = grid.candidates
        var confusions = candidates.map { _ in ConfusionMatrix(classNames: classNames) }
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
                                confusions[index].record(truth: classes[window], prediction: prediction)
                            }
                        }
                    }
                    completed += 1
                    progress(completed, trainingCount)
                }
            }
        }
        let scores = zip(candidates, confusions).map {
            CandidateScore(parameters: $0, accuracy: $1.accuracy, macroF1: $1.macroF1)
        }
        let ranked = scores.enumerated().sorted { first, second in
            first.element.macroF1 != second.element.macroF1
                ? first.element.macroF1 > second.element.macroF1
                : Self.cost(first.element.parameters).lexicographicallyPrecedes(Self.cost(second.element.parameters))
        }
        return HyperparameterSelection(
            method: "grid search, scored by pooled macro-F1 on \(innerFolds) subject-disjoint inner folds of the training "
                + "subjects only (ties to the cheaper candidate)",
            grid: grid, innerFolds: innerFolds, candidates: scores, chosen: ranked.first?.element.parameters ?? TunedParameters(base))
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

    /// Ordering for ties: fewer rounds, then a lower learning rate, then shallower trees.
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

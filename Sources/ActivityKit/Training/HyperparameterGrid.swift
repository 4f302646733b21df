/// The boosting hyperparameters a grid search may change: rounds, learning rate and tree depth.
public struct TunedParameters: Codable, Sendable, Hashable {
    /// Boosting rounds.
    public var rounds: Int
    /// Learning rate (shrinkage).
    public var learningRate: Double
    /// Maximum tree depth.
    public var maximumDepth: Int

    /// Creates a choice.
    public init(rounds: Int, learningRate: Double, maximumDepth: Int) {
        self.rounds = rounds
        self.learningRate = learningRate
        self.maximumDepth = maximumDepth
    }

    /// The choice as it appears in `parameters`.
    public init(_ parameters: GradientBoostingParameters) {
        self.init(rounds: parameters.rounds, learningRate: parameters.learningRate, maximumDepth: parameters.maximumDepth)
    }

    /// `base` with this choice's rounds, learning rate and depth.
    public func applied(to base: GradientBoostingParameters) -> GradientBoostingParameters {
        var parameters = base
        parameters.rounds = rounds
        parameters.learningRate = learningRate
        parameters.maximumDepth = maximumDepth
        return parameters
    }
}

/// The candidates of a hyperparameter search: every combination of the listed rounds, learning rates and depths.
///
/// Each learning rate and depth is trained once, with the most rounds, and every smaller round count is scored on
/// the same trees cut short (the first `r` rounds of a boosted model are the model trained for `r` rounds), so the
/// rounds cost nothing extra.
public struct HyperparameterGrid: Codable, Sendable, Hashable {
    /// Round counts tried, ascending.
    public var rounds: [Int]
    /// Learning rates tried, ascending.
    public var learningRates: [Double]
    /// Tree depths tried, ascending.
    public var maximumDepths: [Int]

    /// Creates a grid; the values are sorted and deduplicated.
    public init(rounds: [Int], learningRates: [Double], maximumDepths: [Int]) {
        self.rounds = Array(Set(rounds)).sorted()
        self.learningRates = Array(Set(learningRates)).sorted()
        self.maximumDepths = Array(Set(maximumDepths)).sorted()
    }

    /// The grid `imu-train --tune` searches: 100, 200 or 300 rounds, learning rate 0.1 or 0.2, depth 3 or 4 (12
    /// candidates for 4 trainings per fold; the former fixed defaults, 300 rounds of depth 3 at 0.1, among them).
    public static let standard = HyperparameterGrid(rounds: [100, 200, 300], learningRates: [0.1, 0.2], maximumDepths: [3, 4])

    /// Every candidate, cheapest first: depth, then learning rate, then rounds ascending.
    public var candidates: [TunedParameters] {
        maximumDepths.flatMap { depth in
            learningRates.flatMap { rate in
                rounds.map { TunedParameters(rounds: $0, learningRate: rate, maximumDepth: depth) }
            }
        }
    }

    /// Checks every value against the ranges of ``GradientBoostingParameters``.
    public func validate() throws(ActivityError) {
        guard !rounds.isEmpty, !learningRates.isEmpty, !maximumDepths.isEmpty else {
            throw .invalidParameters("a hyperparameter grid needs at least one round count, learning rate and depth")
        }
        for candidate in candidates { try candidate.applied(to: GradientBoostingParameters()).validate() }
    }
}

/// How well one candidate of a grid search did on the inner folds (pooled over their held-out windows).
public struct CandidateScore: Codable, Sendable, Hashable {
    /// The candidate.
    public var parameters: TunedParameters
    /// Accuracy over the inner folds' held-out windows.
    public var accuracy: Double
    /// Macro-F1 over the inner folds' held-out windows: what the search ranks candidates by.
    public var macroF1: Double
    /// Standard error of the macro-F1 from fold to fold (the folds' standard deviation over the square root of their
    /// count); absent in model files from before the search recorded it.
    public var macroF1StandardError: Double?

    /// Creates a score.
    public init(parameters: TunedParameters, accuracy: Double, macroF1: Double, macroF1StandardError: Double? = nil) {
        self.parameters = parameters
        self.accuracy = accuracy
        self.macroF1 = macroF1
        self.macroF1StandardError = macroF1StandardError
    }
}

/// How a model's hyperparameters were chosen, stored in its file.
public struct HyperparameterSelection: Codable, Sendable, Hashable {
    /// The procedure in words.
    public var method: String
    /// The grid searched, when there was a search.
    public var grid: HyperparameterGrid?
    /// Number of subject-grouped inner folds the candidates were scored on, when there was a search.
    public var innerFolds: Int?
    /// Every candidate's score, in ``HyperparameterGrid/candidates`` order, when there was a search.
    public var candidates: [CandidateScore]?
    /// The choice.
    public var chosen: TunedParameters

    /// Creates a record of a choice.
    public init(
        method: String, grid: HyperparameterGrid? = nil, innerFolds: Int? = nil, candidates: [CandidateScore]? = nil,
        chosen: TunedParameters
    ) {
        self.method = method
        self.grid = grid
        self.innerFolds = innerFolds
        self.candidates = candidates
        self.chosen = chosen
    }

    /// Parameters given by the user (or the defaults), not chosen on any data.
    public static func given(_ parameters: GradientBoostingParameters) -> HyperparameterSelection {
        HyperparameterSelection(
            method: "given: the imu-train flags or their defaults, not chosen on this data", chosen: TunedParameters(parameters))
    }
}

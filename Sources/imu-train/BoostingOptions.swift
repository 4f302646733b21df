import ActivityKit
import ArgumentParser
import CommandLineSupport

/// Command-line options for the gradient-boosting hyperparameters.
struct BoostingOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Boosting rounds (default: \(GradientBoostingParameters().rounds); with --tune, the only round count searched).")
    var rounds: Int?

    @Option(
        parsing: .unconditional,
        help: "Learning rate, shrinkage (default: \(GradientBoostingParameters().learningRate); with --tune, the only rate searched).")
    var learningRate: Double?

    @Option(
        parsing: .unconditional,
        help: "Maximum tree depth (default: \(GradientBoostingParameters().maximumDepth); with --tune, the only depth searched).")
    var maxDepth: Int?

    @Option(parsing: .unconditional, help: "Fraction of features each tree may use.")
    var featureFraction = GradientBoostingParameters().featureFraction

    @Option(parsing: .unconditional, help: "Seed for every random choice (same data + seed = same model).")
    var seed = GradientBoostingParameters().seed

    /// Refuses boosting flags outside their ranges (see `GradientBoostingParameters.validate()`).
    func validate() throws {
        if let rounds { try requireFlag("--rounds", rounds, in: 1...GradientBoostingParameters.maximumRounds) }
        if let learningRate { try requireFraction("--learning-rate", learningRate) }
        if let maxDepth { try requireFlag("--max-depth", maxDepth, in: 1...16) }
        try requireFraction("--feature-fraction", featureFraction)
    }

    /// The validated parameters.
    func parameters() throws(ActivityError) -> GradientBoostingParameters {
        var parameters = GradientBoostingParameters()
        if let rounds { parameters.rounds = rounds }
        if let learningRate { parameters.learningRate = learningRate }
        if let maxDepth { parameters.maximumDepth = maxDepth }
        parameters.featureFraction = featureFraction
        parameters.seed = seed
        try parameters.validate()
        return parameters
    }

    /// The grid `--tune` searches: the standard one, with each of rounds, learning rate and depth that was given held
    /// at its value.
    var grid: HyperparameterGrid {
        let standard = HyperparameterGrid.standard
        return HyperparameterGrid(
            rounds: rounds.map { [$0] } ?? standard.rounds,
            learningRates: learningRate.map { [$0] } ?? standard.learningRates,
            maximumDepths: maxDepth.map { [$0] } ?? standard.maximumDepths)
    }
}

import ActivityKit
import ArgumentParser
import CommandLineSupport

/// Command-line options for the gradient-boosting hyperparameters.
struct BoostingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Boosting rounds.")
    var rounds = GradientBoostingParameters().rounds

    @Option(parsing: .unconditional, help: "Learning rate (shrinkage).")
    var learningRate = GradientBoostingParameters().learningRate

    @Option(parsing: .unconditional, help: "Maximum tree depth.")
    var maxDepth = GradientBoostingParameters().maximumDepth

    @Option(parsing: .unconditional, help: "Fraction of features each tree may use.")
    var featureFraction = GradientBoostingParameters().featureFraction

    @Option(parsing: .unconditional, help: "Seed for every random choice (same data + seed = same model).")
    var seed = GradientBoostingParameters().seed

    /// Refuses boosting flags outside their ranges (see `GradientBoostingParameters.validate()`).
    func validate() throws {
        try requireFlag("--rounds", rounds, in: 1...GradientBoostingParameters.maximumRounds)
        try requireFraction("--learning-rate", learningRate)
        try requireFlag("--max-depth", maxDepth, in: 1...16)
        try requireFraction("--feature-fraction", featureFraction)
    }

    /// The validated parameters.
    func parameters() throws(ActivityError) -> GradientBoostingParameters {
        var parameters = GradientBoostingParameters()
        parameters.rounds = rounds
        parameters.learningRate = learningRate
        parameters.maximumDepth = maxDepth
        parameters.featureFraction = featureFraction
        parameters.seed = seed
        try parameters.validate()
        return parameters
    }
}

/// Hyperparameters of the histogram gradient-boosted trees; the defaults were chosen by subject-disjoint cross-validation.
public struct GradientBoostingParameters: Codable, Hashable, Sendable {
    /// Number of boosting rounds (one tree per class per round).
    public var rounds: Int = 300
    /// Shrinkage applied to every tree's output.
    public var learningRate: Double = 0.1
    /// Maximum depth of each tree.
    public var maximumDepth: Int = 3
    /// Minimum number of training windows in a leaf.
    public var minimumLeafSize: Int = 10
    /// L2 regularisation of leaf values.
    public var l2Regularisation: Double = 1
    /// Fraction of features each tree may split on, drawn per tree.
    public var featureFraction: Double = 0.5
    /// Fraction of training windows each tree sees, drawn per tree without replacement.
    public var rowFraction: Double = 0.8
    /// Maximum number of quantile bins per feature (at most 256).
    public var maximumBins: Int = 64
    /// Seed of every random choice; the same data and seed give the same model.
    public var seed: UInt64 = 1

    /// Creates the default parameters.
    public init() {}

    /// The most boosting rounds accepted (the models in Benchmarks/Activity use 300).
    public static let maximumRounds = 10_000

    /// Checks every parameter's range and says which one is wrong.
    public func validate() throws(ActivityError) {
        guard (1...Self.maximumRounds).contains(rounds) else {
            throw .invalidParameters("rounds must be in 1...\(Self.maximumRounds), got \(rounds)")
        }
        guard learningRate > 0, learningRate <= 1 else {
            throw .invalidParameters("learning rate must be in (0, 1], got \(learningRate)")
        }
        guard maximumDepth >= 1, maximumDepth <= 16 else {
            throw .invalidParameters("maximum depth must be in 1...16, got \(maximumDepth)")
        }
        guard minimumLeafSize >= 1 else {
            throw .invalidParameters("minimum leaf size must be at least 1, got \(minimumLeafSize)")
        }
        guard l2Regularisation >= 0 else {
            throw .invalidParameters("L2 regularisation must not be negative, got \(l2Regularisation)")
        }
        guard featureFraction > 0, featureFraction <= 1 else {
            throw .invalidParameters("feature fraction must be in (0, 1], got \(featureFraction)")
        }
        guard rowFraction > 0, rowFraction <= 1 else {
            throw .invalidParameters("row fraction must be in (0, 1], got \(rowFraction)")
        }
        guard maximumBins >= 2, maximumBins <= 256 else {
            throw .invalidParameters("maximum bins must be in 2...256, got \(maximumBins)")
        }
    }
}

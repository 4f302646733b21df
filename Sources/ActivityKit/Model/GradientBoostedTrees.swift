#if canImport(Glibc)
import Glibc
#endif

/// A multi-class classifier: one regression tree per class per round, summed into scores and turned into probabilities by softmax.
public struct GradientBoostedTrees: Codable, Sendable, Hashable {
    /// Number of classes.
    public let classCount: Int
    /// Starting score per class (log prior).
    public let initialScores: [Double]
    /// The trees, laid out for prediction.
    let forest: FlatForest

    /// Creates a classifier from its parts.
    public init(classCount: Int, initialScores: [Double], rounds: [[RegressionTree]]) {
        var forest = FlatForest()
        for round in rounds { forest.append(round: round) }
        self.init(classCount: classCount, initialScores: initialScores, forest: forest)
    }

    private init(classCount: Int, initialScores: [Double], forest: FlatForest) {
        self.classCount = classCount
        self.initialScores = initialScores
        self.forest = forest
    }

    /// The trees, round after round, each round holding one tree per class, as laid out for prediction: the fields a
    /// node does not use (see ``RegressionTree``) read 0, and a tree that was not well formed reads as a leaf of 0.
    public var rounds: [[RegressionTree]] { forest.rounds }

    private enum CodingKeys: String, CodingKey {
        case classCount, initialScores, rounds
    }

    /// Decodes a classifier from its parts, laying out each round as it is read (the whole model's trees are never
    /// held as arrays).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var rounds = try container.nestedUnkeyedContainer(forKey: .rounds)
        var forest = FlatForest()
        while !rounds.isAtEnd { forest.append(round: try rounds.decode([RegressionTree].self)) }
        self.init(
            classCount: try container.decode(Int.self, forKey: .classCount),
            initialScores: try container.decode([Double].self, forKey: .initialScores),
            forest: forest)
    }

    /// Encodes the classifier's parts: its class count, initial scores and rounds of trees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(classCount, forKey: .classCount)
        try container.encode(initialScores, forKey: .initialScores)
        try container.encode(rounds, forKey: .rounds)
    }

    /// Class probabilities for one feature vector; they sum to 1.
    public func probabilities(for features: [Double]) -> [Double] {
        var scores = initialScores
        forest.addOutputs(for: features, to: &scores)
        return Self.softmax(scores)
    }

    /// Whether the shapes agree with `featureCount` features and ``classCount`` classes.
    public func isWellFormed(featureCount: Int) -> Bool {
        classCount >= 2 && initialScores.count == classCount
            && forest.everyRound(holds: classCount) && forest.treesAreWellFormed
            && Int(forest.largestFeature) < featureCount
    }

    /// Whether every initial score, leaf value and split threshold is a finite number.
    public var hasFiniteParameters: Bool {
        initialScores.allSatisfy(\.isFinite) && forest.parametersAreFinite
    }

    /// Largest class score magnitude a model may reach: trained models stay within tens of log-odds, so a bound
    /// of 10^6 refuses hand-edited scores long before they could overflow or swamp every other class.
    public static let scoreMagnitudeLimit = 1e6

    /// Whether every class score stays within ``scoreMagnitudeLimit`` for any input: the initial score plus each
    /// tree's largest leaf, in magnitude (then softmax, too, gives finite probabilities).
    public var hasBoundedScores: Bool {
        (0..<classCount).allSatisfy { classIndex in
            let trees = classIndex < forest.scoreBounds.count ? forest.scoreBounds[classIndex] : 0
            return abs(initialScores[classIndex]) + trees <= Self.scoreMagnitudeLimit
        }
    }

    /// Numerically stable softmax.
    static func softmax(_ scores: [Double]) -> [Double] {
        let largest = scores.max() ?? 0
        let exponentials = scores.map { exp($0 - largest) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }
}

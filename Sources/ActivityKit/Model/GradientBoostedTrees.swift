#if canImport(Glibc)
import Glibc
#endif

/// A multi-class classifier: one regression tree per class per round, summed into scores and turned into probabilities by softmax.
public struct GradientBoostedTrees: Codable, Sendable, Hashable {
    /// Number of classes.
    public let classCount: Int
    /// Starting score per class (log prior).
    public let initialScores: [Double]
    /// The trees, round after round, each round holding one tree per class.
    public let rounds: [[RegressionTree]]
    /// The same trees laid out for prediction.
    private let forest: FlatForest

    /// Creates a classifier from its parts.
    public init(classCount: Int, initialScores: [Double], rounds: [[RegressionTree]]) {
        self.classCount = classCount
        self.initialScores = initialScores
        self.rounds = rounds
        forest = FlatForest(rounds: rounds)
    }

    private enum CodingKeys: String, CodingKey {
        case classCount, initialScores, rounds
    }

    /// Decodes a classifier from its parts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            classCount: try container.decode(Int.self, forKey: .classCount),
            initialScores: try container.decode([Double].self, forKey: .initialScores),
            rounds: try container.decode([[RegressionTree]].self, forKey: .rounds))
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
            && rounds.allSatisfy {
                $0.count == classCount && $0.allSatisfy { $0.isWellFormed(featureCount: featureCount) }
            }
    }

    /// Whether every initial score, leaf value and split threshold is a finite number.
    public var hasFiniteParameters: Bool {
        initialScores.allSatisfy(\.isFinite)
            && rounds.allSatisfy {
                $0.allSatisfy { $0.value.allSatisfy(\.isFinite) && $0.threshold.allSatisfy(\.isFinite) }
            }
    }

    /// Largest class score magnitude a model may reach: trained models stay within tens of log-odds, so a bound
    /// of 10^6 refuses hand-edited scores long before they could overflow or swamp every other class.
    public static let scoreMagnitudeLimit = 1e6

    /// Whether every class score stays within ``scoreMagnitudeLimit`` for any input: the initial score plus each
    /// tree's largest leaf, in magnitude (then softmax, too, gives finite probabilities).
    public var hasBoundedScores: Bool {
        (0..<classCount).allSatisfy { classIndex in
            rounds.reduce(abs(initialScores[classIndex])) { bound, round in
                bound + (round[classIndex].value.lazy.map(abs).max() ?? 0)
            } <= Self.scoreMagnitudeLimit
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

/// The classifier's output for one window: a probability per activity.
public struct ActivityPrediction: Sendable, Hashable {
    /// Activity names, in the model's order.
    public let classNames: [String]
    /// Probability of each activity, in the order of ``classNames``; they sum to 1.
    public let probabilities: [Double]

    /// Creates a prediction; `probabilities` must be as long as `classNames` and non-empty.
    public init(classNames: [String], probabilities: [Double]) {
        precondition(!classNames.isEmpty && classNames.count == probabilities.count, "ActivityPrediction: one probability per class")
        self.classNames = classNames
        self.probabilities = probabilities
    }

    /// Index of the most probable activity (the first one on ties).
    public var bestIndex: Int {
        probabilities.indices.max { probabilities[$0] < probabilities[$1] || (probabilities[$0] == probabilities[$1] && $0 > $1) } ?? 0
    }

    /// The most probable activity.
    public var activity: String { classNames[bestIndex] }

    /// Probability of the most probable activity.
    public var confidence: Double { probabilities[bestIndex] }
}

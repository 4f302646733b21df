/// Counts of true versus predicted activities, with the usual metrics derived from them.
public struct ConfusionMatrix: Sendable, Equatable, Codable {
    /// Activity names; row and column `i` both refer to `classNames[i]`.
    public let classNames: [String]
    /// `counts[truth][prediction]`: how many windows of activity `truth` were classified as `prediction`.
    public private(set) var counts: [[Int]]

    /// Creates an empty matrix over `classNames`.
    public init(classNames: [String]) {
        self.classNames = classNames
        counts = Array(repeating: Array(repeating: 0, count: classNames.count), count: classNames.count)
    }

    /// Creates a matrix from existing counts (`counts[truth][prediction]`); the counts must be square and match the names.
    public init(classNames: [String], counts: [[Int]]) throws(ActivityError) {
        guard counts.count == classNames.count, counts.allSatisfy({ $0.count == classNames.count }) else {
            throw .insufficientData(
                "a confusion matrix over \(classNames.count) classes needs \(classNames.count)x\(classNames.count) counts")
        }
        self.classNames = classNames
        self.counts = counts
    }

    /// Records one window whose true class is `truth` and predicted class is `prediction` (indices into ``classNames``).
    public mutating func record(truth: Int, prediction: Int) {
        counts[truth][prediction] += 1
    }

    /// Adds every count of `other`, which must have the same class names.
    public mutating func add(_ other: ConfusionMatrix) {
        for truth in counts.indices {
            for prediction in counts.indices { counts[truth][prediction] += other.counts[truth][prediction] }
        }
    }

    /// Total number of windows.
    public var total: Int { counts.reduce(0) { $0 + $1.reduce(0, +) } }

    /// Fraction of windows classified correctly (0 when empty).
    public var accuracy: Double {
        let correct = counts.indices.reduce(0) { $0 + counts[$1][$1] }
        return total == 0 ? 0 : Double(correct) / Double(total)
    }

    /// Windows whose true class is `index`.
    public func support(_ index: Int) -> Int { counts[index].reduce(0, +) }

    /// Of the windows predicted as class `index`, the fraction that truly are (0 when none were predicted).
    public func precision(_ index: Int) -> Double {
        let predicted = counts.reduce(0) { $0 + $1[index] }
        return predicted == 0 ? 0 : Double(counts[index][index]) / Double(predicted)
    }

    /// Of the windows of class `index`, the fraction predicted as such (0 when there are none).
    public func recall(_ index: Int) -> Double {
        let actual = support(index)
        return actual == 0 ? 0 : Double(counts[index][index]) / Double(actual)
    }

    /// Harmonic mean of precision and recall of class `index`.
    public func f1(_ index: Int) -> Double {
        let precision = precision(index)
        let recall = recall(index)
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    /// Unweighted mean of the per-class F1 scores over the classes that occur (as truth or prediction).
    public var macroF1: Double {
        let present = counts.indices.filter { index in support(index) > 0 || counts.contains { $0[index] > 0 } }
        guard !present.isEmpty else { return 0 }
        return present.reduce(0) { $0 + f1($1) } / Double(present.count)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Trains ``GradientBoostedTrees`` with softmax loss on binned features (histogram gradient boosting).
///
/// Deterministic: every random draw comes from a generator seeded by the parameters' seed, the round and the class,
/// so the classes of a round can be grown in parallel without changing the result.
public struct GradientBoostingTrainer: Sendable {
    /// The hyperparameters used for training.
    public let parameters: GradientBoostingParameters

    /// Creates a trainer with validated parameters.
    public init(parameters: GradientBoostingParameters = GradientBoostingParameters()) throws(ActivityError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// Fits a classifier to `matrix` with labels in `0..<classCount`, reporting each finished round to `progress`.
    public func train(
        matrix: FeatureMatrix, labels: [Int], classCount: Int, progress: (_ completedRounds: Int, _ totalRounds: Int) -> Void = { _, _ in }
    ) throws(ActivityError) -> GradientBoostedTrees {
        let rowCount = matrix.rowCount
        guard rowCount == labels.count else { throw .insufficientData("\(rowCount) feature rows but \(labels.count) labels") }
        guard classCount >= 2 else { throw .insufficientData("training needs at least two activities, found \(classCount)") }
        guard rowCount >= 2 * parameters.minimumLeafSize else {
            throw .insufficientData("\(rowCount) windows are too few; record longer sessions")
        }
        guard labels.allSatisfy({ (0..<classCount).contains($0) }) else { throw .insufficientData("a label is outside 0..<\(classCount)") }

        let binning = try FeatureBinning(matrix: matrix, maximumBins: parameters.maximumBins)
        let grower = TreeGrower(
            bins: try binning.binned(matrix), edges: binning.edges, rowCount: rowCount, parameters: parameters
        )
        var counts = [Double](repeating: 1, count: classCount)
        for label in labels { counts[label] += 1 }
        let initialScores = counts.map { log($0 / (Double(rowCount) + Double(classCount))) }
        var scores = [Double](repeating: 0, count: rowCount * classCount)
        for row in 0..<rowCount {
            for classIndex in 0..<classCount { scores[row * classCount + classIndex] = initialScores[classIndex] }
        }

        var rounds: [[RegressionTree]] = []
        rounds.reserveCapacity(parameters.rounds)
        for round in 0..<parameters.rounds {
            var probabilities = scores
            for row in 0..<rowCount {
                let softmax = GradientBoostedTrees.softmax(Array(scores[row * classCount..<(row + 1) * classCount]))
                for classIndex in 0..<classCount { probabilities[row * classCount + classIndex] = softmax[classIndex] }
            }
            let frozenProbabilities = probabilities
            let trees = concurrentMap(classCount) { classIndex in
                var generator = SeededGenerator(
                    seed: parameters.seed &* 0x100_0000_01B3 &+ UInt64(round) &* 1_000_003 &+ UInt64(classIndex))
                var gradients = [Double](repeating: 0, count: rowCount)
                var hessians = [Double](repeating: 0, count: rowCount)
                for row in 0..<rowCount {
                    let probability = frozenProbabilities[row * classCount + classIndex]
                    gradients[row] = probability - (labels[row] == classIndex ? 1 : 0)
                    hessians[row] = Swift.max(probability * (1 - probability), 1e-6)
                }
                return grower.grow(gradients: gradients, hessians: hessians, generator: &generator)
            }
            for (classIndex, tree) in trees.enumerated() {
                for row in 0..<rowCount {
                    scores[row * classCount + classIndex] += tree.leafValue(row: row, bins: grower.bins, rowCount: rowCount)
                }
            }
            rounds.append(trees.map(\.tree))
            progress(round + 1, parameters.rounds)
        }
        return GradientBoostedTrees(classCount: classCount, initialScores: initialScores, rounds: rounds)
    }
}

/// A tree as grown: raw-value thresholds for prediction plus bin thresholds for updating training scores.
struct BinnedTree: Sendable {
    /// The tree over raw feature values.
    var tree: RegressionTree
    /// Bin threshold per node: bins `<=` go left.
    var binThreshold: [Int]

    /// Leaf output for training row `row` of the column-major bin table.
    func leafValue(row: Int, bins: [UInt8], rowCount: Int) -> Double {
        var node = 0
        while tree.feature[node] >= 0 {
            let bin = Int(bins[tree.feature[node] * rowCount + row])
            node = bin <= binThreshold[node] ? tree.left[node] : tree.right[node]
        }
        return tree.value[node]
    }
}

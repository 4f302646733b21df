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

/// Grows one depth-limited regression tree on gradient/hessian histograms.
struct TreeGrower: Sendable {
    /// Bin index per value, column after column.
    let bins: [UInt8]
    /// Bin edges per feature, to turn bin thresholds into raw thresholds.
    let edges: [[Double]]
    /// Number of training rows.
    let rowCount: Int
    /// Hyperparameters.
    let parameters: GradientBoostingParameters

    private struct Split {
        var feature: Int
        var bin: Int
        var gain: Double
    }

    private struct PendingNode {
        var index: Int
        var rows: [Int]
        var depth: Int
    }

    func grow(gradients: [Double], hessians: [Double], generator: inout SeededGenerator) -> BinnedTree {
        let featureCount = edges.count
        let chosenFeatures = Self.sample(
            count: Swift.max(1, Int((Double(featureCount) * parameters.featureFraction).rounded())), of: featureCount, generator: &generator
        )
        let rows =
            parameters.rowFraction < 1
            ? Self.sample(
                count: Swift.max(1, Int((Double(rowCount) * parameters.rowFraction).rounded())), of: rowCount, generator: &generator)
            : Array(0..<rowCount)

        var tree = BinnedTree(tree: RegressionTree(feature: [-1], threshold: [0], left: [0], right: [0], value: [0]), binThreshold: [0])
        var pending = [PendingNode(index: 0, rows: rows, depth: 0)]
        while let node = pending.popLast() {
            var gradientSum = 0.0
            var hessianSum = 0.0
            for row in node.rows {
                gradientSum += gradients[row]
                hessianSum += hessians[row]
            }
            let split =
                node.depth < parameters.maximumDepth && node.rows.count >= 2 * parameters.minimumLeafSize
                ? bestSplit(
                    rows: node.rows, features: chosenFeatures, gradients: gradients, hessians: hessians, gradientSum: gradientSum,
                    hessianSum: hessianSum)
                : nil
            guard let split else {
                tree.tree.value[node.index] = -gradientSum / (hessianSum + parameters.l2Regularisation) * parameters.learningRate
                continue
            }
            let column = split.feature * rowCount
            let leftRows = node.rows.filter { Int(bins[column + $0]) <= split.bin }
            let rightRows = node.rows.filter { Int(bins[column + $0]) > split.bin }
            let leftIndex = tree.tree.nodeCount
            for _ in 0..<2 {
                tree.tree.feature.append(-1)
                tree.tree.threshold.append(0)
                tree.tree.left.append(0)
                tree.tree.right.append(0)
                tree.tree.value.append(0)
                tree.binThreshold.append(0)
            }
            tree.tree.feature[node.index] = split.feature
            tree.tree.threshold[node.index] = edges[split.feature][split.bin]
            tree.tree.left[node.index] = leftIndex
            tree.tree.right[node.index] = leftIndex + 1
            tree.binThreshold[node.index] = split.bin
            pending.append(PendingNode(index: leftIndex + 1, rows: rightRows, depth: node.depth + 1))
            pending.append(PendingNode(index: leftIndex, rows: leftRows, depth: node.depth + 1))
        }
        return tree
    }

    private func bestSplit(
        rows: [Int], features: [Int], gradients: [Double], hessians: [Double], gradientSum: Double, hessianSum: Double
    ) -> Split? {
        let lambda = parameters.l2Regularisation
        let parentScore = gradientSum * gradientSum / (hessianSum + lambda)
        var best: Split?
        var histogram = [HistogramBin](repeating: HistogramBin(), count: 256)
        for feature in features {
            let edgeCount = edges[feature].count
            guard edgeCount > 0 else { continue }
            accumulate(feature: feature, edgeCount: edgeCount, rows: rows, gradients: gradients, hessians: hessians, into: &histogram)
            var left = HistogramBin()
            for bin in 0..<edgeCount {
                left.gradient += histogram[bin].gradient
                left.hessian += histogram[bin].hessian
                left.count += histogram[bin].count
                let rightCount = rows.count - left.count
                guard left.count >= parameters.minimumLeafSize else { continue }
                guard rightCount >= parameters.minimumLeafSize else { break }
                let rightGradient = gradientSum - left.gradient
                let rightHessian = hessianSum - left.hessian
                let gain =
                    left.gradient * left.gradient / (left.hessian + lambda)
                    + rightGradient * rightGradient / (rightHessian + lambda) - parentScore
                if gain > (best?.gain ?? 1e-9) {
                    best = Split(feature: feature, bin: bin, gain: gain)
                }
            }
        }
        return best
    }

    /// The sums of the gradients and hessians of `rows` in each bin of `feature`, and their counts, in
    /// `histogram[0...edgeCount]`. The rows come from `0..<rowCount` and a bin is a byte, so every access below is in
    /// bounds; reading through buffers without checks, one bin's three sums side by side, is most of the training's
    /// speed (this loop is 80 % of it).
    private func accumulate(
        feature: Int, edgeCount: Int, rows: [Int], gradients: [Double], hessians: [Double], into histogram: inout [HistogramBin]
    ) {
        precondition(gradients.count == rowCount && hessians.count == rowCount && histogram.count == 256)
        bins.withUnsafeBufferPointer { bins in
            let column = UnsafeBufferPointer(rebasing: bins[feature * rowCount..<(feature + 1) * rowCount])
            gradients.withUnsafeBufferPointer { gradients in
                hessians.withUnsafeBufferPointer { hessians in
                    histogram.withUnsafeMutableBufferPointer { histogram in
                        for bin in 0...edgeCount { histogram[bin] = HistogramBin() }
                        for row in rows {
                            let bin = Int(column[row])
                            histogram[bin].gradient += gradients[row]
                            histogram[bin].hessian += hessians[row]
                            histogram[bin].count += 1
                        }
                    }
                }
            }
        }
    }

    /// One bin of a feature's histogram: the sums of its rows' gradients and hessians, and how many rows.
    private struct HistogramBin {
        var gradient = 0.0
        var hessian = 0.0
        var count = 0
    }

    /// `count` distinct indices from `0..<population`, ascending (partial Fisher-Yates).
    static func sample(count: Int, of population: Int, generator: inout SeededGenerator) -> [Int] {
        guard count < population else { return Array(0..<population) }
        var pool = Array(0..<population)
        for index in 0..<count {
            let swapIndex = index + Int(generator.next() % UInt64(population - index))
            pool.swapAt(index, swapIndex)
        }
        return pool[0..<count].sorted()
    }
}

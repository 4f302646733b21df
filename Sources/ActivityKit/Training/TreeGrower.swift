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
        /// The node's histograms, given by its parent's split when the node may be split; nil for the root.
        var histograms: NodeHistograms?
    }

    func grow(gradients: [Double], hessians: [Double], generator: inout SeededGenerator) -> BinnedTree {
        let featureCount = edges.count
        // A feature without edges has one bin and cannot split a node.
        let chosenFeatures = Self.sample(
            count: Swift.max(1, Int((Double(featureCount) * parameters.featureFraction).rounded())), of: featureCount, generator: &generator
        )
        .filter { !edges[$0].isEmpty }
        let rows =
            parameters.rowFraction < 1
            ? Self.sample(
                count: Swift.max(1, Int((Double(rowCount) * parameters.rowFraction).rounded())), of: rowCount, generator: &generator)
            : Array(0..<rowCount)
        func histograms(of rows: [Int]) -> NodeHistograms {
            NodeHistograms(
                rows: rows, features: chosenFeatures, binTable: bins, rowCount: rowCount, gradients: gradients, hessians: hessians)
        }

        var tree = BinnedTree(tree: RegressionTree(feature: [-1], threshold: [0], left: [0], right: [0], value: [0]), binThreshold: [0])
        var pending = [PendingNode(index: 0, rows: rows, depth: 0, histograms: nil)]
        while let node = pending.popLast() {
            var gradientSum = 0.0
            var hessianSum = 0.0
            for row in node.rows {
                gradientSum += gradients[row]
                hessianSum += hessians[row]
            }
            let nodeHistograms = mayBeSplit(node) ? node.histograms ?? histograms(of: node.rows) : nil
            let split = nodeHistograms.flatMap {
                bestSplit(
                    in: $0, features: chosenFeatures, rowCount: node.rows.count, gradientSum: gradientSum, hessianSum: hessianSum)
            }
            guard let split, let nodeHistograms else {
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
            var left = PendingNode(index: leftIndex, rows: leftRows, depth: node.depth + 1, histograms: nil)
            var right = PendingNode(index: leftIndex + 1, rows: rightRows, depth: node.depth + 1, histograms: nil)
            // The smaller child's histograms are summed from its rows, the larger's are the parent's less those.
            if mayBeSplit(left) || mayBeSplit(right) {
                let leftIsSmaller = leftRows.count < rightRows.count
                let summed = histograms(of: leftIsSmaller ? leftRows : rightRows)
                let derived = nodeHistograms.subtracting(summed)
                if mayBeSplit(left) { left.histograms = leftIsSmaller ? summed : derived }
                if mayBeSplit(right) { right.histograms = leftIsSmaller ? derived : summed }
            }
            pending.append(right)
            pending.append(left)
        }
        return tree
    }

    /// Whether `node` is shallow enough and has rows enough to be split.
    private func mayBeSplit(_ node: PendingNode) -> Bool {
        node.depth < parameters.maximumDepth && node.rows.count >= 2 * parameters.minimumLeafSize
    }

    /// The split of a node of `rowCount` rows with the largest gain above 1e-9 (the lowest bin of the first feature
    /// among equals), from its `histograms` over `features`.
    private func bestSplit(
        in histograms: NodeHistograms, features: [Int], rowCount: Int, gradientSum: Double, hessianSum: Double
    ) -> Split? {
        let lambda = parameters.l2Regularisation
        let parentScore = gradientSum * gradientSum / (hessianSum + lambda)
        var best: Split?
        for (index, feature) in features.enumerated() {
            let histogram = histograms.bins(ofFeatureAt: index)
            var left = NodeHistograms.Bin()
            for bin in 0..<edges[feature].count {
                let sums = histogram[histogram.startIndex + bin]
                left.gradient += sums.gradient
                left.hessian += sums.hessian
                left.count += sums.count
                let rightCount = rowCount - left.count
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

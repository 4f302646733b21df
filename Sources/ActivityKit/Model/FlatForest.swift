/// The trees of a ``GradientBoostedTrees`` classifier laid out for prediction: every node of every tree in one array,
/// round after round and class after class, children as indices into it, so that a prediction walks one block of
/// memory instead of five arrays per tree (a twentieth of a replay's time went to the trees). The trees are kept only
/// in this form (a model's 600 trees as 3 000 arrays held another 0.45 MB); what validation needs to know of the
/// arrays they came from is noted as they are laid out.
///
/// A tree that ``RegressionTree/isWellFormed(featureCount:)`` would refuse whatever the feature count (arrays of
/// different lengths, a child that does not come after its parent or lies outside the tree) is laid out as a single
/// leaf of 0: model files holding one are refused when loaded, and the walk needs every child to lie ahead of its parent.
struct FlatForest: Sendable, Hashable {
    /// A split on `feature` (left when the value is at most `threshold`), or a leaf (`feature` -1) whose output is
    /// `threshold`.
    private struct Node: Sendable, Hashable {
        var feature: Int32
        var left: Int32
        var right: Int32
        var threshold: Double
    }

    private var nodes: [Node] = []
    /// The root of every tree, round after round.
    private var roots: [Int] = []
    /// The class each tree of `roots` scores.
    private var classes: [Int] = []
    /// The index in `roots` of each round's first tree.
    private var roundStarts: [Int] = []

    /// Whether every tree laid out was well formed for some feature count.
    private(set) var treesAreWellFormed = true
    /// Whether every leaf value and split threshold of the arrays laid out, used or not, was a finite number.
    private(set) var parametersAreFinite = true
    /// For each class index, the sum over rounds of the largest leaf value magnitude of its tree.
    private(set) var scoreBounds: [Double] = []

    /// An empty forest, to which rounds are appended.
    init() {}

    /// Number of rounds laid out.
    var roundCount: Int { roundStarts.count }

    /// Lays out one more round (one tree per class, the class's index in the round) after those already laid out.
    mutating func append(round: [RegressionTree]) {
        roundStarts.append(roots.count)
        for (classIndex, tree) in round.enumerated() {
            roots.append(nodes.count)
            classes.append(classIndex)
            parametersAreFinite = parametersAreFinite && tree.value.allSatisfy(\.isFinite) && tree.threshold.allSatisfy(\.isFinite)
            if classIndex == scoreBounds.count { scoreBounds.append(0) }
            scoreBounds[classIndex] += tree.value.lazy.map(abs).max() ?? 0
            guard tree.isWellFormed(featureCount: Int(Int32.max)) else {
                treesAreWellFormed = false
                nodes.append(Node(feature: -1, left: 0, right: 0, threshold: 0))
                continue
            }
            let offset = Int32(nodes.count)
            for node in 0..<tree.nodeCount {
                nodes.append(
                    tree.feature[node] >= 0
                        ? Node(
                            feature: Int32(tree.feature[node]), left: offset + Int32(tree.left[node]),
                            right: offset + Int32(tree.right[node]), threshold: tree.threshold[node])
                        : Node(feature: -1, left: 0, right: 0, threshold: tree.value[node]))
            }
        }
    }

    /// The trees as arrays again, round after round: the nodes laid out, with 0 in the fields a node does not use (a
    /// leaf's threshold and children, a split's value), as a trainer writes them.
    var rounds: [[RegressionTree]] {
        roundStarts.indices.map { round in
            (roundStarts[round]..<roundEnd(round)).map { tree in
                let first = roots[tree]
                let end = tree + 1 < roots.count ? roots[tree + 1] : nodes.count
                let base = Int32(first)
                let laidOut = nodes[first..<end]
                return RegressionTree(
                    feature: laidOut.map { Int($0.feature) },
                    threshold: laidOut.map { $0.feature >= 0 ? $0.threshold : 0 },
                    left: laidOut.map { $0.feature >= 0 ? Int($0.left - base) : 0 },
                    right: laidOut.map { $0.feature >= 0 ? Int($0.right - base) : 0 },
                    value: laidOut.map { $0.feature >= 0 ? 0 : $0.threshold })
            }
        }
    }

    /// Whether every round holds `count` trees.
    func everyRound(holds count: Int) -> Bool {
        roundStarts.indices.allSatisfy { roundEnd($0) - roundStarts[$0] == count }
    }

    /// The largest feature index a split tests, or -1 without splits.
    var largestFeature: Int32 { nodes.lazy.map(\.feature).max() ?? -1 }

    /// The index in `roots` after the last tree of round `round`.
    private func roundEnd(_ round: Int) -> Int {
        round + 1 < roundStarts.count ? roundStarts[round + 1] : roots.count
    }

    /// Adds every tree's output for `features` to its class's score in `scores`, round after round.
    func addOutputs(for features: [Double], to scores: inout [Double]) {
        addOutputs(ofTrees: 0..<roots.count, for: features, to: &scores)
    }

    /// Adds the outputs of round `round`'s trees for `features` to their classes' scores in `scores`.
    func addOutputs(ofRound round: Int, for features: [Double], to scores: inout [Double]) {
        addOutputs(ofTrees: roundStarts[round]..<roundEnd(round), for: features, to: &scores)
    }

    /// Adds the outputs of the trees at `trees` (indices into `roots`) for `features` to their classes' scores.
    private func addOutputs(ofTrees trees: Range<Int>, for features: [Double], to scores: inout [Double]) {
        nodes.withUnsafeBufferPointer { nodes in
            for (root, classIndex) in zip(roots[trees], classes[trees]) {
                // Children lie ahead of their parents, inside the array (checked when laid out).
                var node = nodes[root]
                while node.feature >= 0 {
                    node = nodes[Int(features[Int(node.feature)] <= node.threshold ? node.left : node.right)]
                }
                scores[classIndex] += node.threshold
            }
        }
    }
}

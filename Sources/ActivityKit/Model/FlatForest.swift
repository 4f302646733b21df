/// The trees of a ``GradientBoostedTrees`` classifier laid out for prediction: every node of every tree in one array,
/// round after round and class after class, children as indices into it, so that a prediction walks one block of
/// memory instead of five arrays per tree (a twentieth of a replay's time went to the trees).
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

    /// Lays out `rounds` (each round one tree per class, the class's index in the round).
    init(rounds: [[RegressionTree]]) {
        for round in rounds {
            for (classIndex, tree) in round.enumerated() {
                roots.append(nodes.count)
                classes.append(classIndex)
                guard tree.isWellFormed(featureCount: Int(Int32.max)) else {
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
    }

    /// Adds every tree's output for `features` to its class's score in `scores`, round after round.
    func addOutputs(for features: [Double], to scores: inout [Double]) {
        nodes.withUnsafeBufferPointer { nodes in
            for (root, classIndex) in zip(roots, classes) {
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

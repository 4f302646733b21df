/// A binary regression tree over raw feature values, stored as parallel arrays (node 0 is the root).
public struct RegressionTree: Codable, Sendable, Hashable {
    /// Feature index tested at each node, or -1 at a leaf.
    public var feature: [Int]
    /// Threshold at each node: values `<=` go to the left child.
    public var threshold: [Double]
    /// Index of the left child at each node (unused at leaves).
    public var left: [Int]
    /// Index of the right child at each node (unused at leaves).
    public var right: [Int]
    /// Output at each leaf (0 at inner nodes).
    public var value: [Double]

    /// Creates a tree from its node arrays.
    public init(feature: [Int], threshold: [Double], left: [Int], right: [Int], value: [Double]) {
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.value = value
    }

    /// Number of nodes.
    public var nodeCount: Int { feature.count }

    /// The leaf output for `features`.
    @inlinable
    public func predict(_ features: [Double]) -> Double {
        var node = 0
        while feature[node] >= 0 {
            node = features[feature[node]] <= threshold[node] ? left[node] : right[node]
        }
        return value[node]
    }

    /// Whether every array has the same length, children point inside the tree, and features are below `featureCount`.
    public func isWellFormed(featureCount: Int) -> Bool {
        let count = feature.count
        guard count > 0, [threshold.count, left.count, right.count, value.count].allSatisfy({ $0 == count }) else { return false }
        for node in 0..<count where feature[node] >= 0 {
            guard feature[node] < featureCount, left[node] > node, left[node] < count, right[node] > node, right[node] < count else {
                return false
            }
        }
        return true
    }
}

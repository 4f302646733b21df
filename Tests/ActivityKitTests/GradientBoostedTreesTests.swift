import ActivityKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The classifier's scores, as its trees laid out for prediction give them, against each tree's own walk.
@Suite("Gradient-boosted trees: prediction")
struct GradientBoostedTreesTests {
    /// The probabilities the trees give walked one by one (``RegressionTree/predict(_:)``), summed in round order.
    private func reference(_ classifier: GradientBoostedTrees, _ features: [Double]) -> [Double] {
        var scores = classifier.initialScores
        for round in classifier.rounds {
            for (classIndex, tree) in round.enumerated() { scores[classIndex] += tree.predict(features) }
        }
        let largest = scores.max() ?? 0
        let exponentials = scores.map { exp($0 - largest) }
        let total = exponentials.reduce(0, +)
        return exponentials.map { $0 / total }
    }

    /// A random tree over `featureCount` features, at most `depth` splits deep, its nodes numbered as a trainer does
    /// (children after their parent, left subtree first).
    private func randomTree(featureCount: Int, depth: Int, using generator: inout some RandomNumberGenerator) -> RegressionTree {
        var tree = RegressionTree(feature: [], threshold: [], left: [], right: [], value: [])
        func grow(_ depth: Int) -> Int {
            let node = tree.feature.count
            tree.feature.append(-1)
            tree.threshold.append(0)
            tree.left.append(0)
            tree.right.append(0)
            tree.value.append(0)
            if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 {
                tree.value[node] = Double.random(in: -2...2, using: &generator)
                return node
            }
            tree.feature[node] = Int.random(in: 0..<featureCount, using: &generator)
            tree.threshold[node] = Double.random(in: -1...1, using: &generator)
            tree.left[node] = grow(depth - 1)
            tree.right[node] = grow(depth - 1)
            return node
        }
        _ = grow(depth)
        return tree
    }

    @Test("a trained-like forest scores every input bit for bit as its trees walked one by one")
    func matchesTheTrees() throws {
        var generator = SeededGenerator(seed: 7)
        let featureCount = 12
        let rounds = (0..<40).map { _ in
            (0..<3).map { _ in randomTree(featureCount: featureCount, depth: 4, using: &generator) }
        }
        let classifier = GradientBoostedTrees(classCount: 3, initialScores: [-1.1, -0.7, -1.6], rounds: rounds)
        #expect(classifier.isWellFormed(featureCount: featureCount))
        for _ in 0..<500 {
            let features = (0..<featureCount).map { _ in Double.random(in: -1.2...1.2, using: &generator) }
            #expect(classifier.probabilities(for: features) == reference(classifier, features))
        }
        // A value equal to a threshold goes left, as in the trees.
        let split = try #require(rounds.joined().first { $0.feature[0] >= 0 })
        var features = [Double](repeating: 0, count: featureCount)
        features[split.feature[0]] = split.threshold[0]
        #expect(classifier.probabilities(for: features) == reference(classifier, features))
    }

    @Test("a tree a model file could not hold (a child before its parent, arrays of different lengths) scores 0, never hangs")
    func malformedTreesScoreNothing() {
        let leaf = RegressionTree(feature: [-1], threshold: [0], left: [0], right: [0], value: [0.5])
        let cycle = RegressionTree(feature: [0, 0], threshold: [0, 0], left: [1, 0], right: [1, 0], value: [0, 0])
        let ragged = RegressionTree(feature: [0, -1, -1], threshold: [0], left: [1, 0, 0], right: [2, 0, 0], value: [0, 1, 2])
        let empty = RegressionTree(feature: [], threshold: [], left: [], right: [], value: [])
        let classifier = GradientBoostedTrees(classCount: 2, initialScores: [0, 0], rounds: [[leaf, cycle], [ragged, empty]])
        #expect(!classifier.isWellFormed(featureCount: 1))
        let probabilities = classifier.probabilities(for: [0.25])
        // Only the leaf scores: 0.5 for the first class, 0 for the second.
        #expect(probabilities == [1 / (1 + exp(-0.5)), exp(-0.5) / (1 + exp(-0.5))])
    }

    @Test("the checks a model file must pass see every array as it was written, the fields a node does not use too")
    func checksSeeTheArraysAsWritten() {
        let split = RegressionTree(feature: [1, -1, -1], threshold: [0.5, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, -1, 1])
        let leaf = RegressionTree(feature: [-1], threshold: [0], left: [0], right: [0], value: [0.25])
        func classifier(_ rounds: [[RegressionTree]]) -> GradientBoostedTrees {
            GradientBoostedTrees(classCount: 2, initialScores: [0, 0], rounds: rounds)
        }
        let sound = classifier([[split, leaf], [leaf, split]])
        #expect(sound.isWellFormed(featureCount: 2) && sound.hasFiniteParameters && sound.hasBoundedScores)
        #expect(!sound.isWellFormed(featureCount: 1), "feature 1 of one feature")
        #expect(!classifier([[split, leaf], [leaf]]).isWellFormed(featureCount: 2), "a round without its second tree")
        #expect(classifier([]).isWellFormed(featureCount: 2))

        var unusedThreshold = leaf
        unusedThreshold.threshold[0] = .nan
        #expect(!classifier([[split, unusedThreshold]]).hasFiniteParameters, "a leaf's threshold")
        var unusedValue = split
        unusedValue.value[0] = .infinity
        #expect(!classifier([[unusedValue, leaf]]).hasFiniteParameters, "a split's value")
        var largeUnused = split
        largeUnused.value[0] = 2e6
        #expect(!classifier([[leaf, largeUnused]]).hasBoundedScores, "the second class's bound")
        let sixHundredThousand = RegressionTree(feature: [-1], threshold: [0], left: [0], right: [0], value: [-6e5])
        #expect(classifier([[sixHundredThousand, leaf]]).hasBoundedScores)
        #expect(!classifier([[sixHundredThousand, leaf], [sixHundredThousand, leaf]]).hasBoundedScores, "summed over rounds")
    }

    @Test("the trees read back from their layout are the trees given, round by round")
    func roundsReadBack() {
        var generator = SeededGenerator(seed: 11)
        let rounds = (0..<7).map { _ in (0..<4).map { _ in randomTree(featureCount: 9, depth: 3, using: &generator) } }
        let classifier = GradientBoostedTrees(classCount: 4, initialScores: [0, 0, 0, 0], rounds: rounds)
        #expect(classifier.rounds == rounds)
    }
}

/// Splits windows into cross-validation folds so that every group (subject) lies in exactly one fold.
public struct GroupedFolds: Sendable {
    /// The fold each window is held out in.
    public let foldOfWindow: [Int]
    /// Number of folds.
    public let foldCount: Int

    /// Assigns whole groups to folds, largest groups first, each to the fold with the fewest windows so far (ties by name).
    public init(groups: [String], foldCount: Int) throws(ActivityError) {
        var sizes: [String: Int] = [:]
        for group in groups { sizes[group, default: 0] += 1 }
        guard foldCount >= 2 else { throw .invalidParameters("cross-validation needs at least 2 folds, got \(foldCount)") }
        guard sizes.count >= foldCount else {
            throw .insufficientData("\(foldCount) folds need at least \(foldCount) subjects, found \(sizes.count); use fewer folds")
        }
        let ordered = sizes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var foldSizes = [Int](repeating: 0, count: foldCount)
        var foldOfGroup: [String: Int] = [:]
        for (group, size) in ordered {
            let fold = foldSizes.indices.min { foldSizes[$0] != foldSizes[$1] ? foldSizes[$0] < foldSizes[$1] : $0 < $1 } ?? 0
            foldOfGroup[group] = fold
            foldSizes[fold] += size
        }
        foldOfWindow = groups.map { foldOfGroup[$0] ?? 0 }
        self.foldCount = foldCount
    }

    /// Indices of the windows used for training when fold `fold` is held out.
    public func trainingWindows(holdingOut fold: Int) -> [Int] { foldOfWindow.indices.filter { foldOfWindow[$0] != fold } }

    /// Indices of the windows held out in fold `fold`.
    public func heldOutWindows(_ fold: Int) -> [Int] { foldOfWindow.indices.filter { foldOfWindow[$0] == fold } }
}

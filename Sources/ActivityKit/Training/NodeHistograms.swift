/// The sums of one tree node's gradients and hessians, and its row counts, in every bin of every feature the tree may
/// split on, side by side in one buffer: what a split is chosen from.
///
/// A node's children need their own: the smaller child's are summed from its rows and the larger's are the parent's
/// less the smaller's (``subtracting(_:)``), so each level of a tree reads at most half the rows the level above did.
struct NodeHistograms: Sendable {
    /// One bin: the sums of its rows' gradients and hessians, and how many rows.
    struct Bin: Sendable {
        /// Sum of the rows' gradients.
        var gradient = 0.0
        /// Sum of the rows' hessians.
        var hessian = 0.0
        /// Number of rows.
        var count = 0
    }

    /// Bins per feature: one for every value of a byte, so any bin index read from the table is in bounds.
    static let binsPerFeature = 256

    /// The bins of the features, `binsPerFeature` each, in the order the features were given.
    private var bins: [Bin]

    /// The histograms of `rows` (indices into `0..<rowCount`) over `features` of the column-major bin table
    /// `binTable`. Reading through buffers without checks, one bin's three sums side by side, is most of the
    /// training's speed; the checks before the loop keep every read and write in bounds.
    init(rows: [Int], features: [Int], binTable: [UInt8], rowCount: Int, gradients: [Double], hessians: [Double]) {
        precondition(gradients.count == rowCount && hessians.count == rowCount)
        precondition(features.allSatisfy { $0 >= 0 && ($0 + 1) * rowCount <= binTable.count })
        precondition(rows.allSatisfy { (0..<rowCount).contains($0) })
        var bins = [Bin](repeating: Bin(), count: features.count * Self.binsPerFeature)
        binTable.withUnsafeBufferPointer { binTable in
            gradients.withUnsafeBufferPointer { gradients in
                hessians.withUnsafeBufferPointer { hessians in
                    bins.withUnsafeMutableBufferPointer { bins in
                        for (index, feature) in features.enumerated() {
                            let column = UnsafeBufferPointer(rebasing: binTable[feature * rowCount..<(feature + 1) * rowCount])
                            let histogram = bins.baseAddress! + index * Self.binsPerFeature
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
        self.bins = bins
    }

    /// These histograms less `part`'s, the histograms of some of these rows: those of the other rows. A bin left
    /// without rows is exactly empty, so that rounding cannot make one of several equal splits over empty bins win.
    func subtracting(_ part: NodeHistograms) -> NodeHistograms {
        precondition(part.bins.count == bins.count)
        var result = self
        for index in result.bins.indices {
            let count = bins[index].count - part.bins[index].count
            result.bins[index] =
                count == 0
                ? Bin()
                : Bin(
                    gradient: bins[index].gradient - part.bins[index].gradient,
                    hessian: bins[index].hessian - part.bins[index].hessian, count: count)
        }
        return result
    }

    /// The bins of the `index`th feature given.
    func bins(ofFeatureAt index: Int) -> ArraySlice<Bin> {
        bins[index * Self.binsPerFeature..<(index + 1) * Self.binsPerFeature]
    }
}

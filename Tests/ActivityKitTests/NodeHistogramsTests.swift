import Testing

@testable import ActivityKit

/// A node's histograms, and its larger child's taken as the parent's less the smaller child's.
@Suite struct NodeHistogramsTests {
    /// 3 features of 40 rows: feature 0's bins cycle through 0...4, feature 1 is all in bin 2, feature 2 uses bins
    /// 0 and 255 (the last a byte can name).
    static let rowCount = 40
    static let binTable: [UInt8] =
        (0..<rowCount).map { UInt8($0 % 5) } + [UInt8](repeating: 2, count: rowCount) + (0..<rowCount).map { $0 % 3 == 0 ? 255 : 0 }
    static let gradients = (0..<rowCount).map { 0.1 * Double($0) - 1.3 }
    static let hessians = (0..<rowCount).map { 0.05 + 0.01 * Double($0) }

    static func histograms(of rows: [Int], features: [Int] = [0, 1, 2]) -> NodeHistograms {
        NodeHistograms(rows: rows, features: features, binTable: binTable, rowCount: rowCount, gradients: gradients, hessians: hessians)
    }

    @Test("each bin holds its rows' count and the sums of their gradients and hessians, in the order features were given")
    func sums() {
        let rows = [1, 6, 11, 2, 15]
        let histograms = Self.histograms(of: rows, features: [2, 0])
        let feature0 = histograms.bins(ofFeatureAt: 1)
        let bin1 = feature0[feature0.startIndex + 1]
        #expect(bin1.count == 3)
        #expect(abs(bin1.gradient - (Self.gradients[1] + Self.gradients[6] + Self.gradients[11])) < 1e-12)
        #expect(abs(bin1.hessian - (Self.hessians[1] + Self.hessians[6] + Self.hessians[11])) < 1e-12)
        let feature2 = histograms.bins(ofFeatureAt: 0)
        #expect(feature2[feature2.startIndex + 255].count == rows.filter { $0 % 3 == 0 }.count)
        #expect(feature2.map(\.count).reduce(0, +) == rows.count)
    }

    @Test(
        "a parent's histograms less a child's are the other child's: counts exact, sums to rounding, emptied bins exactly empty"
    )
    func subtraction() {
        // The parent's own histograms derived from its parent's, as at a tree's second level, so its sums carry
        // rounding that the child's direct sums do not.
        let all = Array(0..<Self.rowCount)
        let sibling = [0, 3, 8, 13, 18]
        let parent = all.filter { !sibling.contains($0) }
        let parentHistograms = Self.histograms(of: all).subtracting(Self.histograms(of: sibling))
        let smaller = parent.filter { $0 % 5 == 3 || $0 == 17 }
        let larger = parent.filter { !smaller.contains($0) }
        let derived = parentHistograms.subtracting(Self.histograms(of: smaller))
        let direct = Self.histograms(of: larger)
        for feature in 0..<3 {
            for (got, want) in zip(derived.bins(ofFeatureAt: feature), direct.bins(ofFeatureAt: feature)) {
                #expect(got.count == want.count)
                #expect(abs(got.gradient - want.gradient) < 1e-12 && abs(got.hessian - want.hessian) < 1e-12)
                if want.count == 0 { #expect(got.gradient == 0 && got.hessian == 0) }
            }
        }
        // Feature 0's bin 3 held only the smaller child's rows: empty, to the bit, in the larger child's (subtracted
        // as they are, its hessian sum would be 2.2e-16, the parent's residue).
        let bin3 = derived.bins(ofFeatureAt: 0)[3]
        #expect(bin3.count == 0 && bin3.gradient.bitPattern == 0 && bin3.hessian.bitPattern == 0)
    }
}

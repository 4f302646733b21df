import CNumberFormat

/// Numbers as C's `printf("%W.Df")` writes them, appended to a line's bytes: the same digits as `String(format:)`,
/// without Foundation's formatter, a string per value, or the variadic call's boxing (which were most of imu-motion's
/// CSV output and of imu-stream's text lines).
public enum FixedPointText {
    /// Widest width and most decimals taken: far beyond any column the tools print.
    public static let limits = (width: 64, decimals: 17)

    /// Appends `value` with `decimals` digits after the point, right-aligned in at least `width` characters; `nan`,
    /// `inf` and `-inf` as printf writes them.
    public static func append(_ value: Double, decimals: Int, width: Int = 0, to line: inout [UInt8]) {
        precondition(
            (0...limits.decimals).contains(decimals) && (0...limits.width).contains(width),
            "FixedPointText: width or decimals out of range")
        // 400 bytes hold any double in %f: 309 integer digits, the sign, the point, the decimals and the padding.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { text in
            let count = cnumberformat_fixed(text.baseAddress, text.count, Int32(width), Int32(decimals), value)
            let written = Int(max(0, min(count, Int32(text.count - 1))))
            text.withMemoryRebound(to: UInt8.self) { line.append(contentsOf: $0[..<written]) }
        }
    }
}

@testable import MotionRecording

/// The CSV number reader of recordings, BROAD-style CSVs and the datasets, against the standard library's `Double(_:)`
/// (glibc's `strtod`): its one-pass path must give the same bits for every text, or leave the text to `Double(_:)`.
enum DecimalNumberTarget {
    /// The target.
    static let target = FuzzTarget(name: "decimal-number", summary: "DecimalNumber.parse against Double(_:)") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = Double(text)?.bitPattern
        precondition(DecimalNumber.parse(text)?.bitPattern == expected, "a number read otherwise than strtod reads it")
        precondition(DecimalNumber.parse(text.dropFirst(0))?.bitPattern == expected, "a substring read otherwise")
    }
}

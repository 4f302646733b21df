@testable import DatasetImporters

/// The number reader of the datasets' lines (`DatasetText.numbers`: HAPT's space-separated files, MotionSense's and
/// Oxford's CSV), against its own text path (`DatasetText.textNumbers`: fields split at the separator or at runs of
/// Unicode white space, trimmed, read by `DecimalNumber.parse`), which its byte path stands in for on ASCII lines. The
/// same bits for every line, or the same refusal.
enum DatasetLineTarget {
    /// The target.
    static let target = FuzzTarget(name: "dataset-line", summary: "DatasetText.numbers, comma- and space-separated") { bytes in
        let line = Substring(String(decoding: bytes, as: UTF8.self))
        for separator in [Character(","), nil] {
            let read = try? DatasetText.numbers(line, separator: separator, path: "fuzz.txt", lineNumber: 1)
            let expected = try? DatasetText.textNumbers(line, separator: separator, path: "fuzz.txt", lineNumber: 1)
            precondition((read == nil) == (expected == nil), "a line accepted by one reading and refused by the other")
            guard let read, let expected else { continue }
            precondition(
                read.count == expected.count
                    && zip(read, expected).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) },
                "a field read otherwise than as text")
        }
    }
}

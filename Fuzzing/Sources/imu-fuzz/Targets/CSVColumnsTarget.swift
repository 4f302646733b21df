@testable import MotionRecording

/// The named-column CSV reader of imu-motion's and imu-calibrate's input (`CSVColumns`), against the text path it
/// replaced: every cell split at commas, decoded, trimmed of Unicode white space and read by `DecimalNumber.parse`.
/// Its byte path must give the same bits for every line (nan for an empty cell), or refuse the same lines.
enum CSVColumnsTarget {
    /// The target.
    static let target = FuzzTarget(name: "csv-columns", summary: "CSVColumns: header line, then data lines") { bytes in
        let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 64, omittingEmptySubsequences: false)
        guard let header = lines.first else { return }
        let columns = CSVColumns(header: header)
        let indices = Array(columns.names.indices.reversed())
        for line in lines.dropFirst() {
            let read = try? columns.values(of: line, at: indices)
            let expected = reference(line, indices: indices, columnCount: columns.names.count)
            precondition((read == nil) == (expected == nil), "a line accepted by one reading and refused by the other")
            guard let read, let expected else { continue }
            precondition(
                read.count == expected.count
                    && zip(read, expected).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) },
                "a cell read otherwise than as text")
        }
    }

    /// The cells at `indices` read as text, or nil where `CSVColumns` must refuse the line.
    private static func reference(_ line: ArraySlice<UInt8>, indices: [Int], columnCount: Int) -> [Double]? {
        let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard cells.count >= columnCount else { return nil }
        var values: [Double] = []
        for index in indices {
            let text = String(decoding: cells[index], as: UTF8.self).trimmingWhitespace
            if text.isEmpty {
                values.append(.nan)
                continue
            }
            guard let value = DecimalNumber.parse(text) else { return nil }
            values.append(value)
        }
        return values
    }
}

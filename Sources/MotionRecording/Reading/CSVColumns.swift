/// The named columns of a CSV of numbers, as the tools read sample files (imu-motion's BROAD-style input,
/// imu-calibrate's magnetometer readings): columns found by name in any order, other columns ignored, an empty field
/// read as `nan` (how pandas writes NaN), text that is not a number refused with what to do.
package struct CSVColumns: Sendable {
    /// The header's column names, white space and quotes removed.
    package let names: [String]

    /// Why a data line cannot be read, in words that say what to do.
    package struct Problem: Error, Sendable {
        /// The reason, e.g. `column mag_x is "abc", not a number; fix or remove that line`.
        package let reason: String
    }

    /// Reads the names of a header line.
    package init(header: ArraySlice<UInt8>) {
        names = String(decoding: header, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0.trimmingWhitespace.filter { $0 != "\"" }) }
    }

    /// The names among `wanted` the header lacks, in `wanted`'s order.
    package func missing(_ wanted: [String]) -> [String] { wanted.filter { !names.contains($0) } }

    /// The positions of `wanted` in the header (each must be present).
    package func indices(of wanted: [String]) -> [Int] { wanted.compactMap { names.firstIndex(of: $0) } }

    /// Whether `line` holds nothing but spaces and tabs.
    package static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The fields at `indices` of the data line `line` as numbers (`nan` for an empty field).
    package func values(of line: ArraySlice<UInt8>, at indices: [Int]) throws(Problem) -> [Double] {
        var cells: [Range<Int>] = []
        cells.reserveCapacity(names.count)
        var start = line.startIndex
        while let comma = line[start...].firstIndex(of: UInt8(ascii: ",")) {
            cells.append(start..<comma)
            start = comma + 1
        }
        cells.append(start..<line.endIndex)
        guard cells.count >= names.count else {
            throw Problem(reason: "expected \(names.count) columns, found \(cells.count); fix or remove that line")
        }
        var values: [Double] = []
        values.reserveCapacity(indices.count)
        for index in indices {
            values.append(try Self.number(in: line[cells[index]], column: names[index]) ?? .nan)
        }
        return values
    }

    /// The number `cell` holds, white space around it dropped; nil when it is empty or blank.
    ///
    /// An ASCII cell is trimmed and read from its bytes: its characters are its bytes (or CR LF, white space either
    /// way). A cell with a non-ASCII byte may hold Unicode white space, or a mark that combines with a space into one
    /// character, so it is trimmed as text.
    private static func number(in cell: ArraySlice<UInt8>, column: String) throws(Problem) -> Double? {
        let value: Double?
        let text: () -> Substring
        if cell.contains(where: { $0 >= 0x80 }) {
            let trimmed = Substring(String(decoding: cell, as: UTF8.self).trimmingWhitespace)
            if trimmed.isEmpty { return nil }
            (value, text) = (DecimalNumber.parse(trimmed), { trimmed })
        } else {
            let trimmed = trimmingASCIIWhitespace(cell)
            if trimmed.isEmpty { return nil }
            value = trimmed.withUnsafeBufferPointer { DecimalNumber.parse(utf8: $0) }
            text = { Substring(String(decoding: trimmed, as: UTF8.self)) }
        }
        guard let value else {
            throw Problem(
                reason:
                    "column \(column) is \"\(text().prefix(40))\", not a number; fix or remove that line (an empty field counts as nan)"
            )
        }
        return value
    }

    /// `bytes` without the ASCII white space at either end: what `Character.isWhitespace` trims of ASCII text.
    private static func trimmingASCIIWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !$0.isASCIIWhitespace }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !$0.isASCIIWhitespace })!
        return bytes[first...last]
    }
}

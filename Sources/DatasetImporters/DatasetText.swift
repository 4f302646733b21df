import MotionRecording

/// Reads dataset text files line by line in bounded memory, plain or gzip-compressed (see ``TextLineReader``), and
/// parses their numbers.
enum DatasetText {
    /// Calls `body` with the number and text of every line of the file at `path` that is not blank (CRLF line ends,
    /// a byte-order mark and a missing last newline are accepted; overlong lines and binary data are refused).
    static func forEachLine(
        of path: String, _ body: (_ lineNumber: Int, _ line: Substring) throws(DatasetImportError) -> Void
    ) throws(DatasetImportError) {
        var lines = try DatasetLines(path: path)
        while let (lineNumber, text) = try lines.next() { try body(lineNumber, text) }
    }

    /// Parses whitespace- or comma-separated numbers of one line, or says why it cannot; an empty field (how pandas
    /// writes NaN) is `nan`, for the caller to drop and count.
    static func numbers(_ line: Substring, separator: Character?, path: String, lineNumber: Int) throws(DatasetImportError) -> [Double] {
        let fields =
            separator.map { line.split(separator: $0, omittingEmptySubsequences: false) }
            ?? line.split(whereSeparator: \.isWhitespace)
        var values: [Double] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            let text = field.trimmingWhitespace
            if text.isEmpty {
                values.append(.nan)
                continue
            }
            guard let value = DecimalNumber.parse(text) else {
                throw .malformedLine(path: path, line: lineNumber, reason: "'\(text.prefix(40))' is not a number")
            }
            values.append(value)
        }
        return values
    }
}

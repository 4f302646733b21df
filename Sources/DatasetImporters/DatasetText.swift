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
        if let values = asciiNumbers(line, separator: separator) { return values }
        return try textNumbers(line, separator: separator, path: path, lineNumber: lineNumber)
    }

    /// The numbers of `line` read from its bytes, with ASCII white space (`UInt8.isASCIIWhitespace`); nil when the
    /// line or the separator is not ASCII, whose white space only the text path knows, or when a field is no number,
    /// which the text path words. Decoding characters to test them for white space was more than half of a HAPT import.
    private static func asciiNumbers(_ line: Substring, separator: Character?) -> [Double]? {
        guard separator?.isASCII ?? true else { return nil }
        let separatorByte = separator?.asciiValue
        var line = line
        return line.withUTF8 { bytes -> [Double]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var values: [Double] = []
            var start = 0
            while start <= bytes.count {
                var end = start
                if let separatorByte {
                    while end < bytes.count && bytes[end] != separatorByte { end += 1 }
                } else {
                    while start < bytes.count && bytes[start].isASCIIWhitespace { start += 1 }
                    if start == bytes.count { break }
                    end = start
                    while end < bytes.count && !bytes[end].isASCIIWhitespace { end += 1 }
                }
                var (first, last) = (start, end)
                while first < last && bytes[first].isASCIIWhitespace { first += 1 }
                while last > first && bytes[last - 1].isASCIIWhitespace { last -= 1 }
                if first == last {
                    values.append(.nan)
                } else {
                    guard let value = DecimalNumber.parse(utf8: UnsafeBufferPointer(rebasing: bytes[first..<last])) else {
                        return nil
                    }
                    values.append(value)
                }
                start = end + 1
            }
            return values
        }
    }

    /// ``numbers(_:separator:path:lineNumber:)`` read as text, with Unicode's white space.
    static func textNumbers(
        _ line: Substring, separator: Character?, path: String, lineNumber: Int
    ) throws(DatasetImportError) -> [Double] {
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

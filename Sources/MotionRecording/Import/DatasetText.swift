import FoundationEssentials

/// Reads dataset text files, plain or gzip-compressed (see ``CompressedText``), and parses their numbers.
enum DatasetText {
    /// The lines of the file at `path` (decompressed when it ends in `.gz`), without empty trailing lines.
    static func lines(of path: String) throws(DatasetImportError) -> [Substring] {
        let bytes: Data
        do {
            bytes = try CompressedText.bytes(of: path)
        } catch {
            throw .unreadableFile(path: path, reason: error.reason)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.map { $0.last == "\r" ? $0.dropLast() : $0 }
    }

    /// Parses whitespace- or comma-separated numbers of one line, or says why it cannot.
    static func numbers(_ line: Substring, separator: Character?, path: String, lineNumber: Int) throws(DatasetImportError) -> [Double] {
        let fields =
            separator.map { line.split(separator: $0, omittingEmptySubsequences: false) }
            ?? line.split(whereSeparator: \.isWhitespace)
        var values: [Double] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let value = Double(field.trimmingWhitespace), value.isFinite else {
                throw .malformedLine(path: path, line: lineNumber, reason: "'\(field)' is not a finite number")
            }
            values.append(value)
        }
        return values
    }
}

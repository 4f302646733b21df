import MotionRecording

/// The non-blank lines of a dataset text file, one at a time in bounded memory, plain or gzip-compressed (see
/// ``TextLineReader``: CRLF line ends, a byte-order mark and a missing last newline are accepted; overlong lines and
/// binary data are refused with the line).
struct DatasetLines {
    /// What a blank line means in this file.
    enum BlankLines {
        /// Blank lines carry nothing and are skipped.
        case skipped
        /// Lines are sample indices, so a blank line before a non-blank one would shift them: refused with its
        /// number; blank lines at the end are accepted.
        case refusedBeforeData
    }

    /// The file, for messages.
    let path: String
    private let lines: TextLineReader
    private let blankLines: BlankLines
    /// The first blank line not yet followed by a non-blank one.
    private var pendingBlankLine: Int?

    /// Opens the file at `path`.
    init(path: String, blankLines: BlankLines = .skipped) throws(DatasetImportError) {
        self.path = path
        self.blankLines = blankLines
        do {
            lines = try TextLineReader(path: path)
        } catch {
            throw .unreadableFile(path: path, reason: error.reason)
        }
    }

    /// The number and text of the next non-blank line, or `nil` at the end of the file.
    mutating func next() throws(DatasetImportError) -> (lineNumber: Int, text: Substring)? {
        while true {
            let line: ArraySlice<UInt8>?
            do {
                line = try lines.next()
            } catch {
                guard let number = error.line else { throw .unreadableFile(path: path, reason: error.reason) }
                throw .malformedLine(path: path, line: number, reason: error.reason)
            }
            guard let line else { return nil }
            let text = Substring(String(decoding: line, as: UTF8.self))
            if text.allSatisfy(\.isWhitespace) {
                pendingBlankLine = pendingBlankLine ?? lines.lineNumber
                continue
            }
            if blankLines == .refusedBeforeData, let blank = pendingBlankLine {
                throw .malformedLine(
                    path: path, line: blank,
                    reason: "blank line among the samples (every line is one sample index, so it would shift the labels after it)")
            }
            pendingBlankLine = nil
            return (lines.lineNumber, text)
        }
    }
}

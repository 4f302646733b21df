import SystemPackage

/// Reads one CSV table of a recording (`raw.csv`, `motion.csv` or `events.csv`) row by row, in bounded memory.
///
/// The rules are ``RecordingReader``'s: the header must be the table's; a last line without its newline (the
/// writer was killed mid-`write`) is dropped and ``wasTruncated`` is set; any other line that does not parse, or
/// whose timestamp goes back in time on its stream, throws a ``RecordingError`` naming file and line. When the
/// recording is complete, the row count is checked against `recording.json` once the table has been read to its end.
public final class RecordingRowReader<Row> {
    private let lines: TextLineReader
    private let path: String
    private let table: RecordingTable
    private let expectedCount: Int?
    private let decode: ([String]) throws(CSVLineError) -> Row
    private let clock: ((Row) -> (stream: String, timestamp: Double))?
    private var latest: [String: Double] = [:]
    private var finished = false

    /// Rows returned so far.
    public private(set) var count = 0
    /// Whether a torn last line (from a crash mid-write) was dropped.
    public private(set) var wasTruncated = false

    init(
        _ table: RecordingTable, in directory: FilePath, metadata: RecordingMetadata,
        row decode: @escaping ([String]) throws(CSVLineError) -> Row,
        clock: ((Row) -> (stream: String, timestamp: Double))? = nil
    ) throws(RecordingError) {
        let path = directory.appending(table.rawValue).string
        self.path = path
        self.table = table
        self.decode = decode
        self.clock = clock
        let counts = metadata.complete ? metadata.counts : nil
        expectedCount =
            switch table {
            case .raw: counts?.raw
            case .motion: counts?.motion
            case .events: counts?.events
            }
        do {
            lines = try TextLineReader(path: path)
        } catch {
            throw .readFailed(path: path, reason: error.reason)
        }
        let header = try nextLine()
        guard let header else {
            if metadata.complete { throw .unexpectedHeader(path: path, found: "", expected: table.header) }
            finished = true
            return
        }
        let text = String(decoding: header.bytes, as: UTF8.self)
        guard text == table.header else {
            throw .unexpectedHeader(path: path, found: String(text.prefix(200)), expected: table.header)
        }
    }

    /// The next row, or `nil` after the last one (the count check of a complete recording runs then).
    public func next() throws(RecordingError) -> Row? {
        guard !finished else { return nil }
        guard let (lineNumber, line) = try nextLine() else {
            finished = true
            if let expectedCount, expectedCount != count {
                throw .countMismatch(path: path, expected: expectedCount, found: count)
            }
            return nil
        }
        if let expectedCount, count == expectedCount {
            // Found at the row itself, before anything is made of it; fewer rows can only show at the end.
            throw .corruptLine(
                path: path, line: lineNumber,
                reason:
                    "a row past the \(expectedCount) recording.json promises; the file was edited after the recording finished")
        }
        let fields: [String]
        switch CSVLine.fields(line) {
        case .success(let parsed): fields = parsed
        case .failure(let error): throw .corruptLine(path: path, line: lineNumber, reason: error.reason)
        }
        guard fields.count == table.columns.count else {
            throw .corruptLine(
                path: path, line: lineNumber,
                reason: "\(fields.count) columns, expected \(table.columns.count) (\(table.header))")
        }
        let row: Row
        do {
            row = try decode(fields)
        } catch {
            throw .corruptLine(path: path, line: lineNumber, reason: error.reason)
        }
        if let (stream, timestamp) = clock?(row), timestamp.isFinite {
            if let previous = latest[stream], timestamp < previous {
                throw .corruptLine(
                    path: path, line: lineNumber,
                    reason:
                        "\(stream) timestamp \(timestamp.messageText) s goes back from \(previous.messageText) s on an earlier line; timestamps never decrease"
                )
            }
            latest[stream] = timestamp
        }
        count += 1
        return row
    }

    /// The next line with its number; a last line cut short (no newline) is dropped and marks the table truncated.
    private func nextLine() throws(RecordingError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
        let line: ArraySlice<UInt8>?
        do {
            line = try lines.next()
        } catch {
            guard let number = error.line else { throw .readFailed(path: path, reason: error.reason) }
            throw .corruptLine(path: path, line: number, reason: error.reason)
        }
        guard let line else { return nil }
        guard lines.lastLineWasTerminated else {
            wasTruncated = true
            return nil
        }
        return (lines.lineNumber, line)
    }
}

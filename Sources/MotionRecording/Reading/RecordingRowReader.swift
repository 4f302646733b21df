import SystemPackage

/// Reads one CSV table of a recording (`raw.csv`, `motion.csv` or `events.csv`) row by row, in bounded memory.
///
/// A row of the file gives one value or more (a `raw.csv` row of format 2 holds an accelerometer and a gyroscope
/// reading); ``next()`` returns them one at a time. The rules are ``RecordingReader``'s: the header must be the
/// table's in the recording's format version; a last line without its newline (the
/// writer was killed mid-`write`) is dropped and ``wasTruncated`` is set; any other line that does not parse, or
/// whose timestamp goes back in time on its stream, throws a ``RecordingError`` naming file and line. When the
/// recording is complete, the row count is checked against `recording.json` once the table has been read to its end.
public final class RecordingRowReader<Row> {
    /// Everything that changes from row to row, advanced by one access per value (a class's stored properties are
    /// checked for exclusive access at run time on every access: ten a row were a twentieth of a replay).
    private var rows: Rows<Row>

    /// Values returned so far (readings, motion rows or events).
    public var count: Int { rows.count }
    /// Lines of the table read so far (header excluded): what `recording.json`'s `counts` counts.
    public var rowCount: Int { rows.rowCount }
    /// Whether a torn last line (from a crash mid-write) was dropped.
    public var wasTruncated: Bool { rows.wasTruncated }

    convenience init(
        _ table: RecordingTable, in directory: FilePath, metadata: RecordingMetadata,
        row decode: @escaping (CSVFields) throws(CSVLineError) -> Row,
        clock: ((Row) -> (stream: String, timestamp: Double))? = nil
    ) throws(RecordingError) {
        try self.init(
            table, in: directory, metadata: metadata,
            rows: { (fields: CSVFields, rows: inout [Row]) throws(CSVLineError) in rows.append(try decode(fields)) },
            clock: clock)
    }

    init(
        _ table: RecordingTable, in directory: FilePath, metadata: RecordingMetadata,
        rows decode: @escaping (CSVFields, inout [Row]) throws(CSVLineError) -> Void,
        clock: ((Row) -> (stream: String, timestamp: Double))? = nil
    ) throws(RecordingError) {
        let path = directory.appending(table.rawValue).string
        let columns = table.columns(version: metadata.formatVersion)
        let expectedHeader = columns.joined(separator: ",")
        let counts = metadata.complete ? metadata.counts : nil
        let expectedCount =
            switch table {
            case .raw: counts?.raw
            case .motion: counts?.motion
            case .events: counts?.events
            }
        let lines: TextLineReader
        do {
            lines = try TextLineReader(path: path)
        } catch {
            throw .readFailed(path: path, reason: error.reason)
        }
        rows = Rows(
            lines: lines, path: path, expectedCount: expectedCount, columns: columns, decode: decode, clock: clock)
        let header = try rows.nextLine()
        guard let header else {
            if metadata.complete { throw .unexpectedHeader(path: path, found: "", expected: expectedHeader) }
            rows.finished = true
            return
        }
        let text = String(decoding: header.bytes, as: UTF8.self)
        guard text == expectedHeader else {
            throw .unexpectedHeader(path: path, found: String(text.prefix(200)), expected: expectedHeader)
        }
    }

    /// The next value, or `nil` after the last one (the count check of a complete recording runs then).
    public func next() throws(RecordingError) -> Row? {
        try rows.next()
    }

    /// Appends the next values, `limit` of them or as many as are left, to `values` (the count check runs as in
    /// ``next()``).
    public func read(upTo limit: Int, into values: inout [Row]) throws(RecordingError) {
        try rows.read(upTo: limit, into: &values)
    }
}

/// The rows of one table as they are read: the lines, how to decode and check them, and how far reading has got.
private struct Rows<Row> {
    let lines: TextLineReader
    let path: String
    let expectedCount: Int?
    let columns: [String]
    let decode: (CSVFields, inout [Row]) throws(CSVLineError) -> Void
    let clock: ((Row) -> (stream: String, timestamp: Double))?
    /// The newest timestamp of each stream so far: a sensor's, or the motion's (a few, so searched, not hashed).
    var latest: [(stream: String, timestamp: Double)] = []
    var finished = false
    /// The fields of the current line.
    var fields = CSVFields()
    /// Values of the current line not yet returned, from `pendingIndex` on.
    var pending: [Row] = []
    var pendingIndex = 0
    var count = 0
    var rowCount = 0
    var wasTruncated = false

    init(
        lines: TextLineReader, path: String, expectedCount: Int?, columns: [String],
        decode: @escaping (CSVFields, inout [Row]) throws(CSVLineError) -> Void,
        clock: ((Row) -> (stream: String, timestamp: Double))?
    ) {
        self.lines = lines
        self.path = path
        self.expectedCount = expectedCount
        self.columns = columns
        self.decode = decode
        self.clock = clock
    }

    /// The next value, or `nil` after the last one.
    mutating func next() throws(RecordingError) -> Row? {
        while pendingIndex == pending.count {
            guard try readLine() else { return nil }
        }
        pendingIndex += 1
        count += 1
        return pending[pendingIndex - 1]
    }

    /// Appends up to `limit` next values to `values`.
    mutating func read(upTo limit: Int, into values: inout [Row]) throws(RecordingError) {
        for _ in 0..<limit {
            guard let value = try next() else { return }
            values.append(value)
        }
    }

    /// Decodes the next line into `pending`; `false` after the last line.
    private mutating func readLine() throws(RecordingError) -> Bool {
        pending.removeAll(keepingCapacity: true)
        pendingIndex = 0
        guard !finished else { return false }
        guard let (lineNumber, line) = try nextLine() else {
            finished = true
            if let expectedCount, expectedCount != rowCount {
                throw .countMismatch(path: path, expected: expectedCount, found: rowCount)
            }
            return false
        }
        if let expectedCount, rowCount == expectedCount {
            // Found at the row itself, before anything is made of it; fewer rows can only show at the end.
            throw .corruptLine(
                path: path, line: lineNumber,
                reason:
                    "a row past the \(expectedCount) recording.json promises; the file was edited after the recording finished")
        }
        do {
            try fields.split(line)
        } catch {
            throw .corruptLine(path: path, line: lineNumber, reason: error.reason)
        }
        guard fields.count == columns.count else {
            throw .corruptLine(
                path: path, line: lineNumber,
                reason: "\(fields.count) columns, expected \(columns.count) (\(columns.joined(separator: ",")))")
        }
        do {
            try decode(fields, &pending)
        } catch {
            throw .corruptLine(path: path, line: lineNumber, reason: error.reason)
        }
        for row in pending {
            guard let (stream, timestamp) = clock?(row), timestamp.isFinite else { continue }
            guard let slot = latest.firstIndex(where: { $0.stream == stream }) else {
                latest.append((stream, timestamp))
                continue
            }
            let previous = latest[slot].timestamp
            guard timestamp >= previous else {
                throw .corruptLine(
                    path: path, line: lineNumber,
                    reason:
                        "\(stream) timestamp \(timestamp.messageText) s goes back from \(previous.messageText) s on an earlier line; timestamps never decrease"
                )
            }
            latest[slot].timestamp = timestamp
        }
        rowCount += 1
        return true
    }

    /// The next line with its number; a last line cut short (no newline) is dropped and marks the table truncated.
    mutating func nextLine() throws(RecordingError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
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

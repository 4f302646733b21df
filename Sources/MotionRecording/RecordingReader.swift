import DeviceMotionKit
import MotionSamples
import SystemPackage

/// Reads recording directories, tolerating what a crash leaves behind and rejecting real corruption.
///
/// A last line without its newline (the writer was killed mid-`write`) is dropped and reported in
/// `Recording.truncatedFiles`. Anything else that does not parse - a bad line in the middle, a
/// wrong column count, a wrong header, a timestamp that is not finite or goes back in time (per
/// sensor in `raw.csv`, in `motion.csv`), missing or unknown-version metadata, a finished recording
/// whose row counts disagree with its metadata - throws a `RecordingError` naming file, line and reason.
public enum RecordingReader {
    /// Reads the whole recording at `directory`.
    public static func read(_ directory: FilePath) throws(RecordingError) -> Recording {
        let metadata = try readMetadata(directory)
        var truncatedFiles: [String] = []
        let raw = try readTable(
            .raw, in: directory, metadata: metadata, truncatedFiles: &truncatedFiles,
            row: RecordingRows.sensorSample,
            clock: { ($0.sensor.rawValue, $0.timestamp) })
        let motion = try readTable(
            .motion, in: directory, metadata: metadata, truncatedFiles: &truncatedFiles,
            row: RecordingRows.deviceMotion,
            clock: { ("motion", $0.timestamp) })
        let events = try readTable(
            .events, in: directory, metadata: metadata, truncatedFiles: &truncatedFiles,
            row: RecordingRows.event)
        if let counts = metadata.counts, metadata.complete {
            try checkCount(.raw, in: directory, expected: counts.raw, found: raw.count)
            try checkCount(.motion, in: directory, expected: counts.motion, found: motion.count)
            try checkCount(.events, in: directory, expected: counts.events, found: events.count)
        }
        return Recording(
            directory: directory, metadata: metadata, raw: raw, motion: motion, events: events,
            truncatedFiles: truncatedFiles)
    }

    /// Reads only `recording.json` of the recording at `directory`.
    public static func readMetadata(_ directory: FilePath) throws(RecordingError) -> RecordingMetadata {
        let path = directory.appending(RecordingTable.metadataFileName)
        guard let bytes = try FileIO.readIfPresent(path) else {
            throw .missingMetadata(path: directory.string)
        }
        let version: Int
        do {
            version = try FormatVersionProbe.decode(bytes)
        } catch {
            throw .corruptMetadata(
                path: path.string, reason: "no format_version (\(DecodingFailure.reason(error)))")
        }
        guard version == RecordingMetadata.currentFormatVersion else {
            throw .unsupportedVersion(
                path: path.string, found: version, supported: RecordingMetadata.currentFormatVersion)
        }
        let metadata: RecordingMetadata
        do {
            metadata = try RecordingMetadata.decode(bytes)
        } catch {
            throw .corruptMetadata(path: path.string, reason: DecodingFailure.reason(error))
        }
        if let (field, value, allowed) = metadata.fieldOutOfRange() {
            throw .valueOutOfRange(path: path.string, field: field, value: value, allowed: allowed)
        }
        return metadata
    }

    private static func readTable<Row>(
        _ table: RecordingTable,
        in directory: FilePath,
        metadata: RecordingMetadata,
        truncatedFiles: inout [String],
        row decode: ([String]) throws(CSVLineError) -> Row,
        clock: ((Row) -> (stream: String, timestamp: Double))? = nil
    ) throws(RecordingError) -> [Row] {
        let path = directory.appending(table.rawValue)
        guard let bytes = try FileIO.readIfPresent(path) else {
            throw .readFailed(path: path.string, reason: "the file is missing")
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true {
            lines.removeLast()
        } else if !lines.isEmpty {
            lines.removeLast()
            truncatedFiles.append(table.rawValue)
        }
        guard let headerLine = lines.first else {
            if metadata.complete {
                throw .unexpectedHeader(path: path.string, found: "", expected: table.header)
            }
            return []
        }
        let header = String(decoding: headerLine, as: UTF8.self).trimmingSuffix("\r")
        guard header == table.header else {
            throw .unexpectedHeader(path: path.string, found: header, expected: table.header)
        }
        var rows: [Row] = []
        rows.reserveCapacity(lines.count - 1)
        var latest: [String: Double] = [:]
        for (offset, line) in lines.enumerated().dropFirst() {
            let lineNumber = offset + 1
            let fields: [String]
            switch CSVLine.fields(line) {
            case .success(let parsed): fields = parsed
            case .failure(let error):
                throw .corruptLine(path: path.string, line: lineNumber, reason: error.reason)
            }
            guard fields.count == table.columns.count else {
                throw .corruptLine(
                    path: path.string, line: lineNumber,
                    reason: "\(fields.count) columns, expected \(table.columns.count) (\(table.header))"
                )
            }
            let row: Row
            do {
                row = try decode(fields)
            } catch {
                throw .corruptLine(path: path.string, line: lineNumber, reason: error.reason)
            }
            if let (stream, timestamp) = clock?(row) {
                if let previous = latest[stream], timestamp < previous {
                    throw .corruptLine(
                        path: path.string, line: lineNumber,
                        reason:
                            "\(stream) timestamp \(timestamp) s goes back from \(previous) s on an earlier line; timestamps never decrease"
                    )
                }
                latest[stream] = timestamp
            }
            rows.append(row)
        }
        return rows
    }

    private static func checkCount(
        _ table: RecordingTable, in directory: FilePath, expected: Int, found: Int
    ) throws(RecordingError) {
        guard expected == found else {
            throw .countMismatch(
                path: directory.appending(table.rawValue).string, expected: expected, found: found)
        }
    }
}

extension String {
    /// The string without one trailing `suffix` character, if present.
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        last == suffix ? String(dropLast()) : self
    }
}

import DeviceMotionKit
import MotionSamples
import SystemPackage

/// Reads recording directories, tolerating what a crash leaves behind and rejecting real corruption.
///
/// A last line without its newline (the writer was killed mid-`write`) is dropped and reported in
/// `Recording.truncatedFiles`. Anything else that does not parse - a bad line in the middle, a
/// wrong column count, a wrong header, a timestamp outside 0...10^10 s or going back in time (per
/// sensor in `raw.csv`, in `motion.csv`), a `motion.csv` or `events.csv` timestamp that is not finite, missing or unknown-version metadata, a finished recording
/// whose row counts disagree with its metadata - throws a `RecordingError` naming file, line and reason. A raw
/// reading's empty, nan or infinite timestamp is kept, like its values, for the fusion pipeline to drop and count.
public enum RecordingReader {
    /// Reads the whole recording at `directory` into memory (tools stream instead: ``rawReadings(of:metadata:)``).
    public static func read(_ directory: FilePath) throws(RecordingError) -> Recording {
        let metadata = try readMetadata(directory)
        let raw = try rawReadings(of: directory, metadata: metadata)
        let motion = try motionRows(of: directory, metadata: metadata)
        let events = try RecordingRowReader(.events, in: directory, metadata: metadata, row: RecordingRows.event)
        let rows = (raw: try raw.all(), motion: try motion.all(), events: try events.all())
        let truncatedFiles = [(RecordingTable.raw, raw.wasTruncated), (.motion, motion.wasTruncated), (.events, events.wasTruncated)]
            .filter(\.1).map(\.0.rawValue)
        return Recording(
            directory: directory, metadata: metadata, raw: rows.raw, motion: rows.motion, events: rows.events,
            truncatedFiles: truncatedFiles, rawRowCount: raw.rowCount)
    }

    /// A reader of the raw readings (`raw.csv`) of the recording at `directory`, reading by reading in bounded memory
    /// (a row of format 2 may hold an accelerometer and a gyroscope reading: the accelerometer's comes first).
    public static func rawReadings(
        of directory: FilePath, metadata: RecordingMetadata
    ) throws(RecordingError) -> RecordingRowReader<SensorSample> {
        try RecordingRowReader(
            .raw, in: directory, metadata: metadata, rows: RecordingRows.sensorSamples(version: metadata.formatVersion),
            clock: { ($0.sensor.rawValue, $0.timestamp) })
    }

    /// A reader of the device motion (`motion.csv`) of the recording at `directory`, row by row in bounded memory.
    public static func motionRows(
        of directory: FilePath, metadata: RecordingMetadata
    ) throws(RecordingError) -> RecordingRowReader<DeviceMotion> {
        try RecordingRowReader(
            .motion, in: directory, metadata: metadata, row: RecordingRows.deviceMotion(version: metadata.formatVersion),
            clock: { ("motion", $0.timestamp) })
    }

    /// Largest `recording.json` read, in bytes: a written one is about 1 kB.
    static let maximumMetadataSize = 1 << 20

    /// Reads only `recording.json` of the recording at `directory`.
    public static func readMetadata(_ directory: FilePath) throws(RecordingError) -> RecordingMetadata {
        let path = directory.appending(RecordingTable.metadataFileName)
        guard let bytes = try FileIO.readIfPresent(path, limit: maximumMetadataSize) else {
            throw .missingMetadata(path: directory.string)
        }
        let version: Int
        do {
            version = try FormatVersionProbe.decode(bytes)
        } catch {
            throw .corruptMetadata(
                path: path.string, reason: "no format_version (\(DecodingFailure.reason(error, keys: .snakeCase)))")
        }
        guard RecordingMetadata.readableFormatVersions.contains(version) else {
            throw .unsupportedVersion(
                path: path.string, found: version, supported: RecordingMetadata.currentFormatVersion)
        }
        let metadata: RecordingMetadata
        do {
            metadata = try RecordingMetadata.decode(bytes)
        } catch {
            throw .corruptMetadata(path: path.string, reason: DecodingFailure.reason(error, keys: .snakeCase))
        }
        if let mismatch = metadata.versionMismatch { throw .corruptMetadata(path: path.string, reason: mismatch) }
        if let problem = metadata.labelProblem { throw .corruptMetadata(path: path.string, reason: problem) }
        if let (field, value, allowed) = metadata.fieldOutOfRange() {
            throw .valueOutOfRange(path: path.string, field: field, value: value, allowed: allowed)
        }
        return metadata
    }
}

extension RecordingRowReader {
    /// Every remaining row, in file order.
    func all() throws(RecordingError) -> [Row] {
        var rows: [Row] = []
        while let row = try next() { rows.append(row) }
        return rows
    }
}

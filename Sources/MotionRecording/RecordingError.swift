/// Everything that can go wrong writing or reading a recording; each message says what to do.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The target path already exists; recordings are never overwritten.
    case alreadyExists(path: String)
    /// A file or directory of the recording could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing or syncing a file failed (disk full, device removed, ...).
    case writeFailed(path: String, reason: String)
    /// `append` or `mark` was called after `finish()`.
    case alreadyFinished(path: String)
    /// A file of the recording could not be read.
    case readFailed(path: String, reason: String)
    /// The directory has no `recording.json`.
    case missingMetadata(path: String)
    /// `recording.json` is not valid metadata.
    case corruptMetadata(path: String, reason: String)
    /// A number in `recording.json` lies outside its documented range.
    case valueOutOfRange(path: String, field: String, value: String, allowed: String)
    /// `recording.json` declares a format version this library does not know.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// A CSV file does not start with the expected header row.
    case unexpectedHeader(path: String, found: String, expected: String)
    /// A complete line in the middle of a CSV file cannot be parsed.
    case corruptLine(path: String, line: Int, reason: String)
    /// A finished recording holds a different number of rows than its metadata promises.
    case countMismatch(path: String, expected: Int, found: Int)
    /// A magnetometer calibration file that is not JSON of its format, or holds a number outside its range.
    case malformedCalibration(path: String, reason: String)

    /// A message naming the file, the line and the reason, and what the user can do about it.
    public var description: String {
        switch self {
        case .alreadyExists(let path):
            "\(path) already exists: recordings are never overwritten; choose another output directory or remove it"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason); check that the parent directory exists and is writable"
        case .writeFailed(let path, let reason):
            "writing \(path) failed: \(reason); check free space and that the disk is still mounted"
        case .alreadyFinished(let path):
            "the recording \(path) is already finished; start a new recording to add samples"
        case .readFailed(let path, let reason):
            "cannot read \(path): \(reason); check the path and its permissions"
        case .missingMetadata(let path):
            "\(path) is not a recording: it has no recording.json; pass a <tag>-<date>-<id>.imurec directory"
        case .corruptMetadata(let path, let reason):
            "\(path) is not valid recording metadata: \(reason); restore it from a backup or re-import the recording"
        case .valueOutOfRange(let path, let field, let value, let allowed):
            "\(path): \(field) = \(value) is outside \(allowed); fix that field (see docs/formats.md) or re-import the recording"
        case .unsupportedVersion(let path, let found, let supported):
            "\(path) has recording format version \(found), but this version of imu-bridge reads versions 1 to \(supported); update imu-bridge"
        case .unexpectedHeader(let path, let found, let expected):
            "\(path) has header '\(found)', expected '\(expected)'; the file is not from imu-bridge or was edited"
        case .corruptLine(let path, let line, let reason):
            "\(path):\(line): \(reason); the file is corrupt (fix or delete that line to read the rest)"
        case .countMismatch(let path, let expected, let found):
            "\(path) holds \(found) rows but recording.json promises \(expected); the file was truncated or edited after the recording finished, so any output already printed from it is void"
        case .malformedCalibration(let path, let reason):
            "\(path) is not a usable magnetometer calibration: \(reason); delete it and calibrate again with imu-calibrate (see docs/formats.md)"
        }
    }
}

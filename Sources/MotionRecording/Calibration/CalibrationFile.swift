import DeviceMotionKit
import FoundationEssentials
import MotionSamples
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A magnetometer calibration saved for one device (docs/formats.md, schema `calibration.schema.json`): one
/// pretty-printed JSON object, `format_version`, `device` (its key) and `calibration`, under
/// `$XDG_STATE_HOME/imu-bridge/calibration/<device-key>.json` (``defaultPath(deviceKey:environment:)``).
///
/// Read as hostile input: a regular file of at most ``maximumSize`` bytes, JSON of this shape with every number
/// finite and in the range ``MagnetometerCalibration/problem`` checks; anything else is
/// ``RecordingError/malformedCalibration(path:reason:)`` (exit status 12), never a crash.
public struct CalibrationFile: Hashable, Sendable, Codable {
    /// The format written and read.
    public static let currentFormatVersion = 1
    /// Largest file read, in bytes: a written one is about 500.
    public static let maximumSize = 64 << 10
    /// Longest device key kept in a file name; longer ones are cut.
    public static let maximumKeyLength = 100

    /// The file format version, ``currentFormatVersion``.
    public var formatVersion: Int
    /// The device's key (``deviceKey(_:)``).
    public var device: String
    /// The calibration.
    public var calibration: MagnetometerCalibration
    /// When the calibration was fitted, ISO 8601 in UTC (`2026-11-25T16:40:00Z`); `nil` in a file written before
    /// imu-calibrate noted it.
    public var created: String?
    /// Longest `created` text read.
    static let maximumCreatedLength = 40

    /// A file of `calibration` for the device with key `device`, fitted at `created`.
    public init(device: String, calibration: MagnetometerCalibration, created: Date? = nil) {
        formatVersion = Self.currentFormatVersion
        self.device = device
        self.calibration = calibration
        self.created = created.map { Date.ISO8601FormatStyle().format($0) }
    }

    /// `name` made safe as a file name: letters, digits, `.`, `-`, `_` and `@` kept, anything else `_`, no leading dot,
    /// at most ``maximumKeyLength`` characters, `device` when nothing is left.
    public static func deviceKey(_ name: String) -> String {
        let safe = String(
            name.unicodeScalars.prefix(maximumKeyLength).map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-@".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        let key = safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe
        return key.isEmpty ? "device" : key
    }

    /// Where a device's calibration lives: `$XDG_STATE_HOME/imu-bridge/calibration/<key>.json`, `$XDG_STATE_HOME`
    /// defaulting to `$HOME/.local/state` (the XDG Base Directory rule: a relative value is ignored); `nil` when
    /// neither is set.
    public static func defaultPath(deviceKey key: String, environment: [String: String]) -> FilePath? {
        let state: FilePath
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            state = FilePath(value)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            state = FilePath(home).appending(".local").appending("state")
        } else {
            return nil
        }
        return state.appending("imu-bridge").appending("calibration").appending(deviceKey(key) + ".json")
    }

    /// Reads and checks the file at `path`.
    public static func load(path: FilePath) throws(RecordingError) -> CalibrationFile {
        guard let bytes = try FileIO.readIfPresent(path, limit: maximumSize) else {
            throw .readFailed(path: path.string, reason: "no such file")
        }
        let file: CalibrationFile
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            file = try decoder.decode(CalibrationFile.self, from: Data(bytes))
        } catch {
            throw .malformedCalibration(path: path.string, reason: DecodingFailure.reason(error, keys: .snakeCase))
        }
        guard file.formatVersion == currentFormatVersion else {
            throw .malformedCalibration(
                path: path.string, reason: "format_version \(file.formatVersion) is not \(currentFormatVersion)")
        }
        guard file.device.count <= maximumKeyLength else {
            throw .malformedCalibration(path: path.string, reason: "device is longer than \(maximumKeyLength) characters")
        }
        if let created = file.created,
            created.count > maximumCreatedLength || (try? Date.ISO8601FormatStyle().parse(created)) == nil
        {
            throw .malformedCalibration(path: path.string, reason: "created is not an ISO 8601 date and time (2026-11-25T16:40:00Z)")
        }
        if let problem = file.calibration.problem { throw .malformedCalibration(path: path.string, reason: problem) }
        guard file.calibration.accuracy != .uncalibrated else {
            throw .malformedCalibration(path: path.string, reason: "accuracy is uncalibrated: the file holds no calibration")
        }
        return file
    }

    /// The calibration saved for the device with key `key` under ``defaultPath(deviceKey:environment:)``, with its
    /// path; `nil` when there is none (no such file, or neither `XDG_STATE_HOME` nor `HOME` is set).
    /// - Throws: ``RecordingError/malformedCalibration(path:reason:)`` or ``RecordingError/readFailed(path:reason:)``
    ///   when the file exists but is not a usable calibration: a saved calibration is never silently ignored.
    public static func saved(
        deviceKey key: String, environment: [String: String]
    ) throws(RecordingError) -> (file: CalibrationFile, path: FilePath)? {
        guard let path = defaultPath(deviceKey: key, environment: environment) else { return nil }
        var status = stat()
        guard stat(path.string, &status) == 0 || errno != ENOENT else { return nil }
        return (try load(path: path), path)
    }

    /// Writes the file to `path` atomically (``OutputFile``: a device such as `/dev/null` is written, not replaced),
    /// creating its directories (mode 0755) as needed.
    public func save(to path: FilePath) throws(RecordingError) {
        var directory = FilePath(root: path.root)
        for component in path.removingLastComponent().components {
            directory.append(component)
            if mkdir(directory.string, 0o755) != 0 && errno != EEXIST {
                throw .cannotCreate(path: directory.string, reason: Errno(rawValue: errno).description)
            }
        }
        let bytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            bytes = Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
        } catch {
            throw .writeFailed(path: path.string, reason: "a value could not be written as JSON")
        }
        do {
            try OutputFile.write(bytes, to: path.string)
        } catch {
            throw .writeFailed(path: path.string, reason: error.reason)
        }
    }
}

import FoundationEssentials
import MotionSamples

/// The self-description of a recording, stored as `recording.json` next to its CSV files.
///
/// Written atomically when the recording starts (with `complete == false`) and rewritten when it
/// is finished, with the sample counts, the last timestamp and `complete == true`.
public struct RecordingMetadata: Codable, Hashable, Sendable {
    /// The newest format version this library writes: 3, format 2 with the magnetometer's columns in `raw.csv` and
    /// its description in ``magnetometer``; written only for a recording with a magnetometer.
    public static let currentFormatVersion = 3
    /// The format version written for a recording without a magnetometer: 2, wide `raw.csv` and ``MotionField``
    /// column names, so that such a recording stays readable by every imu-bridge that reads format 2.
    public static let formatVersionWithoutMagnetometer = 2
    /// The format versions this library reads: 1 (long `raw.csv`, `attitude_qw`, `user_acc_x`), 2 and 3.
    public static let readableFormatVersions = 1...currentFormatVersion

    /// Version of the recording format; readers refuse versions they do not know.
    public var formatVersion: Int
    /// Unique identifier of the session (a lowercase UUID).
    public var sessionID: String
    /// The activity label of the session, e.g. `walking`.
    public var tag: String
    /// Who wore the device, for subject-disjoint validation; `nil` when unknown.
    public var subject: String?
    /// What produced the recording, e.g. `imu-record` or `imu-import motionsense`.
    public var source: String
    /// The sensor device the samples came from.
    public var device: RecordingDevice
    /// Whether the raw stream contains gyroscope readings.
    public var hasGyroscope: Bool
    /// The magnetometer whose readings `raw.csv` holds (format 3), or `nil` (formats 1 and 2).
    public var magnetometer: RecordingMagnetometer?
    /// Nominal rate of the raw sensor stream in Hz, if known.
    public var rawRate: Double?
    /// Fixed rate of the device-motion stream in Hz, if the recording has one.
    public var motionRate: Double?
    /// Units and sign conventions of every column.
    public var units: RecordingUnits
    /// Wall-clock time at a known monotonic timestamp; `nil` for imported data without a wall clock.
    public var wallClockStart: RecordingClockAnchor?
    /// Monotonic timestamp of the last sample, set when the recording is finished.
    public var monotonicEnd: Double?
    /// Number of rows in each stream, set when the recording is finished.
    public var counts: RecordingCounts?
    /// Whether the writer finished the recording cleanly (`false` after a crash or power loss).
    public var complete: Bool
    /// Steps counted independently of the sensor (a dataset's ground truth, e.g. a hand tally or a foot switch), for
    /// evaluating the pedometer; `nil` when nobody counted.
    public var countedSteps: Int?

    /// Keys as the snake_case strategies expect them (`sessionID` is stored as `session_id`).
    private enum CodingKeys: String, CodingKey {
        case formatVersion
        case sessionID = "sessionId"
        case tag, subject, source, device, hasGyroscope, magnetometer, rawRate, motionRate
        case units, wallClockStart, monotonicEnd, counts, complete, countedSteps
    }

    /// Creates the metadata of a new, not yet complete recording.
    public init(
        tag: String,
        subject: String? = nil,
        source: String,
        device: RecordingDevice,
        hasGyroscope: Bool,
        magnetometer: RecordingMagnetometer? = nil,
        rawRate: Double?,
        motionRate: Double?,
        wallClockStart: RecordingClockAnchor?,
        sessionID: String = UUID().uuidString.lowercased(),
        countedSteps: Int? = nil
    ) {
        self.formatVersion = magnetometer == nil ? Self.formatVersionWithoutMagnetometer : Self.currentFormatVersion
        self.sessionID = sessionID
        self.tag = tag
        self.subject = subject
        self.source = source
        self.device = device
        self.hasGyroscope = hasGyroscope
        self.magnetometer = magnetometer
        self.rawRate = rawRate
        self.motionRate = motionRate
        self.units = RecordingUnits(hasMagnetometer: magnetometer != nil)
        self.wallClockStart = wallClockStart
        self.monotonicEnd = nil
        self.counts = nil
        self.complete = false
        self.countedSteps = countedSteps
    }

    /// Short form of the session identifier used in directory names (its first 8 characters).
    public var shortID: String { String(sessionID.filter { $0 != "-" }.prefix(8)) }

    /// The `recording.json` text: snake_case keys, sorted, pretty-printed, ending in a newline.
    func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Decodes `recording.json` text written by `jsonBytes()`.
    static func decode(_ bytes: [UInt8]) throws -> RecordingMetadata {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(RecordingMetadata.self, from: Data(bytes))
    }

    /// Whether the record matches its version: a magnetometer (and its unit) in format 3, none before; `nil` when it
    /// does, else what is wrong.
    public var versionMismatch: String? {
        let hasMagnetometer = magnetometer != nil
        if formatVersion >= Self.currentFormatVersion {
            guard hasMagnetometer else { return "format_version \(formatVersion) needs a magnetometer object" }
            guard units.magneticField != nil else { return "format_version \(formatVersion) needs units.magnetic_field" }
        } else if hasMagnetometer || units.magneticField != nil {
            return "format_version \(formatVersion) has no magnetometer; a magnetometer needs format_version \(Self.currentFormatVersion)"
        }
        if let matrix = magnetometer?.device.mountMatrix, matrix.count != 9 || !matrix.allSatisfy(\.isFinite) {
            return "magnetometer.device.mount_matrix must be 9 finite numbers (row-major)"
        }
        if (magnetometer?.key?.count ?? 0) > CalibrationFile.maximumKeyLength {
            return "magnetometer.key is longer than \(CalibrationFile.maximumKeyLength) characters"
        }
        if let problem = magnetometer?.calibration?.problem { return "magnetometer.calibration: \(problem)" }
        return nil
    }

    /// Why the tag or the subject cannot be printed as it is (``LabelText``), or `nil`.
    public var labelProblem: String? {
        for (field, text) in [("tag", tag), ("subject", subject)] {
            if let text, let problem = LabelText.problem(with: text) { return "\(field) \(LabelText.quoted(text)): \(problem)" }
        }
        return nil
    }

    /// The first field outside its documented range (``RecordingLimits``), as (field, value, allowed range), or `nil`.
    public func fieldOutOfRange() -> (field: String, value: String, allowed: String)? {
        func check(_ field: String, _ value: Double?, _ range: ClosedRange<Double>) -> (
            String, String, String
        )? {
            guard let value, !(value.isFinite && range.contains(value)) else { return nil }
            return (field, value.messageText, RecordingLimits.text(range))
        }
        func check(_ field: String, _ value: Int?, _ range: ClosedRange<Int>) -> (
            String, String, String
        )? {
            guard let value, !range.contains(value) else { return nil }
            return (field, "\(value)", RecordingLimits.text(range))
        }
        return check("raw_rate", rawRate, RecordingLimits.rate)
            ?? check("motion_rate", motionRate, RecordingLimits.rate)
            ?? check("monotonic_end", monotonicEnd, RecordingLimits.monotonic)
            ?? check("wall_clock_start.monotonic", wallClockStart?.monotonic, RecordingLimits.monotonic)
            ?? check("wall_clock_start.unix_time", wallClockStart?.unixTime, RecordingLimits.unixTime)
            ?? check("counts.raw", counts?.raw, RecordingLimits.rowCount)
            ?? check("counts.motion", counts?.motion, RecordingLimits.rowCount)
            ?? check("counts.events", counts?.events, RecordingLimits.rowCount)
            ?? check("counted_steps", countedSteps, RecordingLimits.rowCount)
    }
}

import ArgumentParser
import IIOSensors
import MotionRecording
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The magnetometer calibration a tool applies: `--calibration FILE|none`, the same flag in every tool.
///
/// Not given, a live IMU's saved calibration is found by its ``IIOSensors/IMU/calibrationKey`` under
/// `$XDG_STATE_HOME/imu-bridge/calibration/` (imu-calibrate's default place) and a recording's own (the one noted in
/// its `recording.json`) is used; `none` gives none; a file gives that file. The calibration given is applied from
/// the start, and the one device motion estimates online takes over when better (``DeviceMotionKit/DeviceMotionPipeline``),
/// so with `none` the field is uncalibrated only until that estimate reaches `low`. A file that exists but is not a
/// usable calibration is an error (exit status 12), never skipped.
public struct CalibrationOptions: ParsableArguments, Sendable {
    /// What `--calibration` names.
    public enum Choice: Hashable, Sendable {
        /// Not given: the live IMU's saved calibration, or the recording's, if there is one.
        case automatic
        /// `none`: no saved calibration; readings are fused uncalibrated until the online estimate reaches `low`.
        case none
        /// A calibration file (imu-calibrate's JSON).
        case file(FilePath)
    }

    /// `--calibration` as given.
    @Option(
        name: .customLong("calibration"),
        help: ArgumentHelp(
            "Magnetometer calibration (imu-calibrate's JSON) to correct the readings with from the start, or none (only the one estimated online). Default: the live IMU's saved one ($XDG_STATE_HOME/imu-bridge/calibration/<key>.json), a recording's own.",
            valueName: "file|none"))
    public var calibration: String?

    /// Creates the options with their defaults.
    public init() {}

    /// What was asked for.
    public var choice: Choice {
        switch calibration {
        case nil: .automatic
        case "none": .none
        case let path?: .file(FilePath(path))
        }
    }

    /// Refuses an empty file name.
    public func validate() throws {
        if calibration?.isEmpty == true { throw ValidationError("--calibration needs a file name, or none") }
    }

    /// The calibration given as a file, read and checked; `nil` for `none` and when not given.
    public func givenFile() throws(RecordingError) -> RecordingCalibration? {
        guard case .file(let path) = choice else { return nil }
        return RecordingCalibration(file: try CalibrationFile.load(path: path), path: path.string)
    }

    /// The calibration for the live `imu`: the file given, none, or (not given) its saved one, if it has a magnetometer
    /// and a calibration was saved for it.
    public func calibration(for imu: IMU) throws(RecordingError) -> RecordingCalibration? {
        switch choice {
        case .none: return nil
        case .file: return try givenFile()
        case .automatic:
            guard let key = imu.calibrationKey,
                let (file, path) = try CalibrationFile.saved(deviceKey: CalibrationFile.deviceKey(key), environment: Self.environment)
            else { return nil }
            return RecordingCalibration(file: file, path: path.string)
        }
    }

    /// The calibration for the live `imu` as a tool opening it applies it (imu-record, imu-classify, imu-steps):
    /// ``calibration(for:)-(IMU)``, with a status line naming the file used (`imu-steps: magnetometer calibration
    /// PATH (high)`), and a warning when `--calibration FILE` was given for an IMU without a magnetometer (the file is
    /// still read, so a bad one is refused; `nil` is returned).
    public func liveCalibration(for imu: IMU, tool: String) throws(RecordingError) -> RecordingCalibration? {
        let found = try calibration(for: imu)
        guard imu.magnetometer != nil else {
            if case .file(let path) = choice {
                printError("\(tool): \(imu.name) has no magnetometer; --calibration \(path) is not used")
            }
            return nil
        }
        if let found {
            printStatus("\(tool): magnetometer calibration \(found.path) (\(found.calibration.accuracy.name))")
        }
        return found
    }

    /// The calibration for a recording's readings: the file given, none, or (not given) the one it was recorded with.
    public func calibration(for metadata: RecordingMetadata) throws(RecordingError) -> RecordingCalibration? {
        switch choice {
        case .none: nil
        case .file: try givenFile()
        case .automatic: metadata.magnetometer?.calibration
        }
    }

    /// The variables the XDG state directory is found by: `XDG_STATE_HOME` and `HOME`.
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

import DeviceMotionKit

/// The saved magnetometer calibration (imu-calibrate's file) in use while a recording was made: the file's contents
/// and where it was read from, so that a replay corrects the recorded readings the same way whatever became of the
/// file since.
public struct RecordingCalibration: Codable, Hashable, Sendable {
    /// The calibration file's device key.
    public var device: String
    /// Where the file was read from.
    public var path: String
    /// When the calibration was fitted, ISO 8601 in UTC; `nil` for a file written before imu-calibrate noted it.
    public var created: String?
    /// The calibration itself: offset, soft iron, accuracy and how it was fitted.
    public var calibration: MagnetometerCalibration

    /// Notes the calibration in `file`, read from `path`.
    public init(file: CalibrationFile, path: String) {
        device = file.device
        self.path = path
        created = file.created
        calibration = file.calibration
    }

    /// What is wrong with the calibration (a value out of range, an uncalibrated accuracy, over-long text), or `nil`.
    var problem: String? {
        if let problem = calibration.problem { return problem }
        if calibration.accuracy == .uncalibrated { return "accuracy is uncalibrated: it holds no calibration" }
        if device.count > CalibrationFile.maximumKeyLength || path.utf8.count > 4096
            || (created?.count ?? 0) > CalibrationFile.maximumCreatedLength
        {
            return "device, path or created is too long"
        }
        return nil
    }
}

import DeviceMotionKit
import MotionSamples

/// The three CSV files of a recording and their header rows.
enum RecordingTable: String, CaseIterable, Sendable {
    /// Raw sensor readings as they came, at the sensor rate.
    case raw = "raw.csv"
    /// Device motion at the fixed output rate.
    case motion = "motion.csv"
    /// Gaps and hotplug marks.
    case events = "events.csv"

    /// Name of the metadata file.
    static let metadataFileName = "recording.json"

    /// The magnetometer's columns in `raw.csv` of format 3: ``MotionField/magneticField``'s vector components.
    static let magnetometerColumns = ["x", "y", "z"].map { "\(MotionField.magneticField.rawValue)_\($0)" }

    /// Column names in a recording of format `version` (1, 2 or 3), in file order (``MotionField`` names since 2).
    ///
    /// Version 1 had a long `raw.csv` (a row per reading of one sensor: `timestamp,sensor,x,y,z`) and its own
    /// abbreviations in `motion.csv` (`attitude_qw`, `user_acc_x`); version 2 uses the one vocabulary throughout;
    /// version 3 adds the magnetometer's three columns at the end of `raw.csv`.
    func columns(version: Int) -> [String] {
        switch (self, version) {
        case (.raw, 1):
            ["timestamp", "sensor", "x", "y", "z"]
        case (.raw, 2):
            MotionField.columns(MotionField.sample)
        case (.raw, _):
            MotionField.columns(MotionField.sample) + Self.magnetometerColumns
        case (.motion, 1):
            [
                "timestamp",
                "attitude_qw", "attitude_qx", "attitude_qy", "attitude_qz",
                "gravity_x", "gravity_y", "gravity_z",
                "user_acc_x", "user_acc_y", "user_acc_z",
                "rotation_rate_x", "rotation_rate_y", "rotation_rate_z",
            ]
        case (.motion, _):
            DeviceMotion.columns
        case (.events, _):
            ["timestamp", "kind", "duration", "detail"]
        }
    }

    /// The header line in a recording of format `version`, without the newline.
    func header(version: Int) -> String { columns(version: version).joined(separator: ",") }
}

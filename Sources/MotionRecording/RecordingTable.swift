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

    /// Column names, in file order.
    var columns: [String] {
        switch self {
        case .raw:
            ["timestamp", "sensor", "x", "y", "z"]
        case .motion:
            [
                "timestamp",
                "attitude_qw", "attitude_qx", "attitude_qy", "attitude_qz",
                "gravity_x", "gravity_y", "gravity_z",
                "user_acc_x", "user_acc_y", "user_acc_z",
                "rotation_rate_x", "rotation_rate_y", "rotation_rate_z",
            ]
        case .events:
            ["timestamp", "kind", "duration", "detail"]
        }
    }

    /// The header line, without the newline.
    var header: String { columns.joined(separator: ",") }
}

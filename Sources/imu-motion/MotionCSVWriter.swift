import DeviceMotionKit
import Foundation

/// Formats ``DeviceMotion`` estimates as CSV rows, in the columns of a recording's `motion.csv`.
enum MotionCSVWriter {
    /// The header row: ``DeviceMotion/columns``, the one vocabulary.
    static let header = DeviceMotion.columns.joined(separator: ",")

    /// One CSV row for `motion`.
    static func row(_ motion: DeviceMotion) -> String {
        String(format: "%.6f", motion.timestamp) + ","
            + motion.columnValues.map { String(format: "%.7f", $0) }.joined(separator: ",")
    }
}

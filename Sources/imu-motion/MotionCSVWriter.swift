import DeviceMotionKit
import Foundation

/// Formats ``DeviceMotion`` estimates as CSV rows, in the columns of a recording's `motion.csv`.
enum MotionCSVWriter {
    /// The header row: ``DeviceMotion/columns``, the one vocabulary.
    static let header = DeviceMotion.columns.joined(separator: ",")

    /// The header row with a magnetometer: ``DeviceMotion/magneticColumns``.
    static let magneticHeader = DeviceMotion.magneticColumns.joined(separator: ",")

    /// One CSV row for `motion`; `magnetic` adds the heading (empty when there is none), the field and its accuracy
    /// (all empty before the first magnetometer reading).
    static func row(_ motion: DeviceMotion, magnetic: Bool = false) -> String {
        var row =
            String(format: "%.6f", motion.timestamp) + ","
            + motion.columnValues.map { String(format: "%.7f", $0) }.joined(separator: ",")
        guard magnetic else { return row }
        row += "," + (motion.heading.map { String(format: "%.7f", $0) } ?? "")
        if let field = motion.magneticField {
            row += [field.field.x, field.field.y, field.field.z].map { "," + String(format: "%.7f", $0) }.joined()
            row += "," + field.accuracy.name
        } else {
            row += ",,,,"
        }
        return row
    }
}

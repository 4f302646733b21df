import CommandLineSupport
import DeviceMotionKit

/// Formats ``DeviceMotion`` estimates as CSV rows, in the columns of a recording's `motion.csv`.
enum MotionCSVWriter {
    /// The header row: ``DeviceMotion/columns``, the one vocabulary.
    static let header = DeviceMotion.columns.joined(separator: ",")

    /// The header row with a magnetometer: ``DeviceMotion/magneticColumns``.
    static let magneticHeader = DeviceMotion.magneticColumns.joined(separator: ",")

    /// Appends one CSV row for `motion`, without its newline; `magnetic` adds the heading (empty when there is none),
    /// the field and its accuracy (all empty before the first magnetometer reading).
    static func appendRow(_ motion: DeviceMotion, magnetic: Bool = false, to row: inout [UInt8]) {
        FixedPointText.append(motion.timestamp, decimals: 6, to: &row)
        for value in motion.columnValues {
            row.append(UInt8(ascii: ","))
            FixedPointText.append(value, decimals: 7, to: &row)
        }
        guard magnetic else { return }
        row.append(UInt8(ascii: ","))
        if let heading = motion.heading { FixedPointText.append(heading, decimals: 7, to: &row) }
        if let field = motion.magneticField {
            for value in [field.field.x, field.field.y, field.field.z] {
                row.append(UInt8(ascii: ","))
                FixedPointText.append(value, decimals: 7, to: &row)
            }
            row.append(UInt8(ascii: ","))
            row.append(contentsOf: field.accuracy.name.utf8)
        } else {
            row.append(contentsOf: ",,,,".utf8)
        }
    }
}

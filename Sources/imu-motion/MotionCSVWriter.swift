import DeviceMotionKit
import Foundation

/// Formats ``DeviceMotion`` estimates as CSV rows, in the columns of a recording's `motion.csv`.
enum MotionCSVWriter {
    /// The header row: ``DeviceMotion/columns``, the one vocabulary.
    static let header = DeviceMotion.columns.joined(separator: ",")

    /// The header row with a magnetometer: ``DeviceMotion/magneticColumns``.
    static let magneticHeader = DeviceMotion.magneticColumns.joined(separator: ",")

    /// Appends one CSV row for `motion`, without its newline; `magnetic` adds the heading (empty when there is none),
    /// the field and its accuracy (all empty before the first magnetometer reading).
    static func appendRow(_ motion: DeviceMotion, magnetic: Bool = false, to row: inout [UInt8]) {
        appendFixed(motion.timestamp, format: "%.6f", to: &row)
        for value in motion.columnValues {
            row.append(UInt8(ascii: ","))
            appendFixed(value, format: "%.7f", to: &row)
        }
        guard magnetic else { return }
        row.append(UInt8(ascii: ","))
        if let heading = motion.heading { appendFixed(heading, format: "%.7f", to: &row) }
        if let field = motion.magneticField {
            for value in [field.field.x, field.field.y, field.field.z] {
                row.append(UInt8(ascii: ","))
                appendFixed(value, format: "%.7f", to: &row)
            }
            row.append(UInt8(ascii: ","))
            row.append(contentsOf: field.accuracy.name.utf8)
        } else {
            row.append(contentsOf: ",,,,".utf8)
        }
    }

    /// Appends `value` as the C library's `printf` writes it with `format` (one `%f` conversion), straight into the
    /// row: `String(format:)` went through Foundation's formatter and a string per value, a quarter of a BROAD trial's
    /// conversion time.
    private static func appendFixed(_ value: Double, format: StaticString, to row: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { text in
            // 352 bytes hold any double in %f: 309 integer digits, the sign, the point and the decimals.
            let count = withVaList([value]) { arguments in
                format.withUTF8Buffer { format in
                    format.withMemoryRebound(to: CChar.self) { vsnprintf(text.baseAddress, text.count, $0.baseAddress, arguments) }
                }
            }
            let written = Int(max(0, min(count, Int32(text.count - 1))))
            text.withMemoryRebound(to: UInt8.self) { row.append(contentsOf: $0[..<written]) }
        }
    }
}

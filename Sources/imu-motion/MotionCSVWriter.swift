import CNumberFormat
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
        appendFixed(motion.timestamp, decimals: 6, to: &row)
        for value in motion.columnValues {
            row.append(UInt8(ascii: ","))
            appendFixed(value, decimals: 7, to: &row)
        }
        guard magnetic else { return }
        row.append(UInt8(ascii: ","))
        if let heading = motion.heading { appendFixed(heading, decimals: 7, to: &row) }
        if let field = motion.magneticField {
            for value in [field.field.x, field.field.y, field.field.z] {
                row.append(UInt8(ascii: ","))
                appendFixed(value, decimals: 7, to: &row)
            }
            row.append(UInt8(ascii: ","))
            row.append(contentsOf: field.accuracy.name.utf8)
        } else {
            row.append(contentsOf: ",,,,".utf8)
        }
    }

    /// Appends `value` with `decimals` digits after the point as the C library's `printf` writes it (`%.7f`),
    /// straight into the row: `String(format:)` went through Foundation's formatter and a string per value, a quarter
    /// of a BROAD trial's conversion time.
    private static func appendFixed(_ value: Double, decimals: Int32, to row: inout [UInt8]) {
        // 352 bytes hold any double in %f: 309 integer digits, the sign, the point and the decimals.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { text in
            let count = cnumberformat_fixed(text.baseAddress, text.count, decimals, value)
            let written = Int(max(0, min(count, Int32(text.count - 1))))
            text.withMemoryRebound(to: UInt8.self) { row.append(contentsOf: $0[..<written]) }
        }
    }
}

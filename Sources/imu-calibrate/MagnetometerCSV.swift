import CommandLineSupport
import MotionRecording
import MotionSamples

/// Reads magnetometer readings from a CSV with the columns `t_s, mag_x, mag_y, mag_z` (seconds, µT; as BROAD and
/// imu-motion's input have them), in any order, other columns ignored, line by line in bounded memory (plain or
/// gzip, CRLF, byte-order mark: ``TextLineReader``).
///
/// Columns and fields are read by ``CSVColumns``, as imu-motion's `RawSampleCSV` reads them (that reader itself wants
/// the `acc_*` columns a magnetometer log need not have). An empty, `nan` or `inf` field gives a reading the
/// calibrator ignores; text that is not a number is refused naming the line (exit status 12).
final class MagnetometerCSV {
    /// The columns read.
    static let columns = ["t_s", "mag_x", "mag_y", "mag_z"]

    /// The file, for messages.
    let path: String
    private let lines: TextLineReader
    private let columns: CSVColumns
    private let indices: [Int]

    /// Opens `path` and reads its header.
    init(path: String) throws {
        self.path = path
        do {
            lines = try TextLineReader(path: path)
            guard let headerLine = try lines.next() else {
                throw CommandFailure("\(path) is empty; pass a CSV with a header naming t_s, mag_x, mag_y, mag_z", status: .badInput)
            }
            columns = CSVColumns(header: headerLine)
        } catch let error as TextLineReader.Failure {
            throw Self.failure(error, path: path)
        }
        let missing = columns.missing(Self.columns)
        guard missing.isEmpty else {
            throw CommandFailure(
                "\(path): missing column(s) \(missing.joined(separator: ", ")); the header must name t_s, mag_x, mag_y, mag_z (µT)",
                status: .badInput)
        }
        indices = columns.indices(of: Self.columns)
    }

    /// The next reading in µT, or `nil` at the end of the file (blank lines skipped).
    func next() throws -> Vector3? {
        while true {
            let line: ArraySlice<UInt8>
            do {
                guard let next = try lines.next() else { return nil }
                line = next
            } catch {
                throw Self.failure(error, path: path)
            }
            if CSVColumns.isBlank(line) { continue }
            let values: [Double]
            do {
                values = try columns.values(of: line, at: indices)
            } catch {
                throw CommandFailure("\(path):\(lines.lineNumber): \(error.reason)", status: .badInput)
            }
            return Vector3(x: values[1], y: values[2], z: values[3])
        }
    }

    /// A line reader's failure as a bad-input failure naming the file (and line).
    private static func failure(_ error: TextLineReader.Failure, path: String) -> CommandFailure {
        CommandFailure(error.line.map { "\(path):\($0): \(error.reason)" } ?? "cannot read \(path): \(error.reason)", status: .badInput)
    }
}

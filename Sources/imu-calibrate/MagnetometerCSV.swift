import CommandLineSupport
import MotionRecording
import MotionSamples

/// Reads magnetometer readings from a CSV with the columns `t_s, mag_x, mag_y, mag_z` (seconds, µT; as BROAD and
/// imu-motion's input have them), in any order, other columns ignored, line by line in bounded memory (plain or
/// gzip, CRLF, byte-order mark: ``TextLineReader``).
///
/// imu-motion's `RawSampleCSV` is not shared: it reads paired accelerometer and gyroscope samples and refuses a file
/// without `acc_*` columns, which a magnetometer log need not have. An empty, `nan` or `inf` field gives a reading the
/// calibrator ignores; text that is not a number is refused naming the line (exit status 12).
final class MagnetometerCSV {
    /// The columns read.
    static let columns = ["t_s", "mag_x", "mag_y", "mag_z"]

    /// The file, for messages.
    let path: String
    private let lines: TextLineReader
    private let header: [String]
    private let indices: [Int]

    /// Opens `path` and reads its header.
    init(path: String) throws {
        self.path = path
        do {
            lines = try TextLineReader(path: path)
            guard let headerLine = try lines.next() else {
                throw CommandFailure("\(path) is empty; pass a CSV with a header naming t_s, mag_x, mag_y, mag_z", status: .badInput)
            }
            header = String(decoding: headerLine, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0.trimmingWhitespace.filter { $0 != "\"" }) }
        } catch let error as TextLineReader.Failure {
            throw Self.failure(error, path: path)
        }
        let names = header
        let missing = Self.columns.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw CommandFailure(
                "\(path): missing column(s) \(missing.joined(separator: ", ")); the header must name t_s, mag_x, mag_y, mag_z (µT)",
                status: .badInput)
        }
        indices = Self.columns.compactMap { names.firstIndex(of: $0) }
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
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard cells.count >= header.count else {
                throw CommandFailure(
                    "\(path):\(lines.lineNumber): expected \(header.count) columns, found \(cells.count); fix or remove that line",
                    status: .badInput)
            }
            var values: [Double] = []
            for index in indices {
                let text = String(decoding: cells[index], as: UTF8.self).trimmingWhitespace
                guard let value = text.isEmpty ? .nan : Double(text) else {
                    throw CommandFailure(
                        "\(path):\(lines.lineNumber): column \(header[index]) is \"\(text.prefix(40))\", not a number; fix or remove that line",
                        status: .badInput)
                }
                values.append(value)
            }
            return Vector3(x: values[1], y: values[2], z: values[3])
        }
    }

    /// A line reader's failure as a bad-input failure naming the file (and line).
    private static func failure(_ error: TextLineReader.Failure, path: String) -> CommandFailure {
        CommandFailure(error.line.map { "\(path):\($0): \(error.reason)" } ?? "cannot read \(path): \(error.reason)", status: .badInput)
    }
}

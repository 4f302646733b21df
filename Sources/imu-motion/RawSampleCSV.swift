import Foundation
import MotionRecording
import MotionSamples

/// Reads raw IMU samples from a CSV with the BROAD columns `t_s, gyr_x, gyr_y, gyr_z, acc_x, acc_y, acc_z`
/// (SI units, sensor signs: about +9.81 m/s^2 on the up axis at rest), in any order, extra columns ignored;
/// without the `gyr_*` columns the samples are accelerometer-only. Values are converted to CoreMotion units and
/// signs (acceleration `-specificForce / 9.80665` g). `nan` or `inf` values are kept for the pipeline to drop
/// and count; text that is not a number is an error naming the line.
struct RawSampleCSV {
    /// Columns that must be present.
    static let accelerometerColumns = ["t_s", "acc_x", "acc_y", "acc_z"]
    /// Columns that must be present together, or not at all (an accelerometer-only file).
    static let gyroscopeColumns = ["gyr_x", "gyr_y", "gyr_z"]

    /// The parsed samples, in file order.
    let samples: [IMUSample]
    /// Whether the file has the `gyr_*` columns.
    let hasGyroscope: Bool

    /// Parses `text`; `source` names the file in error messages.
    init(text: String, source: String) throws(InputError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let headerLine = lines.next() else { throw .missingColumns(source, Self.accelerometerColumns) }
        let header = headerLine.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let presentGyroscopeColumns = Self.gyroscopeColumns.filter(header.contains)
        hasGyroscope = !presentGyroscopeColumns.isEmpty
        let required = Self.accelerometerColumns + (hasGyroscope ? Self.gyroscopeColumns : [])
        let missing = required.filter { !header.contains($0) }
        guard missing.isEmpty else { throw .missingColumns(source, missing) }
        let indices = required.compactMap { header.firstIndex(of: $0) }
        let width = header.count
        var samples: [IMUSample] = []
        var lineNumber = 1
        var fields: [Double] = Array(repeating: 0, count: indices.count)
        while let line = lines.next() {
            lineNumber += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line[...]
            if trimmed.isEmpty { continue }
            let cells = trimmed.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count >= width else {
                throw .malformedLine(source, lineNumber, "expected \(width) columns, found \(cells.count)")
            }
            for (slot, index) in indices.enumerated() {
                guard let value = Double(cells[index].trimmingCharacters(in: .whitespaces)) else {
                    throw .malformedLine(source, lineNumber, "column \(header[index]) is \"\(cells[index])\", not a number")
                }
                fields[slot] = value
            }
            samples.append(
                IMUSample(
                    timestamp: fields[0],
                    acceleration: Vector3(accelerationFromSpecificForce: Vector3(x: fields[1], y: fields[2], z: fields[3])),
                    rotationRate: hasGyroscope ? Vector3(x: fields[4], y: fields[5], z: fields[6]) : nil))
        }
        self.samples = samples
    }

    /// Reads a CSV file, decompressing `.gz` files through `gzip -dc`.
    static func load(path: String) throws(InputError) -> RawSampleCSV {
        let data: Data
        do {
            data = try CompressedText.bytes(of: path)
        } catch {
            throw path.hasSuffix(".gz") ? .decompressionFailed(path, error.reason) : .unreadable(path)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(path) }
        return try RawSampleCSV(text: text, source: path)
    }
}

import MotionRecording
import MotionSamples

/// Reads raw IMU samples, one at a time in bounded memory, from a CSV with the BROAD columns
/// `t_s, gyr_x, gyr_y, gyr_z, acc_x, acc_y, acc_z` (SI units, sensor signs: about +9.81 m/s^2 on the up axis at
/// rest), in any order, extra columns ignored; without the `gyr_*` columns the samples are accelerometer-only.
/// Values are converted to CoreMotion units and signs (acceleration `-specificForce / 9.80665` g). Optional
/// `mag_x, mag_y, mag_z` columns (µT, sensor axes, as BROAD has them; all three) give a magnetometer reading per
/// row.
///
/// `nan`, `inf` and empty fields (how pandas writes NaN) are kept for the pipeline to drop and count; text that is
/// not a number, a timestamp outside ±10^10 s, or one that goes back more than ``backwardTolerance`` is an error
/// naming the line. CRLF line ends, a byte-order mark and a missing last newline are accepted (``TextLineReader``).
final class RawSampleCSV {
    /// Columns that must be present.
    static let accelerometerColumns = ["t_s", "acc_x", "acc_y", "acc_z"]
    /// Columns that must be present together, or not at all (an accelerometer-only file).
    static let gyroscopeColumns = ["gyr_x", "gyr_y", "gyr_z"]
    /// The magnetometer's columns, read when all three are present.
    static let magnetometerColumns = ["mag_x", "mag_y", "mag_z"]
    /// How far a timestamp may go back before the file is refused, in seconds: a reading or two out of order is
    /// dropped and counted by the pipeline, a larger step means files run together or a reset clock.
    static let backwardTolerance = 1.0
    /// Timestamps accepted, in seconds.
    static let timestampRange: ClosedRange<Double> = -10_000_000_000...10_000_000_000

    /// Whether the file has the `gyr_*` columns.
    let hasGyroscope: Bool
    /// Whether the file has the `mag_*` columns.
    let hasMagnetometer: Bool
    /// The file, for messages.
    let path: String
    /// Samples returned so far.
    private(set) var count = 0

    private let lines: TextLineReader
    private let columns: CSVColumns
    private let indices: [Int]
    private var latest: (timestamp: Double, line: Int)?

    /// Opens `path` (decompressed when gzip-compressed) and reads its header.
    init(path: String) throws(InputError) {
        self.path = path
        do {
            lines = try TextLineReader(path: path)
        } catch {
            throw Self.inputError(error, path: path)
        }
        let headerLine: ArraySlice<UInt8>?
        do {
            headerLine = try lines.next()
        } catch {
            throw Self.inputError(error, path: path)
        }
        guard let headerLine else { throw .missingColumns(path, Self.accelerometerColumns) }
        let columns = CSVColumns(header: headerLine)
        let names = columns.names
        let hasGyroscope = Self.gyroscopeColumns.contains(where: names.contains)
        // Only all three: a file that carried a stray mag_x column before magnetometers were read still reads.
        let hasMagnetometer = Self.magnetometerColumns.allSatisfy(names.contains)
        let required =
            Self.accelerometerColumns + (hasGyroscope ? Self.gyroscopeColumns : [])
            + (hasMagnetometer ? Self.magnetometerColumns : [])
        let missing = columns.missing(required)
        guard missing.isEmpty else { throw .missingColumns(path, missing) }
        self.columns = columns
        self.hasGyroscope = hasGyroscope
        self.hasMagnetometer = hasMagnetometer
        indices = columns.indices(of: required)
    }

    /// One data row: the accelerometer and gyroscope sample, and the magnetometer reading if the file has one.
    struct Row {
        /// The paired accelerometer and gyroscope readings.
        var sample: IMUSample
        /// The magnetometer reading at the same time, µT, or `nil` without `mag_*` columns.
        var magnetometer: MagnetometerSample?
    }

    /// The next row, or `nil` at the end of the file (blank lines are skipped).
    func next() throws(InputError) -> Row? {
        while true {
            let line: ArraySlice<UInt8>?
            do {
                line = try lines.next()
            } catch {
                throw Self.inputError(error, path: path)
            }
            guard let line else { return nil }
            if CSVColumns.isBlank(line) { continue }
            let sample = try parse(line, lineNumber: lines.lineNumber)
            count += 1
            return sample
        }
    }

    /// One data line as a row.
    private func parse(_ line: ArraySlice<UInt8>, lineNumber: Int) throws(InputError) -> Row {
        let values: [Double]
        do {
            values = try columns.values(of: line, at: indices)
        } catch {
            throw .malformedLine(path, lineNumber, error.reason)
        }
        let timestamp = values[0]
        if timestamp.isFinite {
            guard Self.timestampRange.contains(timestamp) else {
                throw .malformedLine(path, lineNumber, "t_s \(timestamp.messageText) is outside ±10000000000 s; t_s must be seconds")
            }
            if let latest, timestamp < latest.timestamp - Self.backwardTolerance {
                throw .malformedLine(
                    path, lineNumber,
                    "t_s \(timestamp.messageText) goes back \(DecimalText.string(latest.timestamp - timestamp, decimals: 3)) s from "
                        + "line \(latest.line)'s \(latest.timestamp.messageText) (more than \(Self.backwardTolerance.messageText) s); "
                        + "split the file where the clock restarts")
            }
            if timestamp > latest?.timestamp ?? -.infinity { latest = (timestamp, lineNumber) }
        }
        let sample = IMUSample(
            timestamp: timestamp,
            acceleration: Vector3(accelerationFromSpecificForce: Vector3(x: values[1], y: values[2], z: values[3])),
            rotationRate: hasGyroscope ? Vector3(x: values[4], y: values[5], z: values[6]) : nil)
        let magnetometerIndex = hasGyroscope ? 7 : 4
        let magnetometer =
            hasMagnetometer
            ? MagnetometerSample(
                timestamp: timestamp,
                field: Vector3(
                    x: values[magnetometerIndex], y: values[magnetometerIndex + 1], z: values[magnetometerIndex + 2]))
            : nil
        return Row(sample: sample, magnetometer: magnetometer)
    }

    /// A line reader's failure as this tool's input error.
    private static func inputError(_ error: TextLineReader.Failure, path: String) -> InputError {
        if let line = error.line { return .malformedLine(path, line, error.reason) }
        return .unreadable(path, error.reason)
    }
}

import DeviceMotionKit
import MotionRecording
import MotionSamples

/// One MotionSense trial file's device motion as recorded, one row at a time in bounded memory: timestamps
/// `row / 50` seconds, the attitude rebuilt from CoreMotion's roll, pitch and yaw; rows with an empty, nan or inf
/// value are left out and counted in ``dropped``.
public struct MotionSenseRows {
    /// Rows left out so far for a value that is empty, nan or inf.
    public private(set) var dropped = 0
    private var lines: DatasetLines
    private let columns: Columns
    private var row = 0

    /// Opens the trial's file and reads its header; fails for an empty file or a header lacking a needed column.
    public init(trial: MotionSenseImporter.Trial) throws(DatasetImportError) {
        lines = try DatasetLines(path: trial.path)
        guard let (_, header) = try lines.next() else {
            throw .malformedLine(path: trial.path, line: 1, reason: "the file is empty")
        }
        columns = try Self.columnIndices(header: header, path: trial.path)
    }

    /// The next row's device motion, or `nil` at the end of the file; fails with the line for a row that is not
    /// numbers in the header's columns.
    public mutating func next() throws(DatasetImportError) -> DeviceMotion? {
        while let (lineNumber, line) = try lines.next() {
            let values = try DatasetText.numbers(line, separator: ",", path: lines.path, lineNumber: lineNumber)
            guard values.count == columns.count else {
                throw .malformedLine(path: lines.path, line: lineNumber, reason: "\(values.count) columns, expected \(columns.count)")
            }
            let timestamp = Double(row) / MotionSenseImporter.sampleRate
            row += 1
            guard columns.used.allSatisfy({ values[$0].isFinite }) else {
                dropped += 1
                continue
            }
            let attitude = Quaternion(coreMotionRoll: values[columns.roll], pitch: values[columns.pitch], yaw: values[columns.yaw])
            return DeviceMotion(
                timestamp: timestamp, attitude: Attitude(quaternion: attitude),
                rotationRate: columns.rotationRate.vector(in: values), gravity: columns.gravity.vector(in: values),
                userAcceleration: columns.userAcceleration.vector(in: values))
        }
        return nil
    }

    /// Positions of the columns read, found by name in the header row.
    private struct Columns {
        /// Index of a vector's x column; y and z follow it by name.
        struct VectorColumns {
            var x: Int, y: Int, z: Int

            func vector(in values: [Double]) -> Vector3 { Vector3(x: values[x], y: values[y], z: values[z]) }
        }

        var count: Int
        var roll: Int, pitch: Int, yaw: Int
        var gravity: VectorColumns, userAcceleration: VectorColumns, rotationRate: VectorColumns
        /// Every column read.
        var used: [Int]
    }

    /// Finds the needed columns by name in the header row.
    private static func columnIndices(header: Substring, path: String) throws(DatasetImportError) -> Columns {
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace) }
        var missing: [String] = []
        func index(_ name: String) -> Int {
            guard let index = names.firstIndex(of: name) else {
                missing.append(name)
                return 0
            }
            return index
        }
        func vector(_ prefix: String) -> Columns.VectorColumns {
            Columns.VectorColumns(x: index(prefix + ".x"), y: index(prefix + ".y"), z: index(prefix + ".z"))
        }
        let (roll, pitch, yaw) = (index("attitude.roll"), index("attitude.pitch"), index("attitude.yaw"))
        let (gravity, user, rotation) = (vector("gravity"), vector("userAcceleration"), vector("rotationRate"))
        guard missing.isEmpty else {
            throw .malformedLine(path: path, line: 1, reason: "header lacks \(missing.joined(separator: ", "))")
        }
        return Columns(
            count: names.count, roll: roll, pitch: pitch, yaw: yaw, gravity: gravity, userAcceleration: user, rotationRate: rotation,
            used: [roll, pitch, yaw] + [gravity, user, rotation].flatMap { [$0.x, $0.y, $0.z] })
    }
}

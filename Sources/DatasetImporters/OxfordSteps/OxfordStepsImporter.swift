import ActivityKit
import FoundationEssentials
import MotionRecording
import MotionSamples

/// Turns the Oxford Step Counter dataset's validation walks (github.com/Oxford-step-counter/DataSet, CC BY 4.0) into
/// raw, accelerometer-only recordings that carry their ground-truth step count.
///
/// `validation/userN_<position>_<unix ms>.csv` (its README): one row per accelerometer reading of a Samsung S6 at about
/// 100 Hz, `timestamp` in nanoseconds since boot, `accx, accy, accz` in m/s² with Android's sign (specific force), then
/// the cumulative steps of the app's algorithm, of the ground-truth device and of the phone's hardware step counter.
/// Accelerations are negated and divided by 9.80665 into CoreMotion's g; rows of exactly zero acceleration (the
/// sensor not yet started) are left out. The recording's `counted_steps` is the ground-truth column's last value. There
/// is no gyroscope: device motion comes from the fusion's accelerometer-only mode (gravity as a low-pass of the
/// accelerometer, ``DeviceMotionKit/AccelerometerGravityFilter``), which is all a step counter needs.
public enum OxfordStepsImporter {
    /// Standard gravity in m/s² (the dataset's accelerations are m/s², CoreMotion's g).
    public static let standardGravity = 9.80665
    /// The dataset's nominal sampling rate in Hz.
    public static let sampleRate = 100.0
    /// The columns of a validation file.
    static let columnCount = 7

    /// One walk of the validation set.
    public struct Walk: Hashable, Sendable {
        /// The CSV file.
        public var path: String
        /// The walker, e.g. `user1`.
        public var subject: String
        /// Where the phone was carried, e.g. `frontpocket`.
        public var position: String
        /// The file name without `.csv`.
        public var name: String
    }

    /// The validation walks under `root` (the dataset folder, or its `validation` folder), sorted by name.
    public static func walks(in root: String) throws(DatasetImportError) -> [Walk] {
        var found: (folder: String, names: [String])?
        for candidate in [root + "/validation", root] where isDirectory(atPath: candidate) {
            let names = try DatasetFolder.names(in: candidate)
            if names.contains(where: isWalkFile) {
                found = (candidate, names)
                break
            }
        }
        guard let (folder, names) = found else {
            throw .notADataset(path: root, expected: "validation/userN_<position>_<timestamp>.csv")
        }
        return names.compactMap(walkName).sorted().map { name in
            let parts = name.split(separator: "_")
            let file = names.contains(name + ".csv") ? name + ".csv" : name + ".csv.gz"
            return Walk(path: folder + "/" + file, subject: String(parts[0]), position: String(parts[1]), name: name)
        }
    }

    /// `userN_<position>_<timestamp>` for a walk file (`.csv`, or `.csv.gz` as the test excerpts are), else `nil`.
    private static func walkName(_ file: String) -> String? {
        let stem = file.hasSuffix(".csv") ? file.dropLast(4) : file.hasSuffix(".csv.gz") ? file.dropLast(7) : nil
        guard let stem else { return nil }
        let parts = stem.split(separator: "_")
        guard parts.count == 3, parts[0].hasPrefix("user"), parts[2].allSatisfy(\.isNumber) else { return nil }
        return String(stem)
    }

    private static func isWalkFile(_ file: String) -> Bool { walkName(file) != nil }

    /// One row's timestamp (s), acceleration (g, CoreMotion sign) and ground-truth cumulative steps; `nil`
    /// acceleration for a row of exact zeros.
    static func row(_ line: Substring, path: String, lineNumber: Int) throws(DatasetImportError) -> (
        timestamp: Double, acceleration: Vector3?, steps: Int
    ) {
        let values = try DatasetText.numbers(line, separator: ",", path: path, lineNumber: lineNumber)
        guard values.count == columnCount, values.allSatisfy(\.isFinite) else {
            throw .malformedLine(
                path: path, line: lineNumber,
                reason: "expected 7 finite numbers: timestamp (ns), accx, accy, accz (m/s²), algorithm, ground-truth and hardware steps")
        }
        let timestamp = values[0] / 1e9
        guard RecordingLimits.monotonic.contains(timestamp) else {
            throw .malformedLine(path: path, line: lineNumber, reason: "the timestamp \(values[0]) ns is outside 0...10^19 ns")
        }
        guard values[5] >= 0, values[5] <= Double(RecordingLimits.rowCount.upperBound), values[5] == values[5].rounded() else {
            throw .malformedLine(path: path, line: lineNumber, reason: "the ground-truth step count \(values[5]) is not a count")
        }
        let acceleration = Vector3(x: values[1], y: values[2], z: values[3])
        let isZero = acceleration.x == 0 && acceleration.y == 0 && acceleration.z == 0
        return (timestamp, isZero ? nil : -acceleration / standardGravity, Int(values[5]))
    }

    /// The ground-truth step count of `walk`: the ground-truth column's largest value (it is cumulative).
    public static func countedSteps(of walk: Walk) throws(DatasetImportError) -> Int {
        var steps = 0
        try DatasetText.forEachLine(of: walk.path) { (lineNumber, line) throws(DatasetImportError) in
            steps = max(steps, try row(line, path: walk.path, lineNumber: lineNumber).steps)
        }
        return steps
    }

    /// A raw-only, accelerometer-only session for `walk`, read as it is written.
    public static func stream(of walk: Walk) throws(DatasetImportError) -> SessionStream<OxfordStepsBatches> {
        let metadata = RecordingMetadata(
            tag: ActivityName.walking, subject: walk.subject,
            source: "imu-import oxford-steps validation/\(walk.name).csv",
            device: RecordingDevice(
                name: "Samsung S6 (\(walk.position), Oxford Step Counter dataset, CC BY 4.0)", driver: "Android sensor API"),
            hasGyroscope: false, rawRate: sampleRate, motionRate: nil, wallClockStart: nil,
            countedSteps: try countedSteps(of: walk))
        return SessionStream(
            directoryName: "\(ActivityName.walking)-oxford-\(RecordingName.safeTag(walk.name)).\(RecordingName.directoryExtension)",
            metadata: metadata, source: try OxfordStepsBatches(walk: walk))
    }
}

import DeviceMotionKit
import FoundationEssentials
import MotionSamples

/// Turns MotionSense (Malekzadeh et al., MIT licence) `A_DeviceMotion_data` files into recordings.
///
/// Each `<activity>_<trial>/sub_<n>.csv[.gz]` file holds CoreMotion device motion of one subject at
/// 50 Hz. The recording's raw stream is `gravity + userAcceleration` (accelerometer) and
/// `rotationRate` (gyroscope) at 50 Hz, its motion stream the device motion resampled to the
/// requested rate; timestamps are `row / 50` seconds.
public enum MotionSenseImporter {
    /// The dataset's sampling rate in Hz.
    public static let sampleRate = 50.0

    /// Tags for the dataset's activity codes.
    public static let activityTags = [
        "dws": "downstairs", "ups": "upstairs", "wlk": "walking",
        "jog": "jogging", "sit": "sitting", "std": "standing",
    ]

    /// One subject's file of one trial.
    public struct Trial: Hashable, Sendable {
        /// The trial folder name, e.g. `wlk_7`.
        public var trial: String
        /// The activity tag, e.g. `walking`.
        public var tag: String
        /// The subject, e.g. `sub_1`.
        public var subject: String
        /// Path of the CSV file.
        public var path: String
    }

    /// Every trial file under `root` (the dataset folder or its `A_DeviceMotion_data`), sorted by trial and subject number.
    public static func trials(in root: String) throws(DatasetImportError) -> [Trial] {
        let dataFolder = [root + "/A_DeviceMotion_data", root].first { isDirectory(atPath: $0) && hasTrialFolders($0) }
        guard let dataFolder else {
            throw .notADataset(path: root, expected: "A_DeviceMotion_data/<dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv.gz")
        }
        var trials: [Trial] = []
        for folder in contents(of: dataFolder) {
            trials += contents(of: dataFolder + "/" + folder).compactMap { trial(at: dataFolder + "/" + folder + "/" + $0) }
        }
        return trials.sorted {
            ($0.trial.numericSuffix, $0.trial, $0.subject.numericSuffix) < ($1.trial.numericSuffix, $1.trial, $1.subject.numericSuffix)
        }
    }

    /// The trial file at `path` (`.../<dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv[.gz]`), or nil if its folder
    /// and file names are not MotionSense's.
    public static func trial(at path: String) -> Trial? {
        let components = path.split(separator: "/")
        guard components.count >= 2, let file = components.last, file.hasPrefix("sub_"),
            file.hasSuffix(".csv.gz") || file.hasSuffix(".csv")
        else { return nil }
        let folder = String(components[components.count - 2])
        guard let code = folder.split(separator: "_").first, let tag = activityTags[String(code)] else { return nil }
        return Trial(trial: folder, tag: tag, subject: String(file.prefix { $0 != "." }), path: path)
    }

    /// The trial's device motion as recorded, at 50 Hz (timestamps `row / 50` seconds); the attitude is rebuilt
    /// from CoreMotion's roll, pitch and yaw. Rows with an empty, nan or inf value are left out (see
    /// ``recordedMotions(of:)`` for their count).
    public static func motions(of trial: Trial) throws(DatasetImportError) -> [DeviceMotion] {
        try recordedMotions(of: trial).motions
    }

    /// The trial's device motion as recorded (see ``motions(of:)``), read line by line, and how many rows were left
    /// out for a value that is empty, nan or inf.
    public static func recordedMotions(of trial: Trial) throws(DatasetImportError) -> (motions: [DeviceMotion], dropped: Int) {
        var columns: Columns?
        var motions: [DeviceMotion] = []
        var dropped = 0
        try DatasetText.forEachLine(of: trial.path) { (lineNumber, line) throws(DatasetImportError) in
            guard let known = columns else {
                columns = try columnIndices(header: line, path: trial.path)
                return
            }
            let values = try DatasetText.numbers(line, separator: ",", path: trial.path, lineNumber: lineNumber)
            guard values.count == known.count else {
                throw .malformedLine(path: trial.path, line: lineNumber, reason: "\(values.count) columns, expected \(known.count)")
            }
            let row = motions.count + dropped
            guard known.used.allSatisfy({ values[$0].isFinite }) else {
                dropped += 1
                return
            }
            let attitude = Quaternion(coreMotionRoll: values[known.roll], pitch: values[known.pitch], yaw: values[known.yaw])
            motions.append(
                DeviceMotion(
                    timestamp: Double(row) / sampleRate, attitude: Attitude(quaternion: attitude),
                    rotationRate: known.rotationRate.vector(in: values), gravity: known.gravity.vector(in: values),
                    userAcceleration: known.userAcceleration.vector(in: values)
                ))
        }
        guard columns != nil else {
            throw .malformedLine(path: trial.path, line: 1, reason: "the file is empty")
        }
        return (motions, dropped)
    }

    /// The trial's device motion resampled from 50 Hz to `rate` Hz by ``DeviceMotionResampler``, with the gaps found.
    public static func motions(of trial: Trial, resampledTo rate: Double) throws(DatasetImportError) -> (
        motion: [DeviceMotion], gaps: [RecordingEvent]
    ) {
        try resample(try motions(of: trial), to: rate, path: trial.path)
    }

    /// Reads one trial and converts it into a session whose motion stream is at `motionRate` Hz.
    public static func session(for trial: Trial, motionRate: Double) throws(DatasetImportError) -> ImportedSession {
        let recorded = try motions(of: trial)
        var raw: [SensorSample] = []
        raw.reserveCapacity(2 * recorded.count)
        for motion in recorded {
            raw.append(SensorSample(sensor: .accelerometer, timestamp: motion.timestamp, value: motion.gravity + motion.userAcceleration))
            raw.append(SensorSample(sensor: .gyroscope, timestamp: motion.timestamp, value: motion.rotationRate))
        }
        let resampled = try resample(recorded, to: motionRate, path: trial.path)
        let metadata = RecordingMetadata(
            tag: trial.tag, subject: trial.subject,
            source: "imu-import motionsense \(trial.trial)/\(trial.subject)",
            device: RecordingDevice(name: "iPhone 6s in the front trouser pocket (MotionSense)", driver: "CoreMotion deviceMotion"),
            hasGyroscope: true, rawRate: sampleRate, motionRate: motionRate, wallClockStart: nil
        )
        return ImportedSession(
            directoryName:
                "\(RecordingName.safeTag(trial.tag))-motionsense-\(trial.trial)-\(trial.subject).\(RecordingName.directoryExtension)",
            metadata: metadata, raw: raw, motion: resampled.motion, events: resampled.gaps
        )
    }

    private static func resample(
        _ motions: [DeviceMotion], to rate: Double, path: String
    ) throws(DatasetImportError) -> (motion: [DeviceMotion], gaps: [RecordingEvent]) {
        do {
            return try DeviceMotionResampler.resample(motions, to: rate, inputRate: sampleRate)
        } catch {
            throw .unreadableFile(path: path, reason: "cannot resample to \(rate) Hz: \(error)")
        }
    }

    /// Positions of the columns the importer reads, found by name in the header row.
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
        var used: [Int] {
            [roll, pitch, yaw] + [gravity, userAcceleration, rotationRate].flatMap { [$0.x, $0.y, $0.z] }
        }
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
        let columns = Columns(
            count: names.count,
            roll: index("attitude.roll"), pitch: index("attitude.pitch"), yaw: index("attitude.yaw"),
            gravity: vector("gravity"), userAcceleration: vector("userAcceleration"), rotationRate: vector("rotationRate")
        )
        guard missing.isEmpty else {
            throw .malformedLine(path: path, line: 1, reason: "header lacks \(missing.joined(separator: ", "))")
        }
        return columns
    }

    private static func hasTrialFolders(_ path: String) -> Bool {
        contents(of: path).contains { folder in
            folder.split(separator: "_").first.map { activityTags[String($0)] != nil } ?? false
        }
    }

    private static func contents(of path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

}

extension String {
    /// The number after the last `_`, for natural sorting (`wlk_7` before `wlk_15`).
    fileprivate var numericSuffix: Int { split(separator: "_").last.flatMap { Int($0) } ?? 0 }
}

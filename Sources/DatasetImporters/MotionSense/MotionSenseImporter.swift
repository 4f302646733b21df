import ActivityKit
import DeviceMotionKit
import FoundationEssentials
import MotionRecording
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

    /// The canonical names (``ActivityName``) of the dataset's activity codes, the labels its folder names start with.
    public static let activityTags = [
        "dws": ActivityName.downstairs, "ups": ActivityName.upstairs, "wlk": ActivityName.walking,
        "jog": ActivityName.running, "sit": ActivityName.sitting, "std": ActivityName.standing,
    ]

    /// One subject's file of one trial.
    public struct Trial: Hashable, Sendable {
        /// The trial folder name, e.g. `wlk_7`.
        public var trial: String
        /// The activity tag, e.g. `walking`: the code's canonical name, or the user's name for the code.
        public var tag: String
        /// The subject, e.g. `sub_1`.
        public var subject: String
        /// Path of the CSV file.
        public var path: String
    }

    /// Every trial file under `root` (the dataset folder or its `A_DeviceMotion_data`), sorted by trial and subject
    /// number, each tagged with its activity code's name read through `labels`.
    public static func trials(in root: String, labels: LabelMap = .canonical) throws(DatasetImportError) -> [Trial] {
        var dataFolder: (path: String, trialFolders: [String])?
        for candidate in [root + "/A_DeviceMotion_data", root] where isDirectory(atPath: candidate) {
            let folders = try DatasetFolder.names(in: candidate).filter(isTrialFolder)
            if !folders.isEmpty {
                dataFolder = (candidate, folders)
                break
            }
        }
        guard let dataFolder else {
            throw .notADataset(path: root, expected: "A_DeviceMotion_data/<dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv.gz")
        }
        var trials: [Trial] = []
        for folder in dataFolder.trialFolders {
            let path = dataFolder.path + "/" + folder
            guard isDirectory(atPath: path) else { continue }
            trials += try DatasetFolder.names(in: path).compactMap { trial(at: path + "/" + $0, labels: labels) }
        }
        return trials.sorted {
            ($0.trial.numericSuffix, $0.trial, $0.subject.numericSuffix) < ($1.trial.numericSuffix, $1.trial, $1.subject.numericSuffix)
        }
    }

    /// The trial file at `path` (`.../<dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv[.gz]`), or nil if its folder
    /// and file names are not MotionSense's; its tag is the activity code's name read through `labels`.
    public static func trial(at path: String, labels: LabelMap = .canonical) -> Trial? {
        let components = path.split(separator: "/")
        guard components.count >= 2, let file = components.last, file.hasPrefix("sub_"),
            file.hasSuffix(".csv.gz") || file.hasSuffix(".csv")
        else { return nil }
        let folder = String(components[components.count - 2])
        guard let code = folder.split(separator: "_").first, let canonical = activityTags[String(code)] else { return nil }
        let tag = labels.name(ofDatasetLabel: String(code), canonical: canonical)
        return Trial(trial: folder, tag: tag, subject: String(file.prefix { $0 != "." }), path: path)
    }

    /// The trial's device motion as recorded, at 50 Hz, all in memory (see ``MotionSenseRows``, which reads it row
    /// by row). Rows with an empty, nan or inf value are left out.
    public static func motions(of trial: Trial) throws(DatasetImportError) -> [DeviceMotion] {
        var rows = try MotionSenseRows(trial: trial)
        var motions: [DeviceMotion] = []
        while let motion = try rows.next() { motions.append(motion) }
        return motions
    }

    /// Reads one trial whole and converts it into a session whose motion stream is at `motionRate` Hz (tests and
    /// small inputs; `imu-import` writes ``stream(for:motionRate:)``, which holds no more than a batch).
    public static func session(for trial: Trial, motionRate: Double) throws(DatasetImportError) -> ImportedSession {
        var batches = try MotionSenseBatches(trial: trial, motionRate: motionRate)
        var whole = SessionBatch()
        while let batch = try batches.next() {
            whole.raw += batch.raw
            whole.motion += batch.motion
            whole.events += batch.events
        }
        return ImportedSession(
            directoryName: directoryName(of: trial), metadata: metadata(of: trial, motionRate: motionRate), raw: whole.raw,
            motion: whole.motion, events: whole.events)
    }

    /// One trial as a session read from its file as it is written, whatever the file's size.
    public static func stream(for trial: Trial, motionRate: Double) throws(DatasetImportError) -> SessionStream<MotionSenseBatches> {
        SessionStream(
            directoryName: directoryName(of: trial), metadata: metadata(of: trial, motionRate: motionRate),
            source: try MotionSenseBatches(trial: trial, motionRate: motionRate))
    }

    /// A resampler from the dataset's 50 Hz to `rate` Hz.
    package static func resampler(to rate: Double, path: String) throws(DatasetImportError) -> DeviceMotionResampler {
        do {
            return try DeviceMotionResampler(outputRate: rate, inputRate: sampleRate)
        } catch {
            throw .unreadableFile(path: path, reason: "cannot resample to \(rate) Hz: \(error)")
        }
    }

    private static func metadata(of trial: Trial, motionRate: Double) -> RecordingMetadata {
        RecordingMetadata(
            tag: trial.tag, subject: trial.subject,
            source: "imu-import motionsense \(trial.trial)/\(trial.subject)",
            device: RecordingDevice(name: "iPhone 6s in the front trouser pocket (MotionSense)", driver: "CoreMotion deviceMotion"),
            hasGyroscope: true, rawRate: sampleRate, motionRate: motionRate, wallClockStart: nil
        )
    }

    private static func directoryName(of trial: Trial) -> String {
        "\(RecordingName.safeTag(trial.tag))-motionsense-\(trial.trial)-\(trial.subject).\(RecordingName.directoryExtension)"
    }

    /// Whether `name` is a trial folder's: an activity code, `_`, the trial.
    private static func isTrialFolder(_ name: String) -> Bool {
        name.split(separator: "_").first.map { activityTags[String($0)] != nil } ?? false
    }

}

extension String {
    /// The number after the last `_`, for natural sorting (`wlk_7` before `wlk_15`).
    fileprivate var numericSuffix: Int { split(separator: "_").last.flatMap { Int($0) } ?? 0 }
}

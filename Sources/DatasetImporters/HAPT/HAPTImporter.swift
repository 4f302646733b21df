import ActivityKit
import FoundationEssentials
import MotionRecording
import MotionSamples

/// Turns UCI HAPT raw recordings (Reyes-Ortiz et al.; evaluation only, never shipped) into raw recordings.
///
/// `RawData/acc_expNN_userMM.txt[.gz]` holds total acceleration in g with Android's sign (specific
/// force), `gyro_...` the rotation rate in rad/s, both at 50 Hz; `RawData/labels.txt` lists
/// `experiment user activity start end` segments in 0-based sample indices, end inclusive. One
/// session per segment of the six basic activities (the postural transitions, 7...12, only when a label map names
/// them: they last a few seconds and are no canonical activity); accelerometer values are negated into
/// CoreMotion's sign, timestamps are `sample index / 50` seconds from the start of the experiment.
public enum HAPTImporter {
    /// The dataset's sampling rate in Hz.
    public static let sampleRate = 50.0

    /// The canonical names (``ActivityName``) of the six basic activities, by HAPT activity id.
    public static let activityTags = [
        1: ActivityName.walking, 2: ActivityName.upstairs, 3: ActivityName.downstairs, 4: ActivityName.sitting,
        5: ActivityName.standing, 6: ActivityName.lying,
    ]

    /// HAPT's own labels by activity id (its `activity_labels.txt`): what a label map names them by.
    public static let datasetLabels = [
        1: "WALKING", 2: "WALKING_UPSTAIRS", 3: "WALKING_DOWNSTAIRS", 4: "SITTING", 5: "STANDING", 6: "LAYING",
        7: "STAND_TO_SIT", 8: "SIT_TO_STAND", 9: "SIT_TO_LIE", 10: "LIE_TO_SIT", 11: "STAND_TO_LIE", 12: "LIE_TO_STAND",
    ]

    /// One labelled segment of one experiment.
    public struct Segment: Hashable, Sendable {
        /// Experiment number.
        public var experiment: Int
        /// User (subject) number.
        public var user: Int
        /// HAPT activity id (1...6, or 7...12 when a label map names a transition).
        public var activity: Int
        /// First sample index (0-based).
        public var start: Int
        /// Last sample index (0-based, inclusive).
        public var end: Int

        /// The activity tag, e.g. `upstairs`: the activity's canonical name, or the user's name for its HAPT label.
        public var tag: String
        /// The subject as stored in recordings, e.g. `user01`.
        public var subject: String { "user" + twoDigits(user) }
        /// The experiment as in the file names, e.g. `exp01`.
        public var experimentName: String { "exp" + twoDigits(experiment) }
    }

    /// Accelerometer and gyroscope readings of one experiment, in CoreMotion units and signs.
    public struct Experiment: Sendable {
        /// Raw acceleration in g, CoreMotion sign, one per sample index.
        public var acceleration: [Vector3]
        /// Rotation rate in rad/s, one per sample index.
        public var rotationRate: [Vector3]
    }

    /// The `RawData` folder under `root` (the dataset folder or `RawData` itself).
    public static func rawDataFolder(in root: String) throws(DatasetImportError) -> String {
        for candidate in [root + "/RawData", root] where FileManager.default.fileExists(atPath: candidate + "/labels.txt") {
            return candidate
        }
        throw .notADataset(path: root, expected: "RawData/labels.txt with RawData/acc_expNN_userMM.txt.gz and gyro_expNN_userMM.txt.gz")
    }

    /// The most segments `labels.txt` may give: HAPT's lists about 20 per experiment (849 lines for the 42
    /// experiments of the part in ../shared/data), so a file with more is not HAPT's and would only fill memory.
    public static let maximumSegments = 100_000

    /// The labelled segments of the six basic activities (and of the transitions `labels` names), in file order, each
    /// tagged with its activity's name read through `labels`; more than ``maximumSegments`` are refused.
    public static func segments(in root: String, labels: LabelMap = .canonical) throws(DatasetImportError) -> [Segment] {
        let path = try rawDataFolder(in: root) + "/labels.txt"
        var segments: [Segment] = []
        try DatasetText.forEachLine(of: path) { (lineNumber, line) throws(DatasetImportError) in
            let values = try DatasetText.numbers(line, separator: nil, path: path, lineNumber: lineNumber)
            guard values.count == 5, values.allSatisfy({ $0 >= 0 && $0 == $0.rounded() && $0 < 1e9 }) else {
                throw .malformedLine(
                    path: path, line: lineNumber, reason: "expected 5 non-negative integers below 10^9: experiment user activity start end")
            }
            let (activity, start, end) = (Int(values[2]), Int(values[3]), Int(values[4]))
            guard end >= start else {
                throw .malformedLine(path: path, line: lineNumber, reason: "the segment ends (\(end)) before it starts (\(start))")
            }
            let datasetLabel = datasetLabels[activity] ?? "activity_\(activity)"
            guard
                let tag = activityTags[activity].map({ labels.name(ofDatasetLabel: datasetLabel, canonical: $0) })
                    ?? labels.entries[datasetLabel].map({ labels.name(of: $0) })
            else { return }
            guard segments.count < maximumSegments else {
                throw .malformedLine(
                    path: path, line: lineNumber,
                    reason: "more than \(maximumSegments) segments, where HAPT's labels.txt gives about 20 per experiment")
            }
            let segment = Segment(
                experiment: Int(values[0]), user: Int(values[1]), activity: activity, start: start, end: end, tag: tag)
            segments.append(segment)
        }
        return segments
    }

    /// Reads the accelerometer and gyroscope files of the experiment `segment` belongs to, whole (tests and small
    /// inputs; `imu-import` streams each segment with ``stream(of:reader:)``).
    public static func experiment(of segment: Segment, in root: String) throws(DatasetImportError) -> Experiment {
        let reader = try HAPTExperimentReader(of: segment, in: root)
        var experiment = Experiment(acceleration: [], rotationRate: [])
        while let sample = try reader.next() {
            experiment.acceleration.append(sample.acceleration)
            experiment.rotationRate.append(sample.rotationRate)
        }
        return experiment
    }

    /// The raw readings of one segment (accelerometer and gyroscope at 50 Hz); samples past the end of either file are left out.
    public static func raw(of segment: Segment, in experiment: Experiment) -> [SensorSample] {
        let end = min(segment.end, experiment.acceleration.count - 1, experiment.rotationRate.count - 1)
        guard segment.start <= end else { return [] }
        return (segment.start...end).flatMap { index -> [SensorSample] in
            let timestamp = Double(index) / sampleRate
            return [
                SensorSample(sensor: .accelerometer, timestamp: timestamp, value: experiment.acceleration[index]),
                SensorSample(sensor: .gyroscope, timestamp: timestamp, value: experiment.rotationRate[index]),
            ]
        }
    }

    /// A raw-only session for `segment` (its device motion comes from running the raw stream through the fusion pipeline).
    public static func session(of segment: Segment, raw: [SensorSample]) -> ImportedSession {
        ImportedSession(directoryName: directoryName(of: segment), metadata: metadata(of: segment), raw: raw, motion: [])
    }

    /// A raw-only session for `segment`, read with `reader` (its experiment's) as it is written.
    public static func stream(of segment: Segment, reader: HAPTExperimentReader) -> SessionStream<HAPTSegmentBatches> {
        SessionStream(
            directoryName: directoryName(of: segment), metadata: metadata(of: segment),
            source: HAPTSegmentBatches(segment: segment, reader: reader))
    }

    private static func metadata(of segment: Segment) -> RecordingMetadata {
        RecordingMetadata(
            tag: segment.tag, subject: segment.subject,
            source: "imu-import hapt \(segment.experimentName) \(segment.subject) samples \(segment.start)-\(segment.end)",
            device: RecordingDevice(name: "Samsung Galaxy S II on the waist (UCI HAPT)", driver: "Android sensor API"),
            hasGyroscope: true, rawRate: sampleRate, motionRate: nil, wallClockStart: nil
        )
    }

    private static func directoryName(of segment: Segment) -> String {
        "\(RecordingName.safeTag(segment.tag))-hapt-\(segment.experimentName)-\(segment.subject)-\(segment.start)."
            + RecordingName.directoryExtension
    }

    /// The gzip-compressed file if present, else the plain one.
    static func existingFile(_ plainPath: String) throws(DatasetImportError) -> String {
        for path in [plainPath + ".gz", plainPath] where FileManager.default.fileExists(atPath: path) {
            return path
        }
        throw .unreadableFile(path: plainPath + ".gz", reason: "the file is missing")
    }

}

/// `value` as at least two decimal digits, e.g. `07`.
private func twoDigits(_ value: Int) -> String {
    value < 10 && value >= 0 ? "0\(value)" : "\(value)"
}

import ActivityKit
import DeviceMotionKit
import FoundationEssentials
import MotionRecording

/// Reads MotionSense device-motion CSV files (`<activity>_<trial>/sub_<n>.csv[.gz]`, CoreMotion fields at 50 Hz) as
/// labelled sessions for ``SessionLoader``, through the same parser, resampler and labels as `imu-import motionsense`
/// (``MotionSenseImporter``).
///
/// MotionSense: Malekzadeh, Clegg, Cavallaro, Haddadi, "Mobile Sensor Data Anonymization", IoTDI 2019 (MIT licence).
/// This path uses CoreMotion's own gravity and user acceleration as recorded; a recording imported with
/// `imu-import motionsense` is fused again by DeviceMotionKit from its raw stream, as a live sensor is.
public struct MotionSenseFileFormat: SessionFileFormat {
    /// Creates the format.
    public init() {}

    /// The file names MotionSense uses.
    public var expectedName: String { "a MotionSense file <dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv[.gz]" }

    /// Whether `path` is named like a MotionSense trial file.
    public func accepts(path: String) -> Bool { MotionSenseImporter.trial(at: path) != nil }

    /// Reads one file row by row, resamples it to `sampleRate` Hz (at most the recorded 50 Hz) with
    /// ``DeviceMotionResampler`` and hands the motion to `deliver` in pieces as it comes, keeping none of it, so memory
    /// does not grow with the file; rows with an empty, nan or inf value are dropped and counted.
    public func stream(
        at path: String, sampleRate: Double, labels: LabelMap, into deliver: ([DeviceMotion]) throws(ActivityError) -> Void
    ) throws(ActivityError) -> SessionSummary {
        let url = URL(fileURLWithPath: path)
        guard let trial = MotionSenseImporter.trial(at: path, labels: labels) else {
            throw .unreadableFile(path: path, reason: "not a MotionSense file; expected \(expectedName)")
        }
        guard sampleRate <= MotionSenseImporter.sampleRate else {
            throw .invalidWindow(
                "MotionSense is recorded at \(Int(MotionSenseImporter.sampleRate)) Hz and cannot be read at \(sampleRate) Hz")
        }
        func reading<T>(_ body: () throws(DatasetImportError) -> T) throws(ActivityError) -> T {
            do {
                return try body()
            } catch {
                throw .unreadableDatasetFile(error.description)
            }
        }
        var rows = try reading { () throws(DatasetImportError) in try MotionSenseRows(trial: trial) }
        var resampler = try reading { () throws(DatasetImportError) in
            try MotionSenseImporter.resampler(to: sampleRate, path: trial.path)
        }
        var motions: [DeviceMotion] = []
        var motionCount = 0
        var pending = 0
        while let motion = try reading({ () throws(DatasetImportError) in try rows.next() }) {
            resampler.append(motion, into: &motions)
            pending += 1
            if pending == LabelledSession.fusionBatchSize {
                motionCount += motions.count
                try deliver(motions)
                motions.removeAll(keepingCapacity: true)
                pending = 0
            }
        }
        resampler.finish(into: &motions)
        motionCount += motions.count
        try deliver(motions)
        return SessionSummary(
            label: trial.tag, group: trial.subject, name: "\(trial.trial)/\(url.lastPathComponent)", motionCount: motionCount,
            droppedReadings: rows.dropped)
    }
}

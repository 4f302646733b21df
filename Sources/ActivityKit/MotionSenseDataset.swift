import DeviceMotionKit
import FoundationEssentials
import MotionRecording

/// Reads MotionSense device-motion CSV files (`<activity>_<trial>/sub_<n>.csv[.gz]`, CoreMotion fields at 50 Hz) as
/// labelled sessions, through the same parser and resampler as `imu-import motionsense` (``MotionSenseImporter``).
///
/// MotionSense: Malekzadeh, Clegg, Cavallaro, Haddadi, "Mobile Sensor Data Anonymization", IoTDI 2019 (MIT licence).
/// This path uses CoreMotion's own gravity and user acceleration as recorded; a recording imported with
/// `imu-import motionsense` is fused again by DeviceMotionKit from its raw stream, as a live sensor is.
public enum MotionSenseDataset {
    /// Reads one file as a session at `sampleRate` Hz (at most the recorded 50 Hz), resampled by ``DeviceMotionResampler``.
    public static func session(at url: URL, sampleRate: Double) throws(ActivityError) -> LabelledSession {
        guard let trial = MotionSenseImporter.trial(at: url.path) else {
            throw .unreadableFile(
                path: url.path, reason: "not a MotionSense file; expected <dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv[.gz]")
        }
        guard sampleRate <= MotionSenseImporter.sampleRate else {
            throw .invalidWindow(
                "MotionSense is recorded at \(Int(MotionSenseImporter.sampleRate)) Hz and cannot be read at \(sampleRate) Hz")
        }
        let motions: [DeviceMotion]
        do {
            motions = try MotionSenseImporter.motions(of: trial, resampledTo: sampleRate).motion
        } catch {
            throw .unreadableFile(path: url.path, reason: error.description)
        }
        return LabelledSession(
            label: trial.tag, group: trial.subject, name: "\(trial.trial)/\(url.lastPathComponent)", motions: motions,
            sampleRate: sampleRate)
    }
}

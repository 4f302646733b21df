import DeviceMotionKit
import MotionRecording
import MotionSamples

/// A MotionSense trial read as an import's batches: the raw stream (gravity + userAcceleration, rotationRate at
/// 50 Hz) and the recorded device motion resampled to the motion rate, ``rowsPerBatch`` rows at a time.
public struct MotionSenseBatches: SessionBatchSource {
    /// File rows read per batch.
    static let rowsPerBatch = 1024
    private var rows: MotionSenseRows
    private var resampler: DeviceMotionResampler
    private var isFinished = false

    /// Opens the trial's file (reading its header) for a motion stream at `motionRate` Hz.
    public init(trial: MotionSenseImporter.Trial, motionRate: Double) throws(DatasetImportError) {
        rows = try MotionSenseRows(trial: trial)
        resampler = try MotionSenseImporter.resampler(to: motionRate, path: trial.path)
    }

    /// The next rows' raw readings and the device motion they completed; the rest of the motion at the end.
    public mutating func next() throws(DatasetImportError) -> SessionBatch? {
        guard !isFinished else { return nil }
        var batch = SessionBatch()
        batch.raw.reserveCapacity(2 * Self.rowsPerBatch)
        var count = 0
        while count < Self.rowsPerBatch, let motion = try rows.next() {
            count += 1
            batch.raw.append(
                SensorSample(sensor: .accelerometer, timestamp: motion.timestamp, value: motion.gravity + motion.userAcceleration))
            batch.raw.append(SensorSample(sensor: .gyroscope, timestamp: motion.timestamp, value: motion.rotationRate))
            resampler.append(motion, into: &batch.motion)
        }
        if count < Self.rowsPerBatch {
            resampler.finish(into: &batch.motion)
            isFinished = true
        }
        batch.events = resampler.drainGaps()
        return batch
    }
}

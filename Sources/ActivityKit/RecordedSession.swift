import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage

extension LabelledSession {
    /// Raw readings fed to the fusion pipeline per call, as a live source delivers them in kernel-buffer batches.
    static let fusionBatchSize = 64

    /// The recording (written by imu-record or imu-import) at `path` as a labelled session: its raw readings, read
    /// row by row in bounded memory, fused into device motion at `sampleRate` by the same ``DeviceMotionPipeline`` a
    /// live sensor feeds (only that motion is kept); label = tag, group = subject.
    public init(recordingAt path: String, sampleRate: Double) throws(ActivityError) {
        let directory = FilePath(path)
        let name = directory.lastComponent?.string ?? path
        do {
            let metadata = try RecordingReader.readMetadata(directory)
            let rows = try RecordingReader.rawReadings(of: directory, metadata: metadata)
            var pipeline = try Self.pipeline(name: name, sampleRate: sampleRate, hasGyroscope: metadata.hasGyroscope)
            var rateGuard = PipelineRateGuard(source: path)
            var motions: [DeviceMotion] = []
            var batch: [SensorSample] = []
            batch.reserveCapacity(Self.fusionBatchSize)
            var readings = 0
            while true {
                batch.removeAll(keepingCapacity: true)
                while batch.count < Self.fusionBatchSize, let row = try rows.next() { batch.append(row) }
                if batch.isEmpty { break }
                readings += batch.count
                pipeline.append(batch, into: &motions)
                if let reason = rateGuard.check(pipeline, fed: batch.count) { throw ActivityError.unreadableFile(path: path, reason: reason) }
            }
            guard readings > 0 else {
                throw ActivityError.unreadableFile(path: path, reason: "the recording holds no raw readings to classify")
            }
            pipeline.finish(into: &motions)
            if let reason = rateGuard.checkFinished(pipeline) { throw ActivityError.unreadableFile(path: path, reason: reason) }
            let statistics = pipeline.inputStatistics
            self.init(
                label: metadata.tag, group: metadata.subject ?? metadata.sessionID, name: name, motions: motions,
                sampleRate: sampleRate, droppedReadings: statistics.duplicates + statistics.backwards + statistics.invalid + statistics.unpaired)
        } catch let error as ActivityError {
            throw error
        } catch let error as RecordingError {
            throw .unreadableRecording(error)
        } catch {
            throw .unreadableFile(path: path, reason: "\(error)")
        }
    }

    /// A pipeline fusing at `sampleRate`, without the nominal-rate hint (see ``PipelineRateGuard``).
    private static func pipeline(name: String, sampleRate: Double, hasGyroscope: Bool) throws(ActivityError) -> DeviceMotionPipeline {
        do {
            return try DeviceMotionPipeline(outputRate: sampleRate, hasGyroscope: hasGyroscope)
        } catch {
            throw .invalidWindow("cannot fuse \(name) at \(sampleRate.messageText) Hz: \(error)")
        }
    }
}

import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage

extension LabelledSession {
    /// Raw readings fed to the fusion pipeline per call, as a live source delivers them in kernel-buffer batches.
    static let fusionBatchSize = 64

    /// A recording (written by imu-record or imu-import) as a labelled session: its raw readings fused into device
    /// motion at `sampleRate` by the same ``DeviceMotionPipeline`` a live sensor feeds; label = tag, group = subject.
    public init(recording: Recording, sampleRate: Double) throws(ActivityError) {
        let name = recording.directory.lastComponent?.string ?? recording.directory.string
        guard !recording.raw.isEmpty else {
            throw .unreadableFile(path: recording.directory.string, reason: "the recording holds no raw readings to classify")
        }
        var pipeline: DeviceMotionPipeline
        do {
            pipeline = try DeviceMotionPipeline(
                outputRate: sampleRate, hasGyroscope: recording.metadata.hasGyroscope, inputRate: recording.metadata.rawRate)
        } catch {
            throw .invalidWindow("cannot fuse \(name) at \(sampleRate) Hz: \(error)")
        }
        var motions: [DeviceMotion] = []
        var start = 0
        while start < recording.raw.count {
            let end = min(start + Self.fusionBatchSize, recording.raw.count)
            pipeline.append(Array(recording.raw[start..<end]), into: &motions)
            start = end
        }
        pipeline.finish(into: &motions)
        self.init(
            label: recording.metadata.tag, group: recording.metadata.subject ?? recording.metadata.sessionID, name: name,
            motions: motions, sampleRate: sampleRate)
    }

    /// Reads the recording directory at `path` and fuses it (see ``init(recording:sampleRate:)``).
    public init(recordingAt path: String, sampleRate: Double) throws(ActivityError) {
        let recording: Recording
        do {
            recording = try RecordingReader.read(FilePath(path))
        } catch {
            throw .unreadableFile(path: path, reason: error.description)
        }
        try self.init(recording: recording, sampleRate: sampleRate)
    }
}

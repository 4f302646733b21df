import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage

/// What a session is, without its motion: what streaming readers report once the motion has gone by.
public struct SessionSummary: Sendable, Equatable {
    /// The activity performed throughout the session.
    public var label: String
    /// The subject (or other grouping) the session belongs to.
    public var group: String
    /// A name for messages, such as the source file.
    public var name: String
    /// How many device-motion samples the session gave.
    public var motionCount: Int
    /// Input readings the fusion dropped (repeated or backward timestamps, nan or empty values, unpaired).
    public var droppedReadings: Int
    /// Whether the session names its subject; one that does not is its own group (``group`` is its session ID).
    public var hasSubject = true

    /// Creates a summary.
    public init(
        label: String, group: String, name: String, motionCount: Int, droppedReadings: Int, hasSubject: Bool = true
    ) {
        self.label = label
        self.hasSubject = hasSubject
        self.group = group
        self.name = name
        self.motionCount = motionCount
        self.droppedReadings = droppedReadings
    }
}

extension LabelledSession {
    /// Raw readings fed to the fusion pipeline per call, as a live source delivers them in kernel-buffer batches.
    package static let fusionBatchSize = 64

    /// The recording (written by imu-record or imu-import) at `path` as a labelled session, all its device motion in
    /// memory (see ``fuseRecording(at:sampleRate:into:)``, which keeps none of it).
    public init(recordingAt path: String, sampleRate: Double) throws(ActivityError) {
        var motions: [DeviceMotion] = []
        let summary: SessionSummary
        do {
            summary = try Self.fuseRecording(at: path, sampleRate: sampleRate) { motions += $0 }
        } catch let error as ActivityError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: "\(error)")
        }
        self.init(summary: summary, motions: motions, sampleRate: sampleRate)
    }

    /// Creates a session from a streaming reader's summary and the motion it delivered.
    init(summary: SessionSummary, motions: [DeviceMotion], sampleRate: Double) {
        self.init(
            label: summary.label, group: summary.group, name: summary.name, motions: motions, sampleRate: sampleRate,
            droppedReadings: summary.droppedReadings)
    }

    /// Fuses the recording at `path`: its raw readings, read row by row in bounded memory, go through the same
    /// ``MotionUpdateLoop`` a live sensor feeds (in `mode`: causal as live by default), and the device motion at
    /// `sampleRate` is handed to `deliver` as it comes; label = tag, group = subject. Errors are ``ActivityError``s,
    /// or whatever `deliver` throws.
    public static func fuseRecording(
        at path: String, sampleRate: Double, mode: FusionMode = .live, into deliver: ([DeviceMotion]) throws -> Void
    ) throws -> SessionSummary {
        let directory = FilePath(path)
        let name = directory.lastComponent?.string ?? path
        do {
            let metadata = try RecordingReader.readMetadata(directory)
            let rows = try RecordingReader.rawReadings(of: directory, metadata: metadata)
            var updates = try updates(
                name: name, sampleRate: sampleRate, hasGyroscope: metadata.hasGyroscope, mode: mode)
            func checkRate() throws {
                if let failure = updates.rateFailure { throw ActivityError.unreadableFile(path: path, reason: "\(failure)") }
            }
            var motions: [DeviceMotion] = []
            var batch: [SensorSample] = []
            batch.reserveCapacity(fusionBatchSize)
            var readings = 0
            var motionCount = 0
            func flush() throws {
                motionCount += motions.count
                try deliver(motions)
                motions.removeAll(keepingCapacity: true)
            }
            while true {
                batch.removeAll(keepingCapacity: true)
                try rows.read(upTo: fusionBatchSize, into: &batch)
                if batch.isEmpty { break }
                readings += batch.count
                updates.append(batch, into: &motions)
                try checkRate()
                try flush()
            }
            guard readings > 0 else {
                throw ActivityError.unreadableFile(path: path, reason: "the recording holds no raw readings to classify")
            }
            updates.finish(into: &motions)
            try checkRate()
            try flush()
            let statistics = updates.inputStatistics
            return SessionSummary(
                label: metadata.tag, group: metadata.subject ?? metadata.sessionID, name: name, motionCount: motionCount,
                droppedReadings: statistics.duplicates + statistics.backwards + statistics.invalid + statistics.unpaired,
                hasSubject: metadata.subject != nil)
        } catch let error as RecordingError {
            throw ActivityError.unreadableRecording(error)
        }
    }

    /// Device-motion updates at `sampleRate` in `mode`, without the nominal-rate hint, so that timestamps giving no
    /// rate are refused (``MotionUpdateLoop/rateFailure``).
    private static func updates(
        name: String, sampleRate: Double, hasGyroscope: Bool, mode: FusionMode
    ) throws(ActivityError) -> MotionUpdateLoop {
        do {
            return try MotionUpdateLoop(outputRate: sampleRate, hasGyroscope: hasGyroscope, mode: mode)
        } catch {
            throw .invalidWindow("cannot fuse \(name) at \(sampleRate.messageText) Hz: \(error)")
        }
    }
}

import MotionSamples
import SystemPackage

/// Replays the raw samples of a recording as a `MotionSource`, so a replay goes through the same
/// pipeline (resampling, fusion, classification) as a live sensor.
///
/// Samples come in batches covering `batchDuration` seconds of recording time, either as fast as
/// the consumer takes them or paced against the clock at `speed` times real time.
public struct RecordingReplaySource: MotionSource {
    /// How fast the replay delivers batches.
    public enum Pacing: Hashable, Sendable {
        /// Every batch as soon as the consumer asks for it.
        case asFastAsPossible
        /// Batches spaced like the recording's timestamps, divided by `speed` (1 = real time).
        case realTime(speed: Double)
    }

    /// The recording being replayed.
    public let recording: Recording
    /// How fast batches are delivered.
    public let pacing: Pacing
    /// Seconds of recording time per batch.
    public let batchDuration: Double

    /// Creates a replay of an in-memory recording.
    public init(recording: Recording, pacing: Pacing = .asFastAsPossible, batchDuration: Double = 0.05) {
        self.recording = recording
        self.pacing = pacing
        self.batchDuration = batchDuration > 0 ? batchDuration : 0.05
    }

    /// Reads the recording at `directory` and creates a replay of it.
    public init(contentsOf directory: FilePath, pacing: Pacing = .asFastAsPossible, batchDuration: Double = 0.05) throws(RecordingError) {
        self.init(recording: try RecordingReader.read(directory), pacing: pacing, batchDuration: batchDuration)
    }

    /// The recording's directory name.
    public var name: String { recording.directory.lastComponent?.string ?? recording.directory.string }

    /// Whether the recording holds gyroscope readings.
    public var hasGyroscope: Bool { recording.metadata.hasGyroscope }

    /// The recording's nominal raw rate.
    public var nominalRate: Double? { recording.metadata.rawRate }

    /// The raw samples in batches of `batchDuration` seconds, in file order.
    public func batches() -> [[SensorSample]] {
        var batches: [[SensorSample]] = []
        var current: [SensorSample] = []
        var batchEnd = -Double.infinity
        for sample in recording.raw {
            if sample.timestamp >= batchEnd, !current.isEmpty {
                batches.append(current)
                current.removeAll(keepingCapacity: true)
            }
            if current.isEmpty { batchEnd = sample.timestamp + batchDuration }
            current.append(sample)
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// Starts the replay; the stream ends after the last sample or when the consumer stops.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        let batches = batches()
        let pacing = pacing
        return AsyncThrowingStream { continuation in
            let task = Task {
                let clock = ContinuousClock()
                let start = clock.now
                let firstTimestamp = batches.first?.first?.timestamp ?? 0
                for batch in batches {
                    if case .realTime(let speed) = pacing, speed > 0, let last = batch.last {
                        let offset = max(0, (last.timestamp - firstTimestamp) / speed)
                        do {
                            try await clock.sleep(until: start.advanced(by: .seconds(offset)))
                        } catch {
                            break
                        }
                    }
                    if Task.isCancelled { break }
                    continuation.yield(batch)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

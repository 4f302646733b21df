import MotionSamples
import StreamExecution
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

    /// Where the raw readings come from: a recording in memory, or its directory, read as the replay goes.
    private enum Storage: Sendable {
        case memory([SensorSample])
        case directory(FilePath)
    }

    private let storage: Storage
    /// The recording's directory.
    public let directory: FilePath
    /// The recording's `recording.json`.
    public let metadata: RecordingMetadata
    /// How fast batches are delivered.
    public let pacing: Pacing
    /// Seconds of recording time per batch.
    public let batchDuration: Double

    /// Creates a replay of an in-memory recording.
    public init(recording: Recording, pacing: Pacing = .asFastAsPossible, batchDuration: Double = 0.05) {
        storage = .memory(recording.raw)
        directory = recording.directory
        metadata = recording.metadata
        self.pacing = pacing
        self.batchDuration = batchDuration > 0 && batchDuration.isFinite ? batchDuration : 0.05
    }

    /// A replay of the recording at `directory`, read in bounded memory as it is replayed (its metadata now).
    public init(contentsOf directory: FilePath, pacing: Pacing = .asFastAsPossible, batchDuration: Double = 0.05) throws(RecordingError) {
        storage = .directory(directory)
        self.directory = directory
        metadata = try RecordingReader.readMetadata(directory)
        self.pacing = pacing
        self.batchDuration = batchDuration > 0 && batchDuration.isFinite ? batchDuration : 0.05
    }

    /// The recording's directory name.
    public var name: String { directory.lastComponent?.string ?? directory.string }

    /// Whether the recording holds gyroscope readings.
    public var hasGyroscope: Bool { metadata.hasGyroscope }

    /// Whether the recording holds magnetometer readings (format 3): they come in the batches, for the fusion in a
    /// magnetic reference frame.
    public var hasMagnetometer: Bool { metadata.magnetometer != nil }

    /// The recording's nominal raw rate.
    public var nominalRate: Double? { metadata.rawRate }

    /// A reader of the raw readings in batches of `batchDuration` seconds, in file order.
    public func batchReader() throws(RecordingError) -> RecordingBatchReader {
        switch storage {
        case .memory(let raw):
            return RecordingBatchReader(next: RecordingBatchReader.memoryRows(raw), batchDuration: batchDuration)
        case .directory(let directory):
            let rows = try RecordingReader.rawReadings(of: directory, metadata: metadata)
            return RecordingBatchReader(next: { () throws(RecordingError) in try rows.next() }, batchDuration: batchDuration)
        }
    }

    /// Starts the replay; the stream ends after the last sample or when the consumer stops, or with the error of a
    /// line that cannot be read.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        let pacing = pacing
        let source = self
        return AsyncThrowingStream { continuation in
            let task = Task(executorPreference: StreamExecution.preferredExecutor) {
                do {
                    let batches = try source.batchReader()
                    let clock = ContinuousClock()
                    let start = clock.now
                    var firstTimestamp: Double?
                    while let batch = try batches.next() {
                        // Readings without a finite timestamp (dropped later by the pipeline) do not pace.
                        if case .realTime(let speed) = pacing, speed > 0,
                            let last = batch.last(where: { $0.timestamp.isFinite }),
                            let first = firstTimestamp ?? batch.first(where: { $0.timestamp.isFinite })?.timestamp
                        {
                            firstTimestamp = first
                            let offset = max(0, (last.timestamp - first) / speed)
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
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Raw readings grouped into batches that each cover at most `batchDuration` seconds, read one batch at a time.
public final class RecordingBatchReader {
    private let nextRow: () throws(RecordingError) -> SensorSample?
    private let batchDuration: Double
    private var carried: SensorSample?

    init(next: @escaping () throws(RecordingError) -> SensorSample?, batchDuration: Double) {
        nextRow = next
        self.batchDuration = batchDuration
    }

    /// A row source over readings already in memory.
    static func memoryRows(_ raw: [SensorSample]) -> () throws(RecordingError) -> SensorSample? {
        var iterator = raw.makeIterator()
        return { () throws(RecordingError) in iterator.next() }
    }

    /// Most readings in one batch, however close their timestamps (a batch never grows with the input).
    public static let maximumBatchSize = 4096

    /// The next batch, or `nil` after the last reading.
    public func next() throws(RecordingError) -> [SensorSample]? {
        let first: SensorSample
        if let carried {
            first = carried
            self.carried = nil
        } else if let row = try nextRow() {
            first = row
        } else {
            return nil
        }
        var batch = [first]
        // A reading without a finite timestamp starts a batch that only other such readings join.
        let batchEnd = first.timestamp.isFinite ? first.timestamp + batchDuration : -Double.infinity
        while batch.count < Self.maximumBatchSize, let sample = try nextRow() {
            if sample.timestamp >= batchEnd {
                carried = sample
                break
            }
            batch.append(sample)
        }
        return batch
    }
}

import MotionSamples

/// A finite ``MotionSource`` that replays samples already in memory (a file read in full, a test trace), in
/// batches, as fast as the consumer takes them.
///
/// Each ``IMUSample`` becomes an accelerometer reading and, if it has one, a gyroscope reading with the same
/// timestamp, so the replay goes through the same alignment as a live device.
///
/// ```swift
/// let manager = MotionManager(source: SampleSequenceSource(samples: samples))
/// ```
public struct SampleSequenceSource: MotionSource {
    /// Human-readable name of the source.
    public let name: String
    /// Whether the samples carry rotation rates (decided by the first sample).
    public let hasGyroscope: Bool
    /// The sample rate in Hz if known; otherwise the pipeline estimates it from the timestamps.
    public let nominalRate: Double?
    /// The readings, already split into batches.
    private let batches: [[SensorSample]]

    /// Creates a source that replays `samples` in batches of `batchSize` samples.
    public init(name: String = "samples", samples: some Sequence<IMUSample>, nominalRate: Double? = nil, batchSize: Int = 64) {
        let all = Array(samples)
        self.name = name
        self.nominalRate = nominalRate
        hasGyroscope = all.first?.rotationRate != nil
        let size = max(1, batchSize)
        batches = stride(from: 0, to: all.count, by: size).map { start in
            all[start..<min(start + size, all.count)].flatMap { sample -> [SensorSample] in
                let acceleration = SensorSample(sensor: .accelerometer, timestamp: sample.timestamp, value: sample.acceleration)
                guard let rotationRate = sample.rotationRate else { return [acceleration] }
                return [acceleration, SensorSample(sensor: .gyroscope, timestamp: sample.timestamp, value: rotationRate)]
            }
        }
    }

    /// Yields every batch, then finishes; stops early when the consumer stops.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        let batches = batches
        return AsyncThrowingStream { continuation in
            for batch in batches {
                if case .terminated = continuation.yield(batch) { return }
            }
            continuation.finish()
        }
    }
}

import MotionSamples

/// A finite ``MotionSource`` that replays samples already in memory (a file read in full, a test trace), in
/// batches, as fast as the consumer takes them.
///
/// Each ``IMUSample`` becomes an accelerometer reading and, if it has one, a gyroscope reading with the same
/// timestamp, so the replay goes through the same alignment as a live device; magnetometer readings, if given, go
/// into the batch of the sample at or after their instant, ahead of it, as a live IMU's do.
///
/// ```swift
/// let manager = MotionManager(source: SampleSequenceSource(samples: samples))
/// ```
public struct SampleSequenceSource: MotionSource {
    /// Human-readable name of the source.
    public let name: String
    /// Whether the samples carry rotation rates (decided by the first sample).
    public let hasGyroscope: Bool
    /// Whether magnetometer readings were given.
    public let hasMagnetometer: Bool
    /// The sample rate in Hz if known; otherwise the pipeline estimates it from the timestamps.
    public let nominalRate: Double?
    /// The readings, already split into batches.
    private let batches: [[SensorSample]]

    /// Creates a source that replays `samples` (and `magnetometer`'s readings, in time order) in batches of
    /// `batchSize` samples.
    public init(
        name: String = "samples", samples: some Sequence<IMUSample>, magnetometer: [MagnetometerSample] = [],
        nominalRate: Double? = nil, batchSize: Int = 64
    ) {
        let all = Array(samples)
        self.name = name
        self.nominalRate = nominalRate
        hasGyroscope = all.first?.rotationRate != nil
        hasMagnetometer = !magnetometer.isEmpty
        let size = max(1, batchSize)
        var nextField = magnetometer.startIndex
        batches = stride(from: 0, to: all.count, by: size).map { start in
            all[start..<min(start + size, all.count)].flatMap { sample -> [SensorSample] in
                var readings: [SensorSample] = []
                while nextField < magnetometer.endIndex, magnetometer[nextField].timestamp <= sample.timestamp {
                    let reading = magnetometer[nextField]
                    readings.append(SensorSample(sensor: .magnetometer, timestamp: reading.timestamp, value: reading.field))
                    nextField += 1
                }
                readings.append(SensorSample(sensor: .accelerometer, timestamp: sample.timestamp, value: sample.acceleration))
                if let rotationRate = sample.rotationRate {
                    readings.append(SensorSample(sensor: .gyroscope, timestamp: sample.timestamp, value: rotationRate))
                }
                return readings
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

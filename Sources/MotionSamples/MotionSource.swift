/// Anything that produces inertial readings: a live IIO device, a recording being replayed, a file.
///
/// Readings come in batches (one kernel buffer, one chunk of a file) so that high-rate sensors
/// do not pay an async hop per sample. Within a batch and across batches, each sensor's
/// timestamps are non-decreasing as far as the source can tell; consumers still guard against
/// jumps. Accelerometer and gyroscope readings of a combined device share timestamps.
public protocol MotionSource: Sendable {
    /// Human-readable name of the source (device name, file name).
    var name: String { get }
    /// Whether the source has a gyroscope; accelerometer-only devices are common on laptops.
    var hasGyroscope: Bool { get }
    /// Whether the source has a magnetometer whose readings come among the others (`false` by default).
    var hasMagnetometer: Bool { get }
    /// The nominal rate of the accelerometer in Hz, if known.
    var nominalRate: Double? { get }
    /// Starts producing readings; the sequence ends when the source ends or throws on failure.
    func readings() -> AsyncThrowingStream<[SensorSample], any Error>
    /// Starts producing readings and status changes, in the order they happened; a source whose sensors cannot
    /// change gives its readings alone (the default).
    func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error>
}

extension MotionSource {
    /// No magnetometer: the sources that have one say so.
    public var hasMagnetometer: Bool { false }

    /// The readings alone: this source reports no status changes.
    ///
    /// The readings are pulled by the consumer's own iteration (no task in between), so when the consumer stops,
    /// the readings stream ends there and then: a live device is closed, and its trigger detached, before the
    /// consumer goes on (and before a tool exits).
    public func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error> {
        let batches = ReadingBatches(readings())
        return AsyncThrowingStream { try await batches.next().map(MotionSourceInput.readings) }
    }
}

/// The iterator of a source's readings, held for `inputs()`'s stream, whose consumer calls it from one task at a
/// time.
private final class ReadingBatches: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<[SensorSample], any Error>.AsyncIterator

    init(_ readings: AsyncThrowingStream<[SensorSample], any Error>) { iterator = readings.makeAsyncIterator() }

    func next() async throws -> [SensorSample]? { try await iterator.next() }
}

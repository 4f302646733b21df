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
    /// The nominal rate of the accelerometer in Hz, if known.
    var nominalRate: Double? { get }
    /// Starts producing readings; the sequence ends when the source ends or throws on failure.
    func readings() -> AsyncThrowingStream<[SensorSample], any Error>
    /// Starts producing readings and status changes, in the order they happened; a source whose sensors cannot
    /// change gives its readings alone (the default).
    func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error>
}

extension MotionSource {
    /// The readings alone: this source reports no status changes.
    public func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error> {
        let readings = readings()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await batch in readings { continuation.yield(.readings(batch)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

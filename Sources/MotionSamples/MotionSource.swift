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
}

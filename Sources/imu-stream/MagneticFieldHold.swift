import MotionSamples

/// The magnetometer readings of a stream, held so that each printed sample carries the latest one at or before
/// its instant: the aligner pairs only the accelerometer and gyroscope, and magnetometers run slower than both.
struct MagneticFieldHold {
    /// Readings not yet superseded, oldest first.
    private var pending: [SensorSample] = []
    /// The latest reading handed out.
    private var current: Vector3?

    /// Keeps the magnetometer readings of `batch`.
    mutating func append(_ batch: [SensorSample]) {
        pending += batch.lazy.filter { $0.sensor == .magnetometer }
    }

    /// The latest reading at or before `timestamp`, `nil` before the first one; later readings stay held.
    mutating func field(at timestamp: Double) -> Vector3? {
        let due = pending.prefix { $0.timestamp <= timestamp }
        if let last = due.last { current = last.value }
        pending.removeFirst(due.count)
        return current
    }

    /// Forgets every reading, as when another IMU starts streaming.
    mutating func reset() {
        pending.removeAll()
        current = nil
    }
}

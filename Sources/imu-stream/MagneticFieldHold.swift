import MotionSamples

/// The magnetometer readings of a stream, held so that each printed sample carries the latest one at or before
/// its instant: the aligner pairs only the accelerometer and gyroscope, and magnetometers run slower than both.
struct MagneticFieldHold {
    /// Readings not yet superseded, oldest first.
    private var pending: [SensorSample] = []
    /// The latest reading handed out.
    private var current: Vector3?

    /// Readings held at most: a few seconds of a fast magnetometer. Past it the oldest become the current reading, so
    /// a stalled accelerometer cannot make the hold grow.
    static let pendingLimit = 1024

    /// Keeps the magnetometer readings of `batch`.
    mutating func append(_ batch: [SensorSample]) {
        pending += batch.lazy.filter { $0.sensor == .magnetometer }
        let excess = pending.count - Self.pendingLimit
        if excess > 0 {
            current = pending[excess - 1].value
            pending.removeFirst(excess)
        }
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

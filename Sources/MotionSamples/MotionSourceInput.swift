/// One item of a ``MotionSource``'s ordered output: a batch of readings, or a change of its sensors, so that a
/// consumer sees a removal after the last reading before it and a return before the first reading after it.
public enum MotionSourceInput: Sendable {
    /// A batch of readings.
    case readings([SensorSample])
    /// The source's sensors changed, reported at `at` (monotonic seconds).
    case status(any MotionSourceStatus, at: Double)
}

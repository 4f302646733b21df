/// Lets through at most `rate` samples per second of stream time (the samples' own timestamps, never the wall clock):
/// a sample passes once the stream reaches the next `1 / rate` step, so the average rate is `rate` even when it does not
/// divide the input's.
public struct MotionThrottle: Sendable {
    /// Samples per second let through.
    public let rate: Double
    private var next: Double?

    /// A throttle at `rate` Hz (checked by the caller against its documented range).
    public init(rate: Double) {
        self.rate = rate
    }

    /// Whether the sample at `timestamp` (seconds) is let through.
    public mutating func admits(_ timestamp: Double) -> Bool {
        let period = 1 / rate
        if let next {
            if timestamp < next - 1e-9 { return false }
            // After a gap (an unplug, a new session) the steps start again from here.
            self.next = timestamp > next + period ? timestamp + period : next + period
        } else {
            next = timestamp + period
        }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock all timestamps use (CoreMotion's `timestamp` is uptime, too).
public enum MonotonicClock {
    /// Monotonic time now, in seconds.
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

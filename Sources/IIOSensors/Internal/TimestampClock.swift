#if canImport(Glibc)
import Glibc
#endif

/// Maps the kernel clock a device timestamps scans with (`current_timestamp_clock`) onto the
/// monotonic clock CoreMotion-style timestamps use.
struct TimestampClock {
    private let clockID: clockid_t

    /// The clock named by `current_timestamp_clock`; the kernel's default is `realtime`.
    init(name: String?) {
        switch name ?? "realtime" {
        case "monotonic": clockID = CLOCK_MONOTONIC
        case "monotonic_raw": clockID = CLOCK_MONOTONIC_RAW
        case "monotonic_coarse": clockID = CLOCK_MONOTONIC_COARSE
        case "boottime": clockID = CLOCK_BOOTTIME
        case "realtime_coarse": clockID = CLOCK_REALTIME_COARSE
        case "tai": clockID = CLOCK_TAI
        default: clockID = CLOCK_REALTIME
        }
    }

    /// Whether timestamps are already monotonic.
    var isMonotonic: Bool { clockID == CLOCK_MONOTONIC }

    /// Nanoseconds to add to this clock to get monotonic time, measured now (realtime and
    /// boottime drift against monotonic, so callers refresh it per buffer).
    func offsetToMonotonic() -> Int64 {
        isMonotonic ? 0 : Self.now(CLOCK_MONOTONIC) - Self.now(clockID)
    }

    /// Monotonic time now, in seconds.
    static func monotonicSeconds() -> Double { Double(now(CLOCK_MONOTONIC)) / 1e9 }

    /// Monotonic time now, in nanoseconds.
    static func monotonicNanoseconds() -> Int64 { now(CLOCK_MONOTONIC) }

    /// Sleeps until the monotonic clock reaches `deadline` nanoseconds.
    static func sleep(untilMonotonic deadline: Int64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }

    private static func now(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

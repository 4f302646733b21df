/// What a stream's next timestamp is, seen from the one before: the one definition of duplicates, steps back,
/// gaps and clock jumps, which the aligner (per sensor) and the resampler (on the paired timeline) both apply.
public struct DiscontinuityRule: Hashable, Sendable {
    /// An interval longer than this many periods of the stream is a gap (unless ``minimumGap`` is longer).
    public var gapPeriods: Double
    /// The shortest interval, in seconds, that counts as a gap whatever the rate.
    public var minimumGap: Double
    /// A forward step longer than this, or a backward step at least this long, in seconds, is a clock jump.
    public var clockJumpThreshold: Double

    /// Creates a rule; the defaults suit IMU streams from 10 Hz to a few kHz.
    public init(gapPeriods: Double = 3, minimumGap: Double = 0.05, clockJumpThreshold: Double = 10) {
        self.gapPeriods = gapPeriods
        self.minimumGap = minimumGap
        self.clockJumpThreshold = clockJumpThreshold
    }

    /// The longest interval, in seconds, that is not a gap in a stream whose period is `period` seconds.
    public func gapThreshold(period: Double) -> Double { max(gapPeriods * period, minimumGap) }

    /// How `timestamp` follows `last` in a stream whose gap threshold is `gapThreshold` (none by default).
    public func step(from last: Double, to timestamp: Double, gapThreshold: Double = .infinity) -> TimelineStep {
        if timestamp == last { return .duplicate }
        if timestamp < last { return last - timestamp < clockJumpThreshold ? .backward : .jumpBack }
        let interval = timestamp - last
        if interval > clockJumpThreshold { return .jumpForward }
        return interval > gapThreshold ? .gap : .regular
    }

    /// Throws if a parameter is out of range, naming the parameter and its valid range.
    func validate() throws(ResamplingError) {
        guard gapPeriods > 1, gapPeriods.isFinite else {
            throw .invalidParameter(name: "gapPeriods", value: gapPeriods, requirement: "a finite number above 1")
        }
        guard minimumGap > 0, minimumGap.isFinite else {
            throw .invalidParameter(name: "minimumGap", value: minimumGap, requirement: "a positive number of seconds")
        }
        guard clockJumpThreshold > 0, clockJumpThreshold.isFinite else {
            throw .invalidParameter(
                name: "clockJumpThreshold", value: clockJumpThreshold, requirement: "a positive number of seconds")
        }
    }
}

/// How a timestamp follows the one before it in a stream (``DiscontinuityRule/step(from:to:gapThreshold:)``).
public enum TimelineStep: Hashable, Sendable {
    /// The same timestamp again.
    case duplicate
    /// A step back shorter than the clock-jump threshold: a stray reading, dropped.
    case backward
    /// A step back of at least the clock-jump threshold: the clock was reset.
    case jumpBack
    /// A step forward longer than the clock-jump threshold.
    case jumpForward
    /// A step forward longer than the gap threshold: readings are missing.
    case gap
    /// The next reading.
    case regular
}

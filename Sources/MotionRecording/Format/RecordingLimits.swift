import MotionSamples

/// The documented ranges every number in `recording.json` must fall in (see docs/formats.md).
///
/// The rates bracket what IIO accelerometers and gyroscopes deliver: the slowest output data rates are
/// fractions of a hertz (e.g. the LIS3DH's 1 Hz, HID hubs' 0.1 Hz report intervals) and the fastest are a few
/// kilohertz (LSM6DSx 6.66 kHz, BMI160 and ADXL345 3.2 kHz); the fusion and resampling filters are designed for
/// that span, and rates outside it would size their buffers from a number no sensor produces.
public enum RecordingLimits {
    /// Raw and motion stream rates, in Hz.
    public static let rate: ClosedRange<Double> = 0.1...10_000
    /// Row counts of a finished recording: a billion rows is over a day at 10 kHz.
    public static let rowCount: ClosedRange<Int> = 0...1_000_000_000
    /// Monotonic timestamps, in seconds (about 317 years of uptime).
    public static let monotonic: ClosedRange<Double> = 0...10_000_000_000
    /// Wall-clock anchors, in seconds since 1970 (up to the year 2286).
    public static let unixTime: ClosedRange<Double> = 0...10_000_000_000

    /// The range as text for messages, e.g. `0.1...10000`.
    static func text<Bound: Comparable>(_ range: ClosedRange<Bound>) -> String {
        func text(_ bound: Bound) -> String { (bound as? Double)?.messageText ?? "\(bound)" }
        return "\(text(range.lowerBound))...\(text(range.upperBound))"
    }
}

/// Something noteworthy in an input stream that a resampler or aligner handled: a gap or a clock jump.
public enum StreamEvent: Hashable, Sendable, CustomStringConvertible {
    /// No input arrived between `start` and `end` (seconds); `skippedOutputs` grid points were not invented.
    case gap(start: Double, end: Double, skippedOutputs: Int)
    /// The input clock stepped from `from` to `to` (seconds), forward or backward; the stream was restarted there.
    case clockJump(from: Double, to: Double)

    /// A line for humans, such as "gap of 0.420 s at t=12.300 (10 outputs skipped)".
    public var description: String {
        switch self {
        case .gap(let start, let end, let skipped):
            "gap of \(Self.format(end - start)) s at t=\(Self.format(start)) (\(skipped) outputs skipped)"
        case .clockJump(let from, let to):
            "clock jump of \(Self.format(to - from)) s at t=\(Self.format(from)) (stream restarted at t=\(Self.format(to)))"
        }
    }

    /// Formats seconds with millisecond precision without Foundation.
    private static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        let milliseconds = (seconds * 1000).rounded()
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = abs(milliseconds)
        let whole = (magnitude / 1000).rounded(.down)
        let fraction = Int(magnitude - whole * 1000)
        let padded = String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
        return "\(sign)\(Int(whole)).\(padded)"
    }
}

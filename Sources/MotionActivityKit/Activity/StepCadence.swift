/// The pedometer's cadence for the activity confidence: steps per second over the last ``span`` seconds, from the
/// step timestamps a ``StepDetector`` reports.
public struct StepCadence: Sendable {
    /// Seconds the cadence is averaged over: one classifier window (the bundled model's is 4 s).
    public let span: Double
    /// The most steps kept: 16 steps per second over the span, far above any human cadence.
    public var capacity: Int { max(1, Int(min(span * 16, 10_000))) }
    private var steps: [Double] = []

    /// Creates a meter averaging over `span` seconds (clamped to 0.5...60).
    public init(span: Double = 4) {
        self.span = span.isFinite ? min(max(span, 0.5), 60) : 4
    }

    /// Notes a step at `timestamp` (the stream's seconds).
    public mutating func step(at timestamp: Double) {
        guard timestamp.isFinite else { return }
        if steps.count >= capacity { steps.removeFirst(steps.count - capacity + 1) }
        steps.append(timestamp)
    }

    /// Steps per second in the `span` seconds up to `timestamp`; older steps are forgotten.
    public mutating func cadence(at timestamp: Double) -> Double {
        steps.removeAll { $0 <= timestamp - span }
        return Double(steps.count { $0 <= timestamp }) / span
    }
}

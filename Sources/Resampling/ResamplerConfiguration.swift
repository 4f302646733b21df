/// Tuning of a ``FixedRateResampler``; the defaults suit IMU streams from 10 Hz to a few kHz.
public struct ResamplerConfiguration: Hashable, Sendable {
    /// The nominal input rate in Hz (for example `MotionSource.nominalRate`), or `nil` to estimate it from the
    /// median interval of the first readings.
    public var inputRate: Double?
    /// The kernel's cutoff as a fraction of the Nyquist frequency of the lower of the input and output rates.
    ///
    /// At 0.8 and 25 Hz output, frequencies up to about 8 Hz pass unchanged and everything above 12.5 Hz is
    /// attenuated by more than 60 dB.
    public var cutoffFraction: Double
    /// Half the kernel's length, in periods of the lower of the input and output rates; this is also the latency.
    public var kernelHalfWidthPeriods: Double
    /// What a duplicate, a step back, a gap (not bridged) and a clock jump are in the input.
    public var discontinuities: DiscontinuityRule
    /// How outputs near the start and end of the stream and around gaps are computed.
    public var edgeHandling: EdgeHandling
    /// How many events are kept for ``FixedRateResampler/drainEvents()``; older ones are discarded beyond it.
    public var maximumRetainedEvents: Int

    /// Creates a configuration; every parameter has a default that suits IMU streams.
    public init(
        inputRate: Double? = nil,
        cutoffFraction: Double = 0.8,
        kernelHalfWidthPeriods: Double = 16,
        gapPeriods: Double = 3,
        minimumGap: Double = 0.05,
        clockJumpThreshold: Double = 10,
        edgeHandling: EdgeHandling = .shrinkKernel,
        maximumRetainedEvents: Int = 1024
    ) {
        self.inputRate = inputRate
        self.cutoffFraction = cutoffFraction
        self.kernelHalfWidthPeriods = kernelHalfWidthPeriods
        discontinuities = DiscontinuityRule(
            gapPeriods: gapPeriods, minimumGap: minimumGap, clockJumpThreshold: clockJumpThreshold)
        self.edgeHandling = edgeHandling
        self.maximumRetainedEvents = maximumRetainedEvents
    }

    /// Throws if a parameter is out of range, naming the parameter and its valid range.
    func validate() throws(ResamplingError) {
        if let inputRate, !(inputRate.isFinite && inputRate > 0) {
            throw .invalidParameter(name: "inputRate", value: inputRate, requirement: "a positive rate in Hz, or nil")
        }
        guard cutoffFraction > 0, cutoffFraction <= 1 else {
            throw .invalidParameter(name: "cutoffFraction", value: cutoffFraction, requirement: "in (0, 1]")
        }
        guard kernelHalfWidthPeriods >= 1, kernelHalfWidthPeriods <= 1000 else {
            throw .invalidParameter(
                name: "kernelHalfWidthPeriods", value: kernelHalfWidthPeriods, requirement: "between 1 and 1000")
        }
        try discontinuities.validate()
        guard maximumRetainedEvents >= 0 else {
            throw .invalidParameter(
                name: "maximumRetainedEvents", value: Double(maximumRetainedEvents), requirement: "zero or more")
        }
    }
}

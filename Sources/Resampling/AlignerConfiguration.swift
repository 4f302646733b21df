/// Tuning of a ``SensorAligner``; the defaults suit IMUs from 10 Hz to a few kHz.
public struct AlignerConfiguration: Hashable, Sendable {
    /// Whether the source has a gyroscope (`MotionSource.hasGyroscope`); without one, accelerometer readings
    /// pass through at once with `rotationRate == nil` and stray gyroscope readings are counted as unpaired.
    public var hasGyroscope: Bool
    /// How far, in seconds, a reading of the slower sensor may be held beyond its time to pair with a reading
    /// of the faster one (at the start of a stream, at the edges of a gap, at the end); never extrapolated further.
    public var extrapolationTolerance: Double
    /// How long, in seconds of the faster sensor's time, a reading waits for the slower sensor before it is
    /// emitted without it (accelerometer timeline) or dropped (gyroscope timeline).
    public var maximumWait: Double
    /// What a duplicate, a step back, a gap (the slower sensor is not interpolated across one) and a clock jump are.
    public var discontinuities: DiscontinuityRule

    /// Creates a configuration; every parameter has a default that suits IMU streams.
    public init(
        hasGyroscope: Bool = true,
        extrapolationTolerance: Double = 0.002,
        maximumWait: Double = 0.5,
        gapPeriods: Double = 3,
        minimumGap: Double = 0.05,
        clockJumpThreshold: Double = 10
    ) {
        self.hasGyroscope = hasGyroscope
        self.extrapolationTolerance = extrapolationTolerance
        self.maximumWait = maximumWait
        discontinuities = DiscontinuityRule(
            gapPeriods: gapPeriods, minimumGap: minimumGap, clockJumpThreshold: clockJumpThreshold)
    }

    /// Throws if a parameter is out of range, naming the parameter and its valid range.
    func validate() throws(ResamplingError) {
        guard extrapolationTolerance >= 0, extrapolationTolerance.isFinite else {
            throw .invalidParameter(
                name: "extrapolationTolerance", value: extrapolationTolerance, requirement: "zero or more seconds")
        }
        guard maximumWait > 0, maximumWait.isFinite else {
            throw .invalidParameter(name: "maximumWait", value: maximumWait, requirement: "a positive number of seconds")
        }
        try discontinuities.validate()
    }
}

/// The tuning of ``StepDetector``: the plausible cadence range, the adaptive threshold and the gait-rhythm gate.
///
/// The defaults were tuned on the Oxford Step Counter dataset's `optimisation` traces and user 1 of its
/// `validation` traces, never on user 2 (see Benchmarks/Steps/README.md).
public struct StepDetectorParameters: Hashable, Sendable, Codable {
    /// Corner frequency of the low-pass on vertical user acceleration, in Hz.
    public var lowPassCorner: Double = 3.0
    /// The highest plausible cadence in steps per second (210 per minute): peaks closer than its period are
    /// pseudo-peaks of one step.
    public var maximumCadence: Double = 3.5
    /// The lowest cadence in steps per second (40 per minute) at which steps still form a gait rhythm: a longer
    /// interval ends the walk.
    public var minimumCadence: Double = 2.0 / 3.0
    /// The smallest peak of vertical user acceleration, in g, that can be a step (a floor under the adaptive
    /// threshold, so that a still or gently moved device counts nothing).
    public var minimumPeak: Double = 0.05
    /// The adaptive threshold as a fraction of the running RMS of the filtered signal.
    public var relativeThreshold: Double = 0.6
    /// Time constant of the running RMS, in seconds.
    public var rmsTimeConstant: Double = 2.0
    /// How many consecutive peaks at regular intervals make a gait rhythm; until then peaks are held back, and
    /// isolated ones are dropped.
    public var rhythmSteps: Int = 4
    /// How much two consecutive step intervals may differ, as a fraction of the longer one, and still be regular.
    public var intervalTolerance: Double = 0.4
    /// How many irregular intervals in a row end a walk.
    public var irregularLimit: Int = 3
    /// The most sign changes of the filtered signal (with hysteresis) between two steps: a step cycle has two; a
    /// signal oscillating faster than any gait (a shaken board, vibration) has more.
    public var maximumCrossingsPerStep: Int = 3

    /// The default tuning.
    public init() {}

    /// The values each parameter accepts, checked by ``StepDetector/init(sampleRate:parameters:)``.
    public func outOfRange() -> String? {
        if !(0.5...20).contains(lowPassCorner) { return "lowPassCorner \(lowPassCorner) is outside 0.5...20 Hz" }
        if !(0.5...6).contains(maximumCadence) { return "maximumCadence \(maximumCadence) is outside 0.5...6 steps/s" }
        if !(0.1...maximumCadence).contains(minimumCadence) || !(0.1...6).contains(minimumCadence) {
            return "minimumCadence \(minimumCadence) is outside 0.1...maximumCadence steps/s"
        }
        if !(0.001...10).contains(minimumPeak) { return "minimumPeak \(minimumPeak) is outside 0.001...10 g" }
        if !(0...10).contains(relativeThreshold) { return "relativeThreshold \(relativeThreshold) is outside 0...10" }
        if !(0.1...60).contains(rmsTimeConstant) { return "rmsTimeConstant \(rmsTimeConstant) is outside 0.1...60 s" }
        if !(2...StepDetector.heldStepCapacity).contains(rhythmSteps) {
            return "rhythmSteps \(rhythmSteps) is outside 2...\(StepDetector.heldStepCapacity)"
        }
        if !(0...1).contains(intervalTolerance) { return "intervalTolerance \(intervalTolerance) is outside 0...1" }
        if !(1...100).contains(irregularLimit) { return "irregularLimit \(irregularLimit) is outside 1...100" }
        if !(2...100).contains(maximumCrossingsPerStep) {
            return "maximumCrossingsPerStep \(maximumCrossingsPerStep) is outside 2...100"
        }
        return nil
    }
}

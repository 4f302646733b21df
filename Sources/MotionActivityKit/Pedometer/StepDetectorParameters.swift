/// The tuning of ``StepDetector``: the plausible cadence range, the adaptive threshold and the gait-rhythm gate.
///
/// The defaults were tuned on user 1 of the Oxford Step Counter dataset's `validation` walks only, never on user 2,
/// which is held out (Benchmarks/Steps/RESULTS.md).
public struct StepDetectorParameters: Hashable, Sendable, Codable {
    /// Corner frequency of the low-pass on vertical user acceleration, in Hz.
    public var lowPassCorner: Double = 2.5
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

    /// The shortest interval between peaks, in seconds, that may be a stride (two steps) rather than one step: a phone
    /// in a trouser pocket rides one thigh and shows the other leg's step only as a small bump mid-way.
    public var strideInterval: Double = 1.0
    /// How far from the middle of a stride the other leg's bump may be, as a fraction of the stride.
    public var midStepTolerance: Double = 0.25
    /// How high the other leg's bump must be, as a fraction of the stride's peak (and at least ``minimumPeak``).
    public var midStepHeight: Double = 0.15
    /// The least autocorrelation of the filtered signal at the step or stride period (the larger of the two) for peaks
    /// to be a gait: vibration and random jolts with peaks at gait-like intervals do not repeat their waveform.
    public var minimumPeriodicity: Double = 0.5
    /// Seconds of signal the autocorrelation is measured over while walking (at least three step periods).
    public var periodicityDuration: Double = 2.5

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
        // A stride adds two held steps at once, so the rhythm is confirmed before the held steps overflow.
        if !(2...StepDetector.heldStepCapacity - 2).contains(rhythmSteps) {
            return "rhythmSteps \(rhythmSteps) is outside 2...\(StepDetector.heldStepCapacity - 2)"
        }
        if !(0...1).contains(intervalTolerance) { return "intervalTolerance \(intervalTolerance) is outside 0...1" }
        if !(1...100).contains(irregularLimit) { return "irregularLimit \(irregularLimit) is outside 1...100" }
        if !(2...100).contains(maximumCrossingsPerStep) {
            return "maximumCrossingsPerStep \(maximumCrossingsPerStep) is outside 2...100"
        }
        if !(0.2...10).contains(strideInterval) { return "strideInterval \(strideInterval) is outside 0.2...10 s" }
        if !(0...0.5).contains(midStepTolerance) { return "midStepTolerance \(midStepTolerance) is outside 0...0.5" }
        if !(0...1).contains(midStepHeight) { return "midStepHeight \(midStepHeight) is outside 0...1" }
        if !(-1...1).contains(minimumPeriodicity) { return "minimumPeriodicity \(minimumPeriodicity) is outside -1...1" }
        if !(0.5...30).contains(periodicityDuration) {
            return "periodicityDuration \(periodicityDuration) is outside 0.5...30 s"
        }
        return nil
    }
}

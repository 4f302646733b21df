import ActivityKit

/// How a kind's smoothed probability, and the pedometer's cadence, become a ``MotionActivityConfidence``.
///
/// A kind's probability is the sum of its labels' smoothed probabilities (sitting and standing are both
/// `stationary`). The most probable kind is named when that sum reaches ``namedFrom``, otherwise the activity is
/// `unknown` with `low` confidence. The named kind is `high` from ``highFrom``, `medium` from ``mediumFrom`` and
/// `low` below. The cadence then moves an on-foot kind one level: steps at a walking cadence raise `walking`, at a
/// running cadence raise `running`; no steps at all lower `walking` and `running` (a swinging arm without steps)
/// and steps lower `stationary`. Cadence ranges: walking is about 100-130 steps/min and running above about
/// 150 steps/min in adults (Tudor-Locke et al., "Walking cadence (steps/min) and intensity in 21-40 year olds:
/// CADENCE-adults", IJBNPA 16:8, 2019; running cadences of 150-190 steps/min in the same literature).
public struct ActivityConfidenceMapping: Sendable, Hashable {
    /// The kind probability from which the most probable kind is named (below it: `unknown`).
    public var namedFrom: Double
    /// The kind probability from which the confidence is `medium`.
    public var mediumFrom: Double
    /// The kind probability from which the confidence is `high`.
    public var highFrom: Double
    /// Cadences (steps per second) that confirm walking.
    public var walkingCadence: ClosedRange<Double>
    /// The cadence (steps per second) from which running is confirmed.
    public var runningCadenceFrom: Double
    /// The cadence (steps per second) below which there are no steps to speak of.
    public var stillCadenceBelow: Double

    /// The documented defaults: named from 0.5, medium from 0.7, high from 0.9; walking confirmed at 1.3-2.5 steps/s
    /// (78-150 steps/min), running from 2.4 steps/s (144 steps/min), no steps below 0.5 steps/s.
    public init(
        namedFrom: Double = 0.5, mediumFrom: Double = 0.7, highFrom: Double = 0.9,
        walkingCadence: ClosedRange<Double> = 1.3...2.5, runningCadenceFrom: Double = 2.4, stillCadenceBelow: Double = 0.5
    ) {
        self.namedFrom = namedFrom
        self.mediumFrom = mediumFrom
        self.highFrom = highFrom
        self.walkingCadence = walkingCadence
        self.runningCadenceFrom = runningCadenceFrom
        self.stillCadenceBelow = stillCadenceBelow
    }

    /// The confidence of a kind whose probability is `probability`, before the cadence.
    public func confidence(probability: Double) -> MotionActivityConfidence {
        probability >= highFrom ? .high : probability >= mediumFrom ? .medium : .low
    }

    /// `confidence` moved by the cadence (steps per second; nil when no pedometer runs) for `kind`.
    public func adjusted(_ confidence: MotionActivityConfidence, of kind: CoreMotionActivity, cadence: Double?)
        -> MotionActivityConfidence
    {
        guard let cadence, cadence.isFinite else { return confidence }
        switch kind {
        case .walking:
            if walkingCadence.contains(cadence) { return confidence.raised }
            return cadence < stillCadenceBelow ? confidence.lowered : confidence
        case .running:
            if cadence >= runningCadenceFrom { return confidence.raised }
            return cadence < stillCadenceBelow ? confidence.lowered : confidence
        case .stationary:
            return cadence >= walkingCadence.lowerBound ? confidence.lowered : confidence
        case .automotive, .cycling, .unknown:
            return confidence
        }
    }
}

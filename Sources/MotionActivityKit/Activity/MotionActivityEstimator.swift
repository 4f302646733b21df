import ActivityKit

/// Turns the tracker's smoothed probabilities (and the pedometer's cadence) into CoreMotion activities, and says
/// when the activity changes: a new kind, label or confidence starts a new ``MotionActivity``.
///
/// The tracker's own threshold (its `unknown`) is not used: the kinds are read from its smoothed probabilities
/// through ``ActivityConfidenceMapping``, so a window split between sitting and standing is still `stationary`.
public struct MotionActivityEstimator: Sendable {
    /// How probabilities and cadence become a confidence.
    public let mapping: ActivityConfidenceMapping
    /// The activity in force, nil before the first window.
    public private(set) var current: MotionActivity?

    /// Creates an estimator with `mapping`.
    public init(mapping: ActivityConfidenceMapping = .init()) {
        self.mapping = mapping
    }

    /// The activity that `update` and `cadence` (steps per second, nil without a pedometer) describe, started at
    /// the update's timestamp.
    public func activity(of update: ActivityTracker.Update, cadence: Double?) -> MotionActivity {
        var kinds: [CoreMotionActivity: Double] = [:]
        var bestLabel: [CoreMotionActivity: (label: String, probability: Double)] = [:]
        for (label, probability) in zip(update.classNames, update.probabilities) {
            let kind = CoreMotionActivity(activity: label)
            kinds[kind, default: 0] += probability
            if probability > bestLabel[kind]?.probability ?? -1 { bestLabel[kind] = (label, probability) }
        }
        let best = CoreMotionActivity.allCases.compactMap { kind in kinds[kind].map { (kind, $0) } }
            .max { $0.1 < $1.1 }
        guard let (kind, probability) = best, kind != .unknown, probability >= mapping.namedFrom,
            let label = bestLabel[kind]?.label
        else {
            return MotionActivity(kind: .unknown, label: ActivityTracker.unknown, confidence: .low, startDate: update.timestamp)
        }
        let confidence = mapping.adjusted(mapping.confidence(probability: probability), of: kind, cadence: cadence)
        return MotionActivity(kind: kind, label: label, confidence: confidence, startDate: update.timestamp)
    }

    /// Folds in the next window; returns the new activity when it differs from the one in force, nil otherwise.
    public mutating func update(_ update: ActivityTracker.Update, cadence: Double? = nil) -> MotionActivity? {
        let next = activity(of: update, cadence: cadence)
        if let current, current.saysTheSame(as: next) { return nil }
        current = next
        return next
    }
}

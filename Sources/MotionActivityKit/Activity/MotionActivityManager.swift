import ActivityKit
import DeviceMotionKit
import Synchronization

/// CoreMotion's `CMMotionActivityManager` on the activity classifier: activity updates when the activity changes,
/// and `queryActivityStarting(from:to:)` over what it has seen or over a history store.
///
/// Feed it device motion (``process(_:cadence:)``, with a classifier and a pedometer's ``StepDetector``) or the
/// verdicts of a classifier run elsewhere (``record(_:cadence:)``); the pedometer's cadence moves walking, running
/// and stationary confidence (``ActivityConfidenceMapping``). Start dates are the stream's timestamps plus
/// ``dateOffset``.
public final class MotionActivityManager: Sendable {
    /// Seconds added to every stream timestamp to make a start date (for instance, to turn them into Unix time).
    public let dateOffset: Double
    private let archive: (any MotionActivityArchive)?
    private let state: Mutex<State>

    private struct State {
        var classifier: StreamingActivityClassifier?
        var stepDetector: StepDetector?
        var cadence: StepCadence
        var tracker: ActivityTracker
        var estimator: MotionActivityEstimator
        var recent: RecentActivities
        var handler: (@Sendable (MotionActivity) -> Void)?
    }

    /// Creates a manager. `classifier` is needed only for ``process(_:cadence:)``, where `stepDetector` (at the
    /// classifier's rate) gives the cadence; `archive` answers queries instead of the last `remembered` activities the
    /// manager has seen.
    public init(
        classifier: StreamingActivityClassifier? = nil, stepDetector: StepDetector? = nil,
        tracker: ActivityTracker = ActivityTracker(),
        mapping: ActivityConfidenceMapping = .init(), dateOffset: Double = 0,
        archive: (any MotionActivityArchive)? = nil, remembered: Int = 10_000
    ) {
        self.dateOffset = dateOffset
        self.archive = archive
        state = Mutex(
            State(
                classifier: classifier, stepDetector: stepDetector,
                cadence: StepCadence(span: classifier?.model.window.duration ?? 4), tracker: tracker,
                estimator: MotionActivityEstimator(mapping: mapping),
                recent: RecentActivities(capacity: remembered), handler: nil))
    }

    /// Whether activity data is available: always, since it is computed from the IMU's device motion.
    public static func isActivityAvailable() -> Bool { true }

    /// Calls `handler` with every new activity from now on, and at once with the one in force, if any, so that a
    /// handler started late knows the current activity without waiting for the next change.
    public func startActivityUpdates(_ handler: @escaping @Sendable (MotionActivity) -> Void) {
        let current = state.withLock { state in
            state.handler = handler
            return state.estimator.current
        }
        if let current { handler(current) }
    }

    /// Stops the updates; the manager keeps estimating and remembering.
    public func stopActivityUpdates() {
        state.withLock { $0.handler = nil }
    }

    /// The activity in force, nil before the first window.
    public var currentActivity: MotionActivity? { state.withLock { $0.estimator.current } }

    /// Classifies one device motion (needs a classifier); returns the new activity when it changed. `cadence`
    /// (steps per second) overrides the step detector's.
    @discardableResult
    public func process(_ motion: DeviceMotion, cadence: Double? = nil) -> MotionActivity? {
        let verdict = state.withLock { state -> (ActivityTracker.Update, Double?)? in
            if state.stepDetector != nil {
                var cadence = state.cadence
                state.stepDetector?.process(motion) { cadence.step(at: $0) }
                state.cadence = cadence
            }
            guard let window = state.classifier?.process(motion) else { return nil }
            let measured = state.stepDetector == nil ? nil : state.cadence.cadence(at: window.timestamp)
            return (state.tracker.update(window), measured)
        }
        return verdict.flatMap { record($0.0, cadence: cadence ?? $0.1) }
    }

    /// Folds in a verdict of a classifier run elsewhere; returns the new activity when it changed.
    @discardableResult
    public func record(_ update: ActivityTracker.Update, cadence: Double? = nil) -> MotionActivity? {
        let shifted = ActivityTracker.Update(
            timestamp: update.timestamp + dateOffset, activity: update.activity, confidence: update.confidence,
            classNames: update.classNames, probabilities: update.probabilities, changed: update.changed,
            since: update.since + dateOffset)
        let (activity, handler) = state.withLock { state in
            let activity = state.estimator.update(shifted, cadence: cadence)
            if let activity { state.recent.append(activity) }
            return (activity, state.handler)
        }
        if let activity { handler?(activity) }
        return activity
    }

    /// The activities in force at some time in `from..<to`, oldest first: from the archive when the manager has
    /// one, otherwise from the activities it has seen (`CMMotionActivityManager.queryActivityStarting(from:to:)`).
    public func queryActivityStarting(from: Double, to: Double) throws -> [MotionActivity] {
        if let archive { return try archive.activities(from: from, to: to) }
        return state.withLock { $0.recent.activities(from: from, to: to) }
    }
}

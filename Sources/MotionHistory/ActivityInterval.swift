import ActivityKit
import MotionActivityKit

/// One row of `activities`: an activity and the time it held, in Unix seconds.
public struct ActivityInterval: Sendable, Hashable {
    /// The activity (its `startDate` is the interval's start).
    public let activity: MotionActivity
    /// When it ended, or the last second the writer committed while it was still in force.
    public let endDate: Double

    /// Creates an interval.
    public init(activity: MotionActivity, endDate: Double) {
        self.activity = activity
        self.endDate = endDate
    }

    /// Seconds it held.
    public var duration: Double { endDate - activity.startDate }

    /// Seconds of it inside `from..<to`.
    public func duration(from: Double, to: Double) -> Double {
        max(0, min(endDate, to) - max(activity.startDate, from))
    }
}

import ActivityKit
import MotionActivityKit

/// What a board did in a period: its activities, the time spent in each kind, its steps and its device events.
public struct HistorySummary: Sendable, Hashable {
    /// The period's start, Unix seconds.
    public let from: Double
    /// The period's end (exclusive), Unix seconds.
    public let to: Double
    /// The activities in force during the period, oldest first (the first and last may reach outside it).
    public let intervals: [ActivityInterval]
    /// The step minutes in the period.
    public let stepMinutes: [StepMinute]
    /// The device events in the period.
    public let deviceEvents: [DeviceEvent]

    /// Creates a summary.
    public init(from: Double, to: Double, intervals: [ActivityInterval], stepMinutes: [StepMinute], deviceEvents: [DeviceEvent]) {
        self.from = from
        self.to = to
        self.intervals = intervals
        self.stepMinutes = stepMinutes
        self.deviceEvents = deviceEvents
    }

    /// Seconds spent in each kind inside the period (kinds never seen are absent).
    public var durations: [CoreMotionActivity: Double] {
        intervals.reduce(into: [:]) { totals, interval in
            totals[interval.activity.kind, default: 0] += interval.duration(from: from, to: to)
        }
    }

    /// Steps counted in the period (whole minutes that overlap it); saturates at `Int.max` rather than overflow
    /// (a store's rows, at most ``StepMinute/maximumSteps`` a minute, never come near it).
    public var numberOfSteps: Int {
        stepMinutes.reduce(0) { total, minute in
            let (sum, overflow) = total.addingReportingOverflow(max(0, minute.numberOfSteps))
            return overflow ? Int.max : sum
        }
    }
}

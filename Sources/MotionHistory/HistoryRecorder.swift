import Foundation
import GRDB
import MotionActivityKit
import MotionSamples
import Synchronization

/// Writes the live history: activities as they change, steps per minute and device events, gathered in memory and
/// committed in one transaction at most every ``commitInterval`` seconds, so a kill at any moment loses at most the
/// data of the last interval (and never corrupts the file: SQLite's WAL and its atomic commit).
///
/// The activity in force is a row whose `end_date` is moved forward at every commit: after a crash it ends at the
/// last committed time. Rows older than the retention are pruned when the recorder opens and every hour.
///
/// Commits and prunes are scheduled on the monotonic clock, so a wall clock stepped back (NTP setting a board without
/// a real-time clock) never stops them; dates are the wall clock's, re-read at every call of ``unixDate(ofMonotonic:)``,
/// so what follows a step is dated by the new clock. Dates outside ``HistoryDate/range`` are left out, and a minute
/// holds at most ``StepMinute/maximumSteps`` steps.
public final class HistoryRecorder: Sendable {
    /// The store written.
    public let store: HistoryStore
    /// Seconds between commits, at most.
    public let commitInterval: Double
    /// Seconds of history kept; nil keeps everything.
    public let retention: Double?
    /// Seconds between two prunes, on the monotonic clock.
    public static let pruneInterval = 3600.0
    private let now: @Sendable () -> Double
    private let monotonic: @Sendable () -> Double
    private let state: Mutex<State>

    private struct State {
        var activities: [MotionActivity] = []
        var latest: Double?
        var steps: [Int64: Int] = [:]
        var events: [DeviceEvent] = []
        var openActivityID: Int64?
        var openStart: Double?
        /// Monotonic seconds of the last commit and the last prune.
        var lastCommit: Double
        var lastPrune: Double
    }

    /// Creates a recorder on `store`, pruning at once what is older than `retention` seconds. `now` gives Unix
    /// seconds (the wall clock, or a test's clock), `monotonic` seconds that never go back (`CLOCK_MONOTONIC`, or a
    /// test's clock) for scheduling commits and prunes.
    public init(
        store: HistoryStore, retention: Double?, commitInterval: Double = 1,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        monotonic: @escaping @Sendable () -> Double = { MonotonicClock.now }
    ) throws(HistoryError) {
        self.store = store
        self.commitInterval = commitInterval
        self.retention = retention
        self.now = now
        self.monotonic = monotonic
        let start = monotonic()
        state = Mutex(State(lastCommit: start, lastPrune: start))
        if let retention { try store.prune(before: now() - retention) }
    }

    /// Unix seconds now, by the recorder's wall clock.
    public func clock() -> Double { now() }

    /// The Unix date of the monotonic time `timestamp` (a live stream's), by the wall clock as it reads now: the
    /// offset between the two clocks is re-derived at every call, so a stepped wall clock dates what follows anew.
    public func unixDate(ofMonotonic timestamp: Double) -> Double { timestamp + (now() - monotonic()) }

    /// Notes a new activity: the one in force ends at its start. An activity dated outside ``HistoryDate/range`` is
    /// left out.
    public func record(_ activity: MotionActivity) {
        guard HistoryDate.isPlausible(activity.startDate) else { return }
        state.withLock { state in
            state.activities.append(activity)
            state.latest = max(state.latest ?? activity.startDate, activity.startDate)
        }
    }

    /// Notes that the activity in force still held at `date` (Unix seconds; ignored outside ``HistoryDate/range``).
    public func advance(to date: Double) {
        guard HistoryDate.isPlausible(date) else { return }
        state.withLock { $0.latest = max($0.latest ?? date, date) }
    }

    /// Adds `count` steps to the minute holding `date` (Unix seconds; ignored outside ``HistoryDate/range``), up to
    /// ``StepMinute/maximumSteps`` in the minute.
    public func record(steps count: Int, at date: Double) {
        guard count > 0, HistoryDate.isPlausible(date), let minute = StepMinute.minute(of: date) else { return }
        let added = min(count, StepMinute.maximumSteps)
        state.withLock { $0.steps[minute] = min(StepMinute.maximumSteps, $0.steps[minute, default: 0] + added) }
    }

    /// Notes a device event (left out when dated outside ``HistoryDate/range``).
    public func record(_ event: DeviceEvent) {
        guard HistoryDate.isPlausible(event.date) else { return }
        state.withLock { $0.events.append(event) }
    }

    /// Commits what was gathered if the last commit is ``commitInterval`` or more seconds old (monotonic seconds).
    public func commitIfDue() throws(HistoryError) {
        let due = state.withLock { monotonic() - $0.lastCommit >= commitInterval }
        if due { try commit() }
    }

    /// Commits what was gathered now (in one transaction), and prunes if an hour has passed.
    public func commit() throws(HistoryError) {
        try state.withLock { (state: inout State) throws(HistoryError) in
            let time = monotonic()
            let pending = state
            let (openID, openStart) = try store.write { db in try Self.write(pending, into: db) }
            state.activities.removeAll()
            state.steps.removeAll()
            state.events.removeAll()
            state.openActivityID = openID
            state.openStart = openStart
            state.lastCommit = time
            if let retention, time - state.lastPrune >= Self.pruneInterval {
                try store.prune(before: now() - retention)
                state.lastPrune = time
            }
        }
    }

    /// Moves the end of an activity (`end_date`, `id`).
    private static let extendActivity = "UPDATE activities SET end_date = ? WHERE id = ?"

    /// Writes what `pending` gathered. The statements are compiled once per connection and kept (GRDB's statement
    /// cache): compiling them at every commit was most of the SQLite time of `imu-classify --live` with a history.
    private static func write(_ pending: State, into db: Database) throws -> (Int64?, Double?) {
        var openID = pending.openActivityID
        var openStart = pending.openStart
        for activity in pending.activities {
            if let openID, let openStart {
                try db.cachedStatement(sql: Self.extendActivity).execute(arguments: [max(openStart, activity.startDate), openID])
            }
            try db.cachedStatement(
                sql: "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (?, ?, ?, ?, ?)"
            )
            .execute(
                arguments: [
                    activity.startDate, activity.startDate, activity.kind.rawValue, activity.label,
                    activity.confidence.description,
                ])
            openID = db.lastInsertedRowID
            openStart = activity.startDate
        }
        if let openID, let openStart, let latest = pending.latest {
            try db.cachedStatement(sql: Self.extendActivity).execute(arguments: [max(openStart, latest), openID])
        }
        for (minute, count) in pending.steps.sorted(by: { $0.key < $1.key }) {
            try db.cachedStatement(
                sql: """
                    INSERT INTO steps (start_date, number_of_steps) VALUES (?, ?)
                    ON CONFLICT (start_date) DO UPDATE SET number_of_steps = MIN(?, number_of_steps + excluded.number_of_steps)
                    """
            )
            .execute(arguments: [minute, count, StepMinute.maximumSteps])
        }
        for event in pending.events {
            try db.cachedStatement(sql: "INSERT INTO device_events (date, event, device) VALUES (?, ?, ?)")
                .execute(arguments: [event.date, event.event.rawValue, event.device])
        }
        return (openID, openStart)
    }
}

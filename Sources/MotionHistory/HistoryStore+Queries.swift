import ActivityKit
import GRDB
import MotionActivityKit
import MotionSamples

extension HistoryStore {
    /// The activities in force at some time in `from..<to` (Unix seconds), oldest first; every row is
    /// range-checked (dates in ``HistoryDate/range``, end not before start, a known kind and confidence, a label
    /// that prints as it is: ``LabelText``).
    public func intervals(from: Double, to: Double) throws(HistoryError) -> [ActivityInterval] {
        try read { db in try intervals(db, from: from, to: to) }
    }

    private func intervals(_ db: Database, from: Double, to: Double) throws -> [ActivityInterval] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT start_date, end_date, kind, label, confidence FROM activities
                WHERE end_date > ? AND start_date < ? ORDER BY start_date, id
                """,
            arguments: [from, to]
        ).map { row throws(HistoryError) in try interval(of: row) }
    }

    /// The step minutes overlapping `from..<to` (Unix seconds), oldest first; every row is range-checked (a date in
    /// ``HistoryDate/range``, 0...``StepMinute/maximumSteps`` steps).
    public func stepMinutes(from: Double, to: Double) throws(HistoryError) -> [StepMinute] {
        try read { db in try stepMinutes(db, from: from, to: to) }
    }

    private func stepMinutes(_ db: Database, from: Double, to: Double) throws -> [StepMinute] {
        try Row.fetchAll(
            db,
            sql: "SELECT start_date, number_of_steps FROM steps WHERE start_date + 60 > ? AND start_date < ? ORDER BY start_date",
            arguments: [from, to]
        ).map { row throws(HistoryError) in
            guard let start = row["start_date"] as Int64?, HistoryDate.isPlausible(Double(start)),
                let count = row["number_of_steps"] as Int?, (0...StepMinute.maximumSteps).contains(count)
            else {
                throw malformed("a steps row")
            }
            return StepMinute(startDate: start, numberOfSteps: count)
        }
    }

    /// The device events in `from..<to` (Unix seconds), oldest first; every date is in ``HistoryDate/range``, every
    /// device name prints as it is (``LabelText``).
    public func deviceEvents(from: Double, to: Double) throws(HistoryError) -> [DeviceEvent] {
        try read { db in try deviceEvents(db, from: from, to: to) }
    }

    private func deviceEvents(_ db: Database, from: Double, to: Double) throws -> [DeviceEvent] {
        try Row.fetchAll(
            db, sql: "SELECT date, event, device FROM device_events WHERE date >= ? AND date < ? ORDER BY date, id",
            arguments: [from, to]
        ).map { row throws(HistoryError) in
            guard let date = row["date"] as Double?, HistoryDate.isPlausible(date), let name = row["event"] as String?,
                let event = DeviceEvent.Kind(rawValue: name), let device = row["device"] as String?,
                LabelText.problem(with: device) == nil
            else { throw malformed("a device_events row") }
            return DeviceEvent(date: date, event: event, device: device)
        }
    }

    /// What happened in `from..<to` (Unix seconds): activities, totals, steps and device events, read from one
    /// snapshot, so they agree with each other while the writer commits.
    public func summary(from: Double, to: Double) throws(HistoryError) -> HistorySummary {
        try read { db in
            HistorySummary(
                from: from, to: to, intervals: try intervals(db, from: from, to: to),
                stepMinutes: try stepMinutes(db, from: from, to: to), deviceEvents: try deviceEvents(db, from: from, to: to))
        }
    }

    private func interval(of row: Row) throws(HistoryError) -> ActivityInterval {
        guard let start = row["start_date"] as Double?, let end = row["end_date"] as Double?,
            HistoryDate.isPlausible(start), HistoryDate.isPlausible(end), end >= start, let kindName = row["kind"] as String?,
            let kind = CoreMotionActivity(rawValue: kindName), let label = row["label"] as String?,
            LabelText.problem(with: label) == nil, let confidenceName = row["confidence"] as String?,
            let confidence = MotionActivityConfidence(name: confidenceName)
        else { throw malformed("an activities row") }
        return ActivityInterval(
            activity: MotionActivity(kind: kind, label: label, confidence: confidence, startDate: start), endDate: end)
    }

    private func malformed(_ what: String) -> HistoryError {
        .notADatabase(path: path, reason: "\(what) holds a value outside the documented schema")
    }
}

extension HistoryStore: MotionActivityArchive {
    /// The activities in force at some time in `from..<to` (Unix seconds), for ``MotionActivityManager``.
    public func activities(from: Double, to: Double) throws -> [MotionActivity] {
        try intervals(from: from, to: to).map(\.activity)
    }
}

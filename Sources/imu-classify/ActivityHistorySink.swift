import ActivityKit
import IIOSensors
import MotionActivityKit
import MotionHistory

/// Where imu-classify keeps its history: the verdicts become CoreMotion activities (``MotionActivityManager``),
/// written with the steps per minute and the device events by a ``HistoryRecorder`` that commits at least once a
/// second.
///
/// Stream timestamps become Unix seconds here: a live stream's (monotonic) by the wall clock as it reads at each
/// date (``HistoryRecorder/unixDate(ofMonotonic:)``: NTP stepping the clock of a board without a real-time clock
/// re-dates what follows), a replay's from the moment the replay started.
struct ActivityHistorySink: Sendable {
    /// Turns verdicts into activities, dated in the stream's seconds.
    let activities: MotionActivityManager
    /// Writes them.
    let recorder: HistoryRecorder
    /// The Unix date of a replay's time 0; nil for a live (monotonic) stream.
    let replayStart: Double?

    /// The Unix date of the stream time `timestamp`.
    func unixDate(of timestamp: Double) -> Double {
        replayStart.map { $0 + timestamp } ?? recorder.unixDate(ofMonotonic: timestamp)
    }

    /// Notes one verdict and the cadence (steps per second, nil without step counting): a changed activity starts a
    /// row (committed with the next commit).
    func record(_ update: ActivityTracker.Update, cadence: Double?) {
        guard let activity = activities.record(update, cadence: cadence) else { return }
        recorder.record(
            MotionActivity(
                kind: activity.kind, label: activity.label, confidence: activity.confidence,
                startDate: unixDate(of: activity.startDate)))
    }

    /// Seconds between commits: a commit comes at the first burst at least this long after the last, so with bursts
    /// at most `LiveMotionInput.bufferDurations.upperBound` apart nothing gathered is a second old when committed.
    static let commitInterval = 1 - LiveMotionInput.bufferDurations.upperBound

    /// Notes that the stream reached `timestamp` (the open activity still holds), and commits when due.
    func advance(to timestamp: Double) throws {
        recorder.advance(to: unixDate(of: timestamp))
        try recorder.commitIfDue()
    }

    /// Notes a step at the stream time `timestamp` (it is committed with the next commit).
    func recordStep(at timestamp: Double) {
        recorder.record(steps: 1, at: unixDate(of: timestamp))
    }

    /// Notes a device event now, and commits it.
    func record(_ event: DeviceEvent.Kind, device: String) throws {
        recorder.record(DeviceEvent(date: recorder.clock(), event: event, device: device))
        try recorder.commit()
    }

    /// Notes the live IMU appearing or going away. A failed commit is not lost: the event stays pending and the
    /// next verdict's commit retries it (and reports the failure).
    func record(_ status: LiveIMUSource.Status) {
        let event: (DeviceEvent.Kind, IMU)? =
            switch status {
            case .streaming(let imu): (.added, imu)
            case .removed(let imu): (.removed, imu)
            case .waiting: nil
            }
        guard let (kind, imu) = event else { return }
        try? record(kind, device: imu.name)
    }
}

import ActivityKit
import MotionActivityKit
import MotionHistory

#if canImport(Glibc)
import Glibc
#endif

// Writes a history forever (until killed) so MotionHistoryTests can SIGKILL it mid-write.
// Usage: history-crash-probe <history database>
// Iteration i adds one step to minute i (start_date 60 i), moves the open activity's end to 60 i, and every 25th
// iteration starts a new activity; the recorder commits once a second, as imu-classify's does.

/// The usage-error status every imu-bridge executable exits with (sysexits' `EX_USAGE`).
let usageErrorStatus: Int32 = 64

guard CommandLine.arguments.count == 2 else {
    print("usage: history-crash-probe <history database>")
    exit(usageErrorStatus)
}
let recorder = try HistoryRecorder(store: try HistoryStore.openForWriting(at: CommandLine.arguments[1]), retention: nil)
var index = 0
while index < 100_000 {
    let date = Double(index) * 60
    if index.isMultiple(of: 25) {
        let kind: CoreMotionActivity = index.isMultiple(of: 50) ? .walking : .stationary
        recorder.record(MotionActivity(kind: kind, label: kind.rawValue, confidence: .high, startDate: date))
    }
    recorder.record(steps: 1, at: date)
    recorder.advance(to: date)
    try recorder.commitIfDue()
    index += 1
    usleep(2_000)
}

import ActivityKit
import Foundation
import MotionActivityKit
import MotionHistory
import Synchronization
import Testing

@Suite struct ConcurrentAccessTests {
    @Test("readers on their own connections read consistent, growing snapshots while the writer commits; none fails")
    func readersWhileWriting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        let recorder = try HistoryRecorder(store: try HistoryStore.openForWriting(at: path), retention: nil, commitInterval: 0)
        let commits = 400
        let done = DoneFlag()
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                defer { done.set() }
                for index in 0..<commits {
                    let date = Double(index) * 60
                    if index.isMultiple(of: 10) {
                        recorder.record(MotionActivity(kind: .walking, label: "walking", confidence: .high, startDate: date))
                    }
                    recorder.record(steps: 2, at: date)
                    recorder.advance(to: date + 59)
                    try recorder.commit()
                }
                return commits
            }
            for _ in 0..<3 {
                group.addTask {
                    let reader = try HistoryStore.openForReading(at: path)
                    var reads = 0
                    var lastSteps = 0
                    while !done.isSet || reads == 0 {
                        let summary = try reader.summary(from: 0, to: 1e9)
                        // One snapshot: every committed minute has its 2 steps, and the open activity reaches the last minute.
                        #expect(summary.numberOfSteps == 2 * summary.stepMinutes.count)
                        #expect(summary.numberOfSteps >= lastSteps)
                        if let last = summary.stepMinutes.last {
                            #expect(summary.intervals.last?.endDate == Double(last.startDate) + 59)
                        }
                        lastSteps = summary.numberOfSteps
                        reads += 1
                    }
                    return reads
                }
            }
            var total = 0
            for try await count in group { total += count }
            #expect(total > commits)
        }
        let final = try HistoryStore.openForReading(at: path).summary(from: 0, to: 1e9)
        #expect(final.numberOfSteps == 2 * commits)
        #expect(final.intervals.count == commits / 10)
    }
}

/// Set once by the writer when it has committed everything.
final class DoneFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the writer is done.
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }

    /// Marks the writer done.
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}

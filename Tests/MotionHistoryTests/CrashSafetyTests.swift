import Foundation
import MotionHistory
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct HistoryCrashSafetyTests {
    /// The probe executable, built next to the test runner because the test target depends on it.
    private var probeURL: URL? {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [runner] + Bundle.allBundles.map(\.bundleURL)
        return candidates.map { $0.deletingLastPathComponent().appendingPathComponent("history-crash-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Most polls of the database before the test gives up on the probe.
    static let pollAttempts = 600

    @Test("kill -9 mid-write: integrity ok, every commit a reader saw is there, whole, and the writer resumes")
    func killNine() throws {
        let probe = try #require(probeURL, "history-crash-probe is not built next to the tests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        let process = Process()
        process.executableURL = probe
        process.arguments = [path]
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Wait, by counting polls, for three commits to have been seen.
        var seen: [Int] = []
        var polls = 0
        while Set(seen).count < 4, polls < Self.pollAttempts, process.isRunning {
            usleep(50_000)
            polls += 1
            guard let store = try? HistoryStore.openForReading(at: path) else { continue }
            seen.append(try store.stepMinutes(from: 0, to: 1e12).count)
        }
        let seenBeforeKill = try #require(seen.last)
        #expect(seenBeforeKill > 0)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let store = try HistoryStore.openForReading(at: path)
        #expect(try store.integrityCheck() == "ok")
        let minutes = try store.stepMinutes(from: 0, to: 1e12)
        #expect(minutes.count >= seenBeforeKill)
        #expect(minutes.map(\.startDate) == (0..<Int64(minutes.count)).map { $0 * 60 })
        #expect(minutes.allSatisfy { $0.numberOfSteps == 1 })
        // The transaction is whole: the open activity reaches the last committed minute, and one activity starts
        // every 25 minutes.
        let intervals = try store.intervals(from: 0, to: 1e12)
        let lastMinute = Double(minutes.count - 1) * 60
        #expect(intervals.last?.endDate == lastMinute)
        #expect(intervals.count == (minutes.count + 24) / 25)

        let resumed = try HistoryRecorder(store: try HistoryStore.openForWriting(at: path), retention: nil)
        resumed.record(steps: 5, at: 1e9)
        try resumed.commit()
        #expect(try store.stepMinutes(from: 1e9 - 60, to: 1e12).map(\.numberOfSteps) == [5])
    }
}

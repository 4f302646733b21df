import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Crash safety")
struct CrashSafetyTests {
    /// The probe executable, built next to the test runner because the test target depends on it.
    private var probeURL: URL? {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [runner] + Bundle.allBundles.map(\.bundleURL)
        return
            candidates
            .map { $0.deletingLastPathComponent().appendingPathComponent("recording-crash-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("after kill -9 mid-write, every sample older than 1 s before the kill reads back")
    func killNine() throws {
        let probe = try #require(
            probeURL, "recording-crash-probe is not built next to the tests; run `swift build --product recording-crash-probe`")
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.path.appending("killed.imurec")
        let process = Process()
        process.executableURL = probe
        process.arguments = [directory.string]
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        waitForSamples(in: directory, covering: 1.5, probe: process)
        let killTime = monotonicSeconds()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let recording = try RecordingReader.read(directory)
        #expect(!recording.isComplete)
        let accelerometer = recording.raw.filter { $0.sensor == .accelerometer }
        let gyroscope = recording.raw.filter { $0.sensor == .gyroscope }
        #expect(accelerometer.map(\.value.x) == (0..<accelerometer.count).map(Double.init))
        #expect(gyroscope.map(\.value.x) == (0..<gyroscope.count).map(Double.init))
        // The magnetometer's columns (format 3) survive the kill the same way: every reading up to the last whole row.
        let magnetometer = recording.raw.filter { $0.sensor == .magnetometer }
        #expect(recording.metadata.formatVersion == 3)
        #expect(magnetometer.map(\.value.x) == (0..<magnetometer.count).map(Double.init))
        #expect(magnetometer.count == (accelerometer.count + 1) / 2)
        let lastTimestamp = try #require(accelerometer.last?.timestamp)
        #expect(lastTimestamp >= killTime - 1.0, "samples older than 1 s before the kill are missing")
    }

    @Test("rows reach the file when the source falls silent, without another append")
    func silentSourceIsFlushed() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata(), flushInterval: .milliseconds(100))
        try await writer.append(raw: SampleData.raw(count: 3))
        // Bounded by attempts, not by the clock: while other suites hold the cooperative threads neither the writer's
        // flush timer nor this loop runs, and the time that passes meanwhile must not count against the writer.
        var rows = 0
        var polls = 0
        while rows < 6, polls < Self.pollAttempts {
            try await Task.sleep(for: .milliseconds(50))
            rows = try RecordingReader.read(writer.directory).raw.count
            polls += 1
        }
        #expect(rows == 6)
        try await writer.finish()
    }

    @Test("provisional motion rows end the file until the next flush replaces them; finish() keeps only final rows")
    func provisionalMotionRows() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata(), flushInterval: .zero)
        let rows = SampleData.motion(count: 10)
        var tail = rows[4...].map { motion in
            var provisional = motion
            provisional.userAcceleration.x = 9
            return provisional
        }
        try await writer.append(motion: Array(rows[..<4]), provisional: tail)
        var motion = try RecordingReader.read(writer.directory).motion
        #expect(motion.map(\.timestamp) == rows.map(\.timestamp))
        #expect(motion[4...].allSatisfy { $0.userAcceleration.x == 9 })

        // A shorter tail after more final rows: nothing of the old tail survives, times stay in order.
        tail = [tail[3]]
        try await writer.append(motion: Array(rows[4..<7]), provisional: tail)
        motion = try RecordingReader.read(writer.directory).motion
        #expect(motion.map(\.timestamp) == rows[..<8].map(\.timestamp))
        #expect(motion[..<7].allSatisfy { $0.userAcceleration.x != 9 } && motion[7].userAcceleration.x == 9)

        try await writer.finish()
        let finished = try RecordingReader.read(writer.directory)
        #expect(finished.isComplete && !finished.isTruncated)
        #expect(finished.motion.map(\.timestamp) == rows[..<7].map(\.timestamp))
        #expect(finished.metadata.counts?.motion == 7)
    }

    @Test("the recording directory appears whole: no staging directory is left beside it")
    func directoryAppearsWhole() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        let entries = try FileManager.default.contentsOfDirectory(atPath: temporary.path.string)
        #expect(entries == [writer.directory.lastComponent?.string])
        #expect(try RecordingReader.read(writer.directory).metadata.complete == false)
        try await writer.finish()
    }

    /// Polls of a file before a test gives up: 1200 of 50 ms, a minute of the test's own running time.
    private static let pollAttempts = 1200

    /// Waits (without asserting on time; gives up after ``pollAttempts`` polls) until the probe's recording covers
    /// `duration` seconds. It sleeps on its own thread rather than awaiting: an awaiting test must win a thread of the
    /// shared pool back after every sleep, and while other suites hold them the probe could run to its end unwatched.
    private func waitForSamples(in directory: FilePath, covering duration: Double, probe: Process) {
        var polls = 0
        while probe.isRunning, polls < Self.pollAttempts {
            polls += 1
            if let recording = try? RecordingReader.read(directory),
                let first = recording.raw.first, let last = recording.raw.last,
                last.timestamp - first.timestamp >= duration
            {
                return
            }
            usleep(50_000)
        }
        Issue.record(
            probe.isRunning
                ? "recording-crash-probe wrote no readable 1.5 s of samples in \(Self.pollAttempts) polls"
                : "recording-crash-probe exited early with status \(probe.terminationStatus)")
    }

    private func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

import Foundation
import IIOTestbed
import MotionHistory
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// imu-classify writing the history and imu-history reading it, on replayed recordings (issue 13, point 4).
@Suite("imu-classify --history and imu-history", .enabled(if: canRunCLIs, cliMessage))
struct IMUHistoryTests {
    private static let root = PackageLocations.packageRoot
    private static let demo = root.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
    private static let heldOut = root.appendingPathComponent("Fixtures/heldout").path

    /// A scratch directory, also used as HOME and XDG_STATE_HOME so that no default history is touched.
    private struct Scratch {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("imu-history-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        var environment: [String: String] { ["HOME": path, "XDG_STATE_HOME": "\(path)/state", "TZ": "UTC"] }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The UTC day (YYYY-MM-DD) holding `date` (Unix seconds), and the next one.
    private static func days(around date: Double) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return [date, date + 86_400].map { formatter.string(from: Date(timeIntervalSince1970: $0)) }
    }

    @Test("a replay with --history: imu-history --day totals walking and stationary, with started and stopped events")
    func replayIntoHistory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "\(scratch.path)/history.sqlite"
        let started = Date().timeIntervalSince1970
        let classify = try runOutsidePreload(
            "imu-classify", ["--replay", Self.demo, "--history", database, "--quiet"], environment: scratch.environment)
        #expect(classify.status == ExitStatus.success.rawValue, "\(classify.standardError)")
        // The replay is dated from the moment it started: read its day and the next (a replay across midnight).
        var durations: [String: Double] = [:]
        var events: [String] = []
        for day in Self.days(around: started) {
            let history = try runOutsidePreload(
                "imu-history", ["--history", database, "--day", day, "--json"], environment: scratch.environment)
            #expect(history.status == ExitStatus.success.rawValue, "\(history.standardError)")
            let report = try #require(try jsonLines(history.standardOutput).first)
            for (kind, seconds) in report["durations"] as? [String: Double] ?? [:] { durations[kind, default: 0] += seconds }
            events += (report["device_events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        }
        #expect(durations["walking", default: 0] > 15 && durations["stationary", default: 0] > 10, "\(durations)")
        #expect(events == ["started", "stopped"])
        let text = try runOutsidePreload(
            "imu-history", ["--history", database, "--day", Self.days(around: started)[0]], environment: scratch.environment)
        #expect(text.standardOutput.contains("time per activity:") && text.standardOutput.contains("started replay"))
    }

    /// MPU-6050 scans (accelerometer, gyroscope, 4 pad bytes, timestamp) of a held-out MotionSense walk at 50 Hz, in
    /// the driver's raw counts (acceleration clamped to its ±2 g), stamped from `start` (ns; imu-bridge sets the driver's clock to monotonic).
    private static func walkingScans(from start: Int64) throws -> [UInt8] {
        let walk = try RecordingReader.read(FilePath("\(heldOut)/walking-motionsense-wlk_7-sub_8.imurec"))
        let acceleration = walk.raw.filter { $0.sensor == .accelerometer }
        let rotation = walk.raw.filter { $0.sensor == .gyroscope }
        let accelerationCounts = { (g: Double) in Int16(max(-32_768, min(32_767, (-g * standardGravity / 0.000598).rounded()))) }
        return zip(acceleration, rotation).enumerated().flatMap { index, pair -> [UInt8] in
            let (a, w) = (pair.0.value, pair.1.value)
            let counts = [a.x, a.y, a.z].map(accelerationCounts) + [w.x, w.y, w.z].map { Int16(($0 / 0.001064724).rounded()) }
            return counts.flatMap(be) + [0, 0, 0, 0] + le(start + Int64(index) * 20_000_000)
        }
    }

    @Test("--live with a history: steps per minute of a walk, and the IMU going and coming back, read by imu-history")
    func liveIntoHistory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "\(scratch.path)/history.sqlite"
        let testbed = try Testbed()
        defer { testbed.close() }
        // A walk stamped a minute in the past of the monotonic clock, so that its steps are dated before imu-history
        // asks.
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let start = max(0, Int64(now.tv_sec) - 60) * 1_000_000_000
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let feeder = try testbed.feed(device: "iio:device0", bytes: try Self.walkingScans(from: start))
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "50", "--history", database, "--json"])
        #expect(feeder.waitUntilWritten(timeout: 60))
        // 30 s of walk at a 2 s hop: 13 windows once the first 4 s are in.
        _ = classify.waitForOutput(timeLimit: 60) { $0.split(separator: "\n").count >= 13 }
        try testbed.remove(device: "iio:device0")
        #expect(classify.waitUntil(timeLimit: 30) { classify.errorSoFar.contains("sensor removed, waiting: mpu6050") })
        #expect(testbed.waitForUEventListeners())
        _ = try testbed.reinstall(device: "iio:device0")
        #expect(classify.waitUntil(timeLimit: 60) { classify.errorSoFar.components(separatedBy: "streaming from mpu6050").count == 3 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let history = try runOutsidePreload(
            "imu-history", ["--history", database, "--since", "1h", "--json"], environment: scratch.environment)
        #expect(history.status == ExitStatus.success.rawValue, "\(history.standardError)")
        let report = try #require(try jsonLines(history.standardOutput).first)
        // imu-steps counts 57 steps in this walk; the live stream starts the detector a few samples later.
        let steps = try #require(report["number_of_steps"] as? Int)
        #expect((50...60).contains(steps), "\(report)")
        let minutes = (report["steps"] as? [[String: Any]] ?? []).compactMap { $0["number_of_steps"] as? Int }
        #expect(minutes.reduce(0, +) == steps && !minutes.isEmpty)
        let events = (report["device_events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(events == ["started", "added", "removed", "added", "stopped"], "\(events)")
        #expect((report["durations"] as? [String: Double])?["walking", default: 0] ?? 0 > 0, "\(report)")
    }

    @Test("a replay without --history writes no history anywhere")
    func replayWithoutHistory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let classify = try runOutsidePreload("imu-classify", ["--replay", Self.demo, "--quiet"], environment: scratch.environment)
        #expect(classify.status == ExitStatus.success.rawValue, "\(classify.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/state/imu-bridge/history.sqlite"))
        let history = try runOutsidePreload("imu-history", [], environment: scratch.environment)
        #expect(history.status == ExitStatus.badInput.rawValue)
        #expect(history.standardError.contains("no history database at \(scratch.path)/state/imu-bridge/history.sqlite"))
    }

    @Test(
        "hostile input: missing, not SQLite, bad durations and days, --history none give their statuses and one line",
        arguments: [
            (["--history", "MISSING"], ExitStatus.badInput, "no history database"),
            (["--history", "TEXT"], .historyRefused, "is not a readable history database"),
            (["--history", "TEXT", "--since", "0h"], .usage, "--since 0h is not a duration"),
            (["--history", "TEXT", "--since", "2w"], .usage, "--since 2w is not a duration"),
            (["--history", "TEXT", "--since", "-5m"], .usage, "--since -5m is not a duration"),
            (["--history", "TEXT", "--since", "99999999999999999999d"], .usage, "is not a duration"),
            (["--history", "TEXT", "--day", "2026-02-30"], .usage, "--day 2026-02-30 is not a calendar date"),
            (["--history", "TEXT", "--day", "2026-11-25", "--since", "2h"], .usage, "either --since or --day"),
            (["--history", "none"], .usage, "--history none leaves nothing to read"),
        ])
    func hostileInput(arguments: [String], status: ExitStatus, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try String(repeating: "imu-bridge? no.\n", count: 400).write(
            toFile: "\(scratch.path)/text.sqlite", atomically: true, encoding: .utf8)
        let resolved = arguments.map {
            $0 == "MISSING" ? "\(scratch.path)/missing.sqlite" : $0 == "TEXT" ? "\(scratch.path)/text.sqlite" : $0
        }
        let result = try runOutsidePreload("imu-history", resolved, environment: scratch.environment)
        #expect(result.status == status.rawValue, "\(resolved): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("imu-classify refuses a foreign database and an out-of-range --retention before it classifies")
    func classifyRefuses() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = "\(scratch.path)/text.sqlite"
        try String(repeating: "x", count: 5000).write(toFile: text, atomically: true, encoding: .utf8)
        let refused = try runOutsidePreload("imu-classify", ["--replay", Self.demo, "--history", text], environment: scratch.environment)
        #expect(refused.status == ExitStatus.historyRefused.rawValue, "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty)
        for days in ["0", "3651", "-1", "1e9"] {
            let result = try runOutsidePreload(
                "imu-classify", ["--replay", Self.demo, "--history", "\(scratch.path)/h.sqlite", "--retention", days],
                environment: scratch.environment)
            #expect(result.status == ExitStatus.usage.rawValue, "--retention \(days): \(result.standardError)")
        }
        let noHistory = try runOutsidePreload(
            "imu-classify", ["--replay", Self.demo, "--retention", "7"], environment: scratch.environment)
        #expect(noHistory.status == ExitStatus.usage.rawValue && noHistory.standardError.contains("--retention only applies"))
    }

    /// `count` rows of a MotionSense device-motion file from row `first` on: a board swinging at 2 Hz (50 Hz rows).
    private static func motionSenseRows(from first: Int, count: Int) -> String {
        (first..<first + count).map { index in
            let swing = 0.3 * sin(2 * Double.pi * 2 * Double(index) / 50)
            return "\(index),0,0,0,0,-1,0,0,0,\(swing),0,\(swing),0\n"
        }.joined()
    }

    @Test("kill -9 of imu-classify mid-write: the history passes integrity_check, keeps what was seen, and imu-history reads it")
    func killedWriter() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "\(scratch.path)/history.sqlite"
        // The replay reads a FIFO this test holds open: it cannot end before the kill, however fast the machine.
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/wlk_1", withIntermediateDirectories: true)
        let fifo = "\(scratch.path)/wlk_1/sub_1.csv"
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        defer { close(writer) }
        func feed(_ text: String) { _ = text.utf8CString.withUnsafeBytes { write(writer, $0.baseAddress, $0.count - 1) } }
        feed(
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,"
                + "rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try product("imu-classify"))
        process.arguments = ["--replay", fifo, "--history", database, "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        for name in ["LD_PRELOAD", "UMOCKDEV_DIR", "INVOCATION_ID"] { environment.removeValue(forKey: name) }
        process.environment = environment.merging(scratch.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Polls, not the clock: feed a second of rows per poll (a full pipe refuses them: they are dropped, the replay
        // only needs some) until a reader has seen three commits, each moving the open activity's end.
        var seen = 0
        var commitsSeen = Set<Double>()
        var (polls, fed) = (0, 0)
        while commitsSeen.count < 3, polls < 3000, process.isRunning {
            feed(Self.motionSenseRows(from: fed, count: 50))
            fed += 50
            usleep(20_000)
            polls += 1
            guard let store = try? HistoryStore.openForReading(at: database),
                let intervals = try? store.intervals(from: 0, to: 1e12), let last = intervals.last
            else { continue }
            seen = intervals.count
            commitsSeen.insert(last.endDate)
        }
        try #require(process.isRunning, "the replay of a FIFO held open ended by itself (after \(polls) polls)")
        try #require(commitsSeen.count >= 3, "three commits not seen in \(polls) polls")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let store = try HistoryStore.openForReading(at: database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.intervals(from: 0, to: 1e12).count >= seen)
        #expect(try store.deviceEvents(from: 0, to: 1e12).map(\.event) == [.started])
        let history = try runOutsidePreload(
            "imu-history", ["--history", database, "--since", "1d", "--json"], environment: scratch.environment)
        #expect(history.status == ExitStatus.success.rawValue, "\(history.standardError)")
    }

    @Test(
        "imu-history refuses, rather than crash on, rows a hostile hand wrote past the schema (issue 13)",
        arguments: [
            // Two minutes of 2^62 steps in the last hour: their sum passes Int.max.
            "INSERT INTO steps SELECT CAST(strftime('%s', 'now') AS INTEGER) / 60 * 60 - 60 * value, 4611686018427387904 "
                + "FROM (SELECT 1 AS value UNION SELECT 2)",
            "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (-1e308, 1e308, 'walking', 'w', 'high')",
            // A label and a device name that would clear the terminal and forge a line if printed as they are.
            "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES "
                + "(strftime('%s', 'now') - 60, strftime('%s', 'now') - 30, 'walking', 'walk' || char(27) || '[2Jing', 'high')",
            "INSERT INTO device_events (date, event, device) VALUES (strftime('%s', 'now') - 60, 'added', 'imu' || char(10) || 'fake')",
        ])
    func hostileRows(sql: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = "\(scratch.path)/history.sqlite"
        _ = try HistoryStore.openForWriting(at: database)
        let insert = Process()
        let sqlite: URL = try #require(PackageLocations.executableOnPath("sqlite3"), "sqlite3 writes the hostile row")
        insert.executableURL = sqlite
        insert.arguments = [database, "PRAGMA ignore_check_constraints = ON; " + sql]
        try insert.run()
        insert.waitUntilExit()
        try #require(insert.terminationStatus == 0)
        for json in [false, true] {
            let result = try runOutsidePreload(
                "imu-history", ["--history", database, "--since", "3650d"] + (json ? ["--json"] : []), environment: scratch.environment)
            #expect(result.status == ExitStatus.historyRefused.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains("outside the documented schema"), "\(result.standardError)")
        }
    }
}

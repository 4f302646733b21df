import Foundation
import GRDB
import HistoryCommandSupport
import MotionActivityKit
import MotionHistory
import Testing

@Suite struct HostileDatabaseTests {
    @Test("a missing database is named for a reader, and never created by it")
    func missing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("none.sqlite")
        #expect(throws: HistoryError.missing(path: path)) { try HistoryStore.openForReading(at: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(HistoryError.missing(path: path).exitStatus == .badInput)
    }

    @Test("a file that is not SQLite is refused for reading and for writing, and left as it was")
    func notSQLite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("text.sqlite")
        let text = String(repeating: "not a database at all\n", count: 300)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        for writing in [false, true] {
            let error = try #require(throws: HistoryError.self) {
                if writing { _ = try HistoryStore.openForWriting(at: path) } else { _ = try HistoryStore.openForReading(at: path) }
            }
            guard case .notADatabase = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(error.exitStatus == .historyRefused)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test(
        "a FIFO, a device or a directory at the path is refused for reading and for writing before SQLite opens it",
        .timeLimit(.minutes(1)))
    func notAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("fifo.sqlite")
        try #require(mkfifo(fifo, 0o600) == 0)
        // A null device of the test's own where it may make one (root), so that a writer that wrote beside it
        // (SQLite's journal) would do so here, where it is seen; /dev/null otherwise, beside which nobody else may.
        var device = "/dev/null"
        if geteuid() == 0 {
            device = directory.file("null.sqlite")
            try #require(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)  // major 1, minor 3: null
        }
        for (path, kind) in [(fifo, "a FIFO"), (device, "a device"), (directory.path, "a directory")] {
            #expect(throws: HistoryError.readFailed(path: path, reason: "it is \(kind), not a file")) {
                try HistoryStore.openForReading(at: path)
            }
            #expect(throws: HistoryError.cannotOpen(path: path, reason: "it is \(kind), not a file")) {
                try HistoryStore.openForWriting(at: path)
            }
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(written == (geteuid() == 0 ? ["fifo.sqlite", "null.sqlite"] : ["fifo.sqlite"]), "\(written)")
        #expect(HistoryError.readFailed(path: fifo, reason: "").exitStatus == .badInput)
        #expect(HistoryError.cannotOpen(path: fifo, reason: "").exitStatus == .outputNotWritten)
    }

    @Test("an empty file is refused by a reader, and becomes a history for a writer")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("empty.sqlite")
        try #require(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: HistoryError.notADatabase(path: path, reason: "it is empty")) { try HistoryStore.openForReading(at: path) }
        _ = try HistoryStore.openForWriting(at: path)
        #expect(try HistoryStore.openForReading(at: path).intervals(from: 0, to: 1).isEmpty)
    }

    @Test("another application's SQLite database is refused, for reading and for writing")
    func foreign() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("other.sqlite")
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect(throws: HistoryError.foreignDatabase(path: path)) { try HistoryStore.openForWriting(at: path) }
        #expect(throws: HistoryError.foreignDatabase(path: path)) { try HistoryStore.openForReading(at: path) }
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "PRAGMA application_id = 42") }
        #expect(throws: HistoryError.foreignDatabase(path: path)) { try HistoryStore.openForReading(at: path) }
    }

    @Test("a history of a newer schema is refused with the steps this version does not know")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        _ = try HistoryStore.openForWriting(at: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('2-heart-rate')")
        }
        let expected = HistoryError.newerSchema(path: path, unknownMigrations: ["2-heart-rate"])
        #expect(throws: expected) { try HistoryStore.openForReading(at: path) }
        #expect(throws: expected) { try HistoryStore.openForWriting(at: path) }
        #expect(expected.exitStatus == .historyRefused)
    }

    @Test("a damaged database is refused (pages overwritten) rather than read as an empty history")
    func damaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        let recorder = try HistoryRecorder(store: try HistoryStore.openForWriting(at: path), retention: nil)
        for minute in 0..<2000 { recorder.record(steps: 1, at: Double(minute) * 60) }
        try recorder.commit()
        try DatabaseQueue(path: path).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()
        let error = try #require(throws: HistoryError.self) {
            try HistoryStore.openForReading(at: path).stepMinutes(from: 0, to: 1e9)
        }
        guard case .notADatabase = error else {
            Issue.record("\(error)")
            return
        }
    }

    @Test("a row outside the schema (a hand-edited end before its start) is refused, not summed")
    func malformedRow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        _ = try HistoryStore.openForWriting(at: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(
                sql: "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (10, 5, 'flying', 'x', 'high')")
        }
        #expect(throws: HistoryError.self) { try HistoryStore.openForReading(at: path).intervals(from: 0, to: 100) }
    }

    /// A history at `path` with the row `sql` inserted past the schema's checks, as a hostile hand would.
    private static func insertPastChecks(_ sql: String, at path: String) throws {
        _ = try HistoryStore.openForWriting(at: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
    }

    @Test(
        "rows outside the documented ranges are refused as a hostile database, not summed or converted (issue 13)",
        arguments: [
            // Two minutes of 2^62 steps: their sum passes Int.max.
            "INSERT INTO steps VALUES (60, 4611686018427387904), (120, 4611686018427387904)",
            "INSERT INTO steps VALUES (60, 1001)",
            "INSERT INTO steps VALUES (-60, 10)",
            "INSERT INTO steps VALUES (7258118460, 10)",
            "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (-1e308, 1e308, 'walking', 'w', 'high')",
            "INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (100, 7258118401, 'walking', 'w', 'high')",
            "INSERT INTO device_events (date, event, device) VALUES (1e300, 'added', 'x')",
            "INSERT INTO device_events (date, event, device) VALUES (-1, 'added', 'x')",
        ])
    func rowsOutOfRange(sql: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        try Self.insertPastChecks(sql, at: path)
        let error = try #require(throws: HistoryError.self) {
            try HistoryStore.openForReading(at: path).summary(from: -Double.greatestFiniteMagnitude, to: .greatestFiniteMagnitude)
        }
        guard case .notADatabase = error else {
            Issue.record("\(error)")
            return
        }
        #expect(error.exitStatus == .historyRefused)
    }

    @Test("rows at the ends of the documented ranges are read")
    func rowsAtTheLimits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        try Self.insertPastChecks(
            "INSERT INTO steps VALUES (0, 1000), (7258118400, 1000); "
                + "INSERT INTO activities (start_date, end_date, kind, label, confidence) "
                + "VALUES (0, 7258118400, 'walking', 'w', 'high')",
            at: path)
        let summary = try HistoryStore.openForReading(at: path).summary(from: -1, to: 1e10)
        #expect(summary.numberOfSteps == 2000)
        #expect(summary.durations[.walking] == HistoryDate.range.upperBound)
    }

    @Test("a summary's step total saturates rather than overflow, whatever minutes it is given")
    func summaryTotalSaturates() {
        let minutes = [StepMinute(startDate: 0, numberOfSteps: 1 << 62), StepMinute(startDate: 60, numberOfSteps: 1 << 62)]
        let summary = HistorySummary(from: 0, to: 120, intervals: [], stepMinutes: minutes, deviceEvents: [])
        #expect(summary.numberOfSteps == Int.max)
    }

    @Test("a writer caps a minute at 1000 steps and leaves out dates outside 1970...2200, so its readers never refuse it")
    func writerStaysInRange() throws {
        try withNewHistory { store, recorder in
            recorder.record(steps: Int.max, at: 600)
            recorder.record(steps: Int.max, at: 601)
            try recorder.commit()
            recorder.record(steps: 700, at: 602)
            recorder.record(steps: 5, at: -1)
            recorder.record(steps: 5, at: 1e300)
            recorder.record(MotionActivity(kind: .walking, label: "w", confidence: .high, startDate: -1e308))
            recorder.advance(to: 1e308)
            recorder.record(DeviceEvent(date: -5, event: .added, device: "x"))
            try recorder.commit()
            let summary = try HistoryStore.openForReading(at: store.path).summary(from: -1e12, to: 1e12)
            #expect(summary.stepMinutes == [StepMinute(startDate: 600, numberOfSteps: 1000)])
            #expect(summary.intervals.isEmpty && summary.deviceEvents.isEmpty)
        }
    }

    @Test("a writer cannot create its database in a directory it cannot create")
    func unwritableDirectory() throws {
        let path = "/proc/no-such-directory/imu-bridge/history.sqlite"
        let error = try #require(throws: HistoryError.self) { try HistoryStore.openForWriting(at: path) }
        #expect(error.exitStatus == .outputNotWritten)
    }
}

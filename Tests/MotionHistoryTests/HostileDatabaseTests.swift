import Foundation
import GRDB
import HistoryCommandSupport
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

    @Test("an empty file is refused by a reader, and becomes a history for a writer")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("empty.sqlite")
        FileManager.default.createFile(atPath: path, contents: Data())
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

    @Test("a writer cannot create its database in a directory it cannot create")
    func unwritableDirectory() throws {
        let path = "/proc/no-such-directory/imu-bridge/history.sqlite"
        let error = try #require(throws: HistoryError.self) { try HistoryStore.openForWriting(at: path) }
        #expect(error.exitStatus == .outputNotWritten)
    }
}

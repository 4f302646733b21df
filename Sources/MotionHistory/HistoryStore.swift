import ActivityKit
import Foundation
import GRDB
import MotionActivityKit

/// The history database: SQLite in WAL mode through a GRDB `DatabasePool`, so readers (imu-history, another
/// connection) read a consistent snapshot while one writer (imu-classify) appends.
///
/// Every read checks what the file is before trusting it: an SQLite file of another application
/// (`application_id`), a newer schema (migrations this version does not know) and damage are refused with a
/// ``HistoryError``; rows are range-checked as they are read.
public final class HistoryStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// How long a connection waits for another one's lock before failing, in seconds. Readers of a WAL database
    /// wait only while a checkpoint resets the log; two writers wait for each other's transaction (one per second).
    public static let busyTimeout = 10.0

    private init(path: String, pool: DatabasePool) {
        self.path = path
        self.pool = pool
    }

    /// Opens the history at `path` for writing, creating it (and its missing directories, mode 0700, as the XDG Base
    /// Directory Specification asks) if needed, and applies the migrations it lacks.
    ///
    /// Commits use `synchronous = NORMAL`: in WAL mode a committed transaction survives the process being killed
    /// (it is in the log, which the OS holds); only a power loss may undo the last ones (sqlite.org/pragma.html,
    /// "synchronous").
    public static func openForWriting(at path: String) throws(HistoryError) -> HistoryStore {
        if let kind = specialFileKind(at: path) { throw .cannotOpen(path: path, reason: "it is \(kind), not a file") }
        try createDirectory(of: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        // A rollback that fails leaves the writer in its transaction; GRDB would stop the process there. `write`
        // rolls such a transaction back before its next one instead.
        configuration.allowsUnsafeTransactions = true
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw refusal(error, path: path) { .cannotOpen(path: path, reason: $0) }
        }
        let store = HistoryStore(path: path, pool: pool)
        do {
            try pool.read { db in try store.checkIdentity(db, allowingEmpty: true) }
            try HistorySchema.migrator.migrate(pool)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw refusal(error, path: path) { .cannotOpen(path: path, reason: $0) }
        }
        return store
    }

    /// Opens an existing history at `path` read-only.
    public static func openForReading(at path: String) throws(HistoryError) -> HistoryStore {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        if let kind = specialFileKind(at: path) { throw .readFailed(path: path, reason: "it is \(kind), not a file") }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let store: HistoryStore
        do {
            store = HistoryStore(path: path, pool: try DatabasePool(path: path, configuration: configuration))
            try store.pool.read { db in
                try store.checkIdentity(db, allowingEmpty: false)
                guard try HistorySchema.migrator.hasCompletedMigrations(db) else { throw HistoryError.olderSchema(path: path) }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw refusal(error, path: path) { .readFailed(path: path, reason: $0) }
        }
        return store
    }

    /// What is at `path` when it is there and not a regular file (SQLite would wait on a FIFO for a writer, read a
    /// device as an empty database and write beside it), in words; `nil` for a regular file or nothing.
    private static func specialFileKind(at path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a socket or other special file"
        }
    }

    /// Refuses a file that is not this application's history, or is of a newer schema.
    private func checkIdentity(_ db: Database, allowingEmpty: Bool) throws {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        if applicationID == 0 && tables.isEmpty {
            if allowingEmpty { return }
            throw HistoryError.notADatabase(path: path, reason: "it is empty")
        }
        guard applicationID == HistorySchema.applicationID else { throw HistoryError.foreignDatabase(path: path) }
        let applied = try HistorySchema.migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(HistorySchema.migrationNames)
        if !unknown.isEmpty { throw HistoryError.newerSchema(path: path, unknownMigrations: unknown.sorted()) }
    }

    private static func createDirectory(of path: String) throws(HistoryError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: directory.path) else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: path, reason: "its directory \(directory.path) does not exist and cannot be created")
        }
    }

    /// The ``HistoryError`` for an SQLite error: damage and non-databases are named; anything else goes to `other`.
    static func refusal(_ error: any Error, path: String, other: (String) -> HistoryError) -> HistoryError {
        guard let error = error as? DatabaseError else { return other("\(error)") }
        let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path, reason: reason)
        default: return other(reason)
        }
    }

    /// Runs `body` in one write transaction (one commit), rolled back if it throws.
    ///
    /// `BEGIN` and `COMMIT` are statements compiled once per connection (GRDB's statement cache): GRDB's own
    /// transactions compile both at every call, a fifth of the instructions of a commit of `imu-classify --live
    /// --history` (two a second). A transaction an earlier call could not roll back is rolled back first, so one
    /// failed rollback costs that commit, not every later one (nor the process).
    func write<T>(_ body: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                if db.isInsideTransaction { try db.rollback() }
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    let result = try body(db)
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                    return result
                } catch {
                    if db.isInsideTransaction { try? db.rollback() }
                    throw error
                }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.refusal(error, path: path) { .writeFailed(path: path, reason: $0) }
        }
    }

    /// Runs `body` on a snapshot of the database.
    func read<T>(_ body: (Database) throws -> T) throws(HistoryError) -> T {
        do {
            return try pool.read(body)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.refusal(error, path: path) { .readFailed(path: path, reason: $0) }
        }
    }

    /// Deletes what ended before `cutoff` (Unix seconds): activities, step minutes and device events; returns the
    /// number of rows deleted.
    @discardableResult
    public func prune(before cutoff: Double) throws(HistoryError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM activities WHERE end_date < ?", arguments: [cutoff])
            var deleted = db.changesCount
            try db.execute(sql: "DELETE FROM steps WHERE start_date + 60 <= ?", arguments: [cutoff])
            deleted += db.changesCount
            try db.execute(sql: "DELETE FROM device_events WHERE date < ?", arguments: [cutoff])
            return deleted + db.changesCount
        }
    }

    /// `PRAGMA integrity_check`'s verdict: `ok`, or the first problem it found.
    public func integrityCheck() throws(HistoryError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "no answer" }
    }
}

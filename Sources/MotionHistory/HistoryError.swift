/// Why the history database could not be opened, read or written.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No history database at `path` (a reader never creates one).
    case missing(path: String)
    /// The file is not an SQLite database, or SQLite found it damaged.
    case notADatabase(path: String, reason: String)
    /// The file is an SQLite database of something else (its `application_id` is not the history's).
    case foreignDatabase(path: String)
    /// The database was written by a newer imu-bridge, whose schema this version does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The database is older than this version's schema and is opened read-only, so it cannot be upgraded.
    case olderSchema(path: String)
    /// The database cannot be created or opened for writing (directory missing, permission, read-only disk).
    case cannotOpen(path: String, reason: String)
    /// Writing to the database failed (disk full, I/O error).
    case writeFailed(path: String, reason: String)
    /// Reading from the database failed.
    case readFailed(path: String, reason: String)

    /// One line: what failed and what to do.
    public var description: String {
        switch self {
        case .missing(let path):
            "no history database at \(path); imu-classify --live writes one (or give --history PATH)"
        case .notADatabase(let path, let reason):
            "\(path) is not a readable history database (\(reason)); move it away and imu-classify starts a new one"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database of another application, not an imu-bridge history; give another --history PATH"
        case .newerSchema(let path, let unknown):
            "\(path) was written by a newer imu-bridge (schema steps \(unknown.joined(separator: ", ")) are unknown to this "
                + "version); upgrade imu-bridge to read it"
        case .olderSchema(let path):
            "\(path) has an older schema that a read-only reader cannot upgrade; run imu-classify with this history once"
        case .cannotOpen(let path, let reason):
            "cannot open the history database \(path) for writing (\(reason)); check the directory and its permissions, "
                + "or give --history none"
        case .writeFailed(let path, let reason):
            "writing the history database \(path) failed (\(reason)); check the free space and permissions"
        case .readFailed(let path, let reason):
            "reading the history database \(path) failed (\(reason))"
        }
    }
}

import GRDB

/// The history's schema: named migrations applied in order (GRDB's `DatabaseMigrator`, which records the applied
/// ones in `grdb_migrations`), and the `application_id` that marks the file as an imu-bridge history.
///
/// docs/formats.md documents every table; a new column or table is a new migration appended here, never an edit
/// of an applied one.
public enum HistorySchema {
    /// `PRAGMA application_id` of a history database: "IMUH" in ASCII.
    public static let applicationID: Int32 = 0x494D_5548

    /// The names of the migrations, in the order they are applied.
    public static var migrationNames: [String] { migrator.migrations }

    /// The migrations.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-activities-steps-device-events") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.execute(
                sql: """
                    CREATE TABLE activities (
                        id INTEGER PRIMARY KEY,
                        start_date REAL NOT NULL,
                        end_date REAL NOT NULL,
                        kind TEXT NOT NULL
                            CHECK (kind IN ('stationary', 'walking', 'running', 'automotive', 'cycling', 'unknown')),
                        label TEXT NOT NULL,
                        confidence TEXT NOT NULL CHECK (confidence IN ('low', 'medium', 'high')),
                        CHECK (end_date >= start_date)
                    );
                    CREATE INDEX activities_by_end_date ON activities (end_date);
                    CREATE TABLE steps (
                        start_date INTEGER PRIMARY KEY CHECK (start_date % 60 = 0),
                        number_of_steps INTEGER NOT NULL CHECK (number_of_steps >= 0)
                    );
                    CREATE TABLE device_events (
                        id INTEGER PRIMARY KEY,
                        date REAL NOT NULL,
                        event TEXT NOT NULL CHECK (event IN ('added', 'removed', 'started', 'stopped')),
                        device TEXT NOT NULL
                    );
                    CREATE INDEX device_events_by_date ON device_events (date);
                    """)
        }
        return migrator
    }
}

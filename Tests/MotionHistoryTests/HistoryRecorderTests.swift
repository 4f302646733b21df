import ActivityKit
import GRDB
import MotionActivityKit
import Testing

@testable import MotionHistory

@Suite struct HistoryRecorderTests {
    static func activity(_ kind: CoreMotionActivity, at date: Double, confidence: MotionActivityConfidence = .high)
        -> MotionActivity
    {
        MotionActivity(kind: kind, label: kind.rawValue, confidence: confidence, startDate: date)
    }

    @Test("a new database has the documented tables, WAL, the history's application_id and the named migrations")
    func schema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HistoryStore.openForWriting(at: directory.file("history.sqlite"))
        let queue = try DatabaseQueue(path: store.path)
        try queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == HistorySchema.applicationID)
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            #expect(tables == ["activities", "device_events", "grdb_migrations", "steps"])
            #expect(try db.columns(in: "activities").map(\.name) == ["id", "start_date", "end_date", "kind", "label", "confidence"])
            #expect(try db.columns(in: "steps").map(\.name) == ["start_date", "number_of_steps"])
            #expect(try db.columns(in: "device_events").map(\.name) == ["id", "date", "event", "device"])
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == HistorySchema.migrationNames)
        }
        #expect(HistorySchema.migrationNames == ["1-activities-steps-device-events"])
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("commits wait for a second to pass; the open activity's end moves with every commit and closes at the next start")
    func commitsOncePerSecond() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(1_000_000)
        let store = try HistoryStore.openForWriting(at: directory.file("history.sqlite"))
        let recorder = try HistoryRecorder(store: store, retention: nil, now: { clock.now() }, monotonic: { clock.now() })
        recorder.record(Self.activity(.walking, at: 1_000_000))
        recorder.advance(to: 1_000_000.5)
        try recorder.commitIfDue()
        #expect(try store.intervals(from: 0, to: 2e6).isEmpty)
        clock.advance(1)
        try recorder.commitIfDue()
        #expect(try store.intervals(from: 0, to: 2e6).map(\.endDate) == [1_000_000.5])
        recorder.advance(to: 1_000_003)
        recorder.record(Self.activity(.stationary, at: 1_000_004, confidence: .medium))
        recorder.advance(to: 1_000_009)
        clock.advance(1)
        try recorder.commitIfDue()
        let intervals = try store.intervals(from: 0, to: 2e6)
        #expect(intervals.map(\.activity.kind) == [.walking, .stationary])
        #expect(intervals.map(\.endDate) == [1_000_004, 1_000_009])
        #expect(intervals.map(\.activity.confidence) == [.high, .medium])
        #expect(intervals.map(\.duration) == [4, 5])
    }

    @Test("steps add up per wall-clock minute across commits; device events keep their order")
    func stepsAndEvents() throws {
        try withNewHistory { store, recorder in
            recorder.record(steps: 10, at: 120.5)
            recorder.record(steps: 5, at: 179.9)
            recorder.record(steps: 7, at: 180)
            recorder.record(steps: -3, at: 181)
            recorder.record(steps: 1, at: .nan)
            recorder.record(DeviceEvent(date: 100, event: .started, device: ""))
            recorder.record(DeviceEvent(date: 101, event: .added, device: "mpu6050"))
            try recorder.commit()
            recorder.record(steps: 2, at: 121)
            recorder.record(DeviceEvent(date: 150, event: .removed, device: "mpu6050"))
            try recorder.commit()
            let minutes = try store.stepMinutes(from: 0, to: 1000)
            #expect(minutes == [StepMinute(startDate: 120, numberOfSteps: 17), StepMinute(startDate: 180, numberOfSteps: 7)])
            #expect(try store.deviceEvents(from: 0, to: 1000).map(\.event) == [.started, .added, .removed])
            let summary = try store.summary(from: 0, to: 1000)
            #expect(summary.numberOfSteps == 24)
            #expect(StepMinute.minute(of: -0.5) == -60)
        }
    }

    @Test("retention deletes what ended before the cutoff, when the recorder opens and on prune")
    func retentionPrunes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history.sqlite")
        let day = 86_400.0
        let recorder = try HistoryRecorder(store: try HistoryStore.openForWriting(at: path), retention: nil)
        recorder.record(Self.activity(.walking, at: 10 * day))
        recorder.record(Self.activity(.stationary, at: 20 * day))
        recorder.advance(to: 29 * day)
        recorder.record(steps: 3, at: 10 * day)
        recorder.record(steps: 4, at: 25 * day)
        recorder.record(DeviceEvent(date: 10 * day, event: .started, device: ""))
        try recorder.commit()
        let clock = TestClock(30 * day)
        let pruning = try HistoryRecorder(store: try HistoryStore.openForWriting(at: path), retention: 5 * day) { clock.now() }
        let store = pruning.store
        #expect(try store.intervals(from: 0, to: 40 * day).map(\.activity.kind) == [.stationary])
        #expect(try store.stepMinutes(from: 0, to: 40 * day).map(\.numberOfSteps) == [4])
        #expect(try store.deviceEvents(from: 0, to: 40 * day).isEmpty)
    }

    @Test("commits follow the monotonic clock and dates the wall clock, re-read each time: steps back and forward")
    func wallClockSteps() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HistoryStore.openForWriting(at: directory.file("history.sqlite"))
        let (wall, monotonic) = (TestClock(1_700_000_000), TestClock(50))
        let recorder = try HistoryRecorder(
            store: store, retention: nil, commitInterval: 0.75, now: { wall.now() }, monotonic: { monotonic.now() })
        #expect(recorder.unixDate(ofMonotonic: 60) == 1_700_000_010)
        recorder.record(steps: 1, at: recorder.unixDate(ofMonotonic: 60))
        // NTP steps the wall clock back an hour: commits still come every 0.75 s of monotonic time.
        wall.advance(-3600)
        monotonic.advance(1)
        try recorder.commitIfDue()
        #expect(try store.stepMinutes(from: 0, to: 2e9).count == 1)
        #expect(recorder.unixDate(ofMonotonic: 61) == 1_700_000_010 - 3600)
        recorder.record(steps: 2, at: recorder.unixDate(ofMonotonic: 61))
        monotonic.advance(1)
        try recorder.commitIfDue()
        #expect(try store.stepMinutes(from: 0, to: 2e9).map(\.numberOfSteps) == [2, 1])
        // And forward a day: the next dates follow it, the commits their monotonic schedule.
        wall.advance(86_400 + 3600)
        recorder.record(Self.activity(.walking, at: recorder.unixDate(ofMonotonic: 62)))
        try recorder.commitIfDue()
        #expect(try store.intervals(from: 0, to: 2e9).isEmpty)
        monotonic.advance(0.75)
        try recorder.commitIfDue()
        #expect(try store.intervals(from: 0, to: 2e9).map(\.activity.startDate) == [1_700_086_410])
    }

    @Test("the hourly prune: due after an hour of monotonic time, cutting at the wall clock's retention")
    func hourlyPrune() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HistoryStore.openForWriting(at: directory.file("history.sqlite"))
        let day = 86_400.0
        let (wall, monotonic) = (TestClock(1_700_000_000), TestClock(0))
        let recorder = try HistoryRecorder(
            store: store, retention: day, commitInterval: 1, now: { wall.now() }, monotonic: { monotonic.now() })
        recorder.record(steps: 4, at: 1_700_000_000)
        try recorder.commit()
        // A day and a half later by the wall clock but only 59 minutes of monotonic time: no prune yet.
        wall.advance(1.5 * day)
        monotonic.advance(3540)
        try recorder.commit()
        #expect(try store.stepMinutes(from: 0, to: 2e9).count == 1)
        monotonic.advance(60)
        try recorder.commit()
        #expect(try store.stepMinutes(from: 0, to: 2e9).isEmpty)
    }

    @Test("a commit that fails part-way leaves nothing of itself, and the next commit writes all of it once")
    func failedCommitRollsBack() throws {
        try withNewHistory { store, recorder in
            // Another connection makes the device event fail, which the commit writes after the activity.
            let other = try DatabaseQueue(path: store.path)
            try other.write { db in
                try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON device_events BEGIN SELECT RAISE(ABORT, 'refused'); END")
            }
            recorder.record(Self.activity(.walking, at: 100))
            recorder.record(DeviceEvent(date: 120, event: .added, device: "lsm6dso"))
            recorder.advance(to: 150)
            #expect(throws: HistoryError.self) { try recorder.commit() }
            #expect(try store.intervals(from: 0, to: 1000).isEmpty)
            try other.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
            try recorder.commit()
            #expect(try store.intervals(from: 0, to: 1000).map(\.endDate) == [150])
            #expect(try store.deviceEvents(from: 0, to: 1000) == [DeviceEvent(date: 120, event: .added, device: "lsm6dso")])
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a transaction a failed rollback left open on the writer is rolled back before the next commit, not fatal")
    func transactionLeftOpenIsRolledBack() throws {
        try withNewHistory { store, recorder in
            // What a rollback that failed leaves: the writer inside a transaction holding an uncommitted row.
            try store.pool.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                try db.execute(sql: "INSERT INTO device_events (date, event, device) VALUES (1, 'added', 'stray')")
            }
            recorder.record(Self.activity(.walking, at: 100))
            recorder.advance(to: 150)
            try recorder.commit()
            #expect(try store.intervals(from: 0, to: 1000).map(\.endDate) == [150])
            #expect(try store.deviceEvents(from: 0, to: 1000).isEmpty)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("the store is a MotionActivityManager archive: queries read the database")
    func storeAsArchive() throws {
        try withNewHistory { store, recorder in
            for (index, kind) in [CoreMotionActivity.walking, .running, .stationary].enumerated() {
                recorder.record(Self.activity(kind, at: Double(index) * 100))
            }
            recorder.advance(to: 250)
            try recorder.commit()
            let manager = MotionActivityManager(archive: store)
            #expect(try manager.queryActivityStarting(from: 150, to: 210).map(\.kind) == [.running, .stationary])
            #expect(try manager.queryActivityStarting(from: 0, to: 1000).count == 3)
            let summary = try store.summary(from: 50, to: 250)
            #expect(summary.durations == [.walking: 50, .running: 100, .stationary: 50])
        }
    }
}

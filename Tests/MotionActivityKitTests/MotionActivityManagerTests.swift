import ActivityKit
import MotionActivityKit
import Synchronization
import Testing

@Suite struct MotionActivityManagerTests {
    @Test("updates reach the handler on change only, shifted by the date offset, and stop when asked")
    func updatesOnChange() {
        let manager = MotionActivityManager(dateOffset: 1000)
        let seen = Mutex<[MotionActivity]>([])
        manager.startActivityUpdates { activity in seen.withLock { $0.append(activity) } }
        manager.record(ConfidenceMappingTests.update(["walking": 0.95], at: 1))
        manager.record(ConfidenceMappingTests.update(["walking": 0.95], at: 2))
        manager.record(ConfidenceMappingTests.update(["sitting": 0.95], at: 3))
        manager.stopActivityUpdates()
        manager.record(ConfidenceMappingTests.update(["running": 0.95], at: 4))
        let activities = seen.withLock { $0 }
        #expect(activities.map(\.kind) == [.walking, .stationary])
        #expect(activities.map(\.startDate) == [1001, 1003])
        #expect(manager.currentActivity?.running == true)
    }

    @Test("a handler started late hears the activity in force at once")
    func lateHandlerHearsCurrent() {
        let manager = MotionActivityManager()
        manager.record(ConfidenceMappingTests.update(["sitting": 0.95], at: 1))
        let seen = Mutex<[MotionActivity]>([])
        manager.startActivityUpdates { activity in seen.withLock { $0.append(activity) } }
        #expect(seen.withLock { $0.map(\.kind) } == [.stationary])
    }

    @Test("queryActivityStarting(from:to:) returns the activity in force at `from` and those starting before `to`")
    func queryOverSeen() throws {
        let manager = MotionActivityManager()
        for (time, label) in [(0.0, "walking"), (10, "sitting"), (20, "running"), (30, "walking")] {
            manager.record(ConfidenceMappingTests.update([label: 0.95], at: time))
        }
        #expect(try manager.queryActivityStarting(from: 15, to: 30).map(\.startDate) == [10, 20])
        #expect(try manager.queryActivityStarting(from: 10, to: 10.5).map(\.startDate) == [10])
        #expect(try manager.queryActivityStarting(from: -5, to: 5).map(\.startDate) == [0])
        #expect(try manager.queryActivityStarting(from: 40, to: 50).map(\.startDate) == [30])
        #expect(try manager.queryActivityStarting(from: 5, to: 5).isEmpty)
    }

    @Test("the manager remembers at most its capacity, dropping the oldest")
    func boundedMemory() throws {
        let manager = MotionActivityManager(remembered: 4)
        for index in 0..<9 {
            manager.record(ConfidenceMappingTests.update([index.isMultiple(of: 2) ? "walking" : "sitting": 0.95], at: Double(index)))
        }
        let remembered = try manager.queryActivityStarting(from: -1, to: 100)
        #expect(remembered.count <= 4)
        #expect(remembered.last?.startDate == 8)
    }

    @Test("an archive answers queries instead of the manager's memory")
    func archiveAnswers() throws {
        struct Fixed: MotionActivityArchive {
            func activities(from: Double, to: Double) throws -> [MotionActivity] {
                [MotionActivity(kind: .cycling, label: "cycling", confidence: .medium, startDate: from)]
            }
        }
        let manager = MotionActivityManager(archive: Fixed())
        #expect(try manager.queryActivityStarting(from: 7, to: 8).map(\.kind) == [.cycling])
    }
}

import ActivityKit
import DeviceMotionKit
import Foundation
import MotionActivityKit
import Synchronization
import Testing

/// The activity API on replayed recordings: the bundled model's verdicts turned into CoreMotion activities.
@Suite struct ReplayedActivityTests {
    /// The package's `Fixtures/` folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Replays the recordings at `path` through a manager on the bundled model, with a fixed `cadence`; returns the
    /// activities the handler heard and the manager.
    static func replay(_ path: String, cadence: Double? = nil, countsSteps: Bool = false) throws -> (
        [MotionActivity], MotionActivityManager
    ) {
        let model = try ActivityModel.bundledDefault()
        let detector = countsSteps ? try StepDetector(sampleRate: model.window.sampleRate) : nil
        let manager = MotionActivityManager(classifier: StreamingActivityClassifier(model: model), stepDetector: detector)
        let heard = Mutex<[MotionActivity]>([])
        manager.startActivityUpdates { activity in heard.withLock { $0.append(activity) } }
        for session in try SessionLoader(sampleRate: model.window.sampleRate).sessions(from: [path]) {
            for motion in session.motions { manager.process(motion, cadence: cadence) }
        }
        return (heard.withLock { $0 }, manager)
    }

    /// Seconds spent in each kind, from the activities heard up to `end`.
    static func durations(_ activities: [MotionActivity], until end: Double) -> [CoreMotionActivity: Double] {
        var totals: [CoreMotionActivity: Double] = [:]
        for (activity, next) in zip(activities, activities.dropFirst().map(\.startDate) + [end]) {
            totals[activity.kind, default: 0] += next - activity.startDate
        }
        return totals
    }

    @Test("walking-to-sitting: walking first, then stationary from the second half; updates only on change")
    func walkingToSitting() throws {
        let path = Self.fixtures.appendingPathComponent("recordings/walking-to-sitting.imurec").path
        let (activities, manager) = try Self.replay(path)
        let walking = try #require(activities.first { $0.kind != .unknown })
        #expect(walking.walking)
        // The recording switches at 24 s; a window is 4 s, one every 2 s, and three are averaged, so stationary is
        // named within a few windows of the switch, first with low confidence, rising as the windows fill with sitting.
        let stationary = try #require(activities.first { $0.stationary })
        #expect(stationary.startDate > 24 && stationary.startDate < 34, "stationary from \(stationary.startDate) s")
        let sitting = try #require(activities.last)
        #expect(sitting.stationary && sitting.label == "sitting" && sitting.confidence == .high)
        let fromStationary = activities.drop(while: { !$0.stationary })
        #expect(fromStationary.allSatisfy { $0.stationary })
        for (previous, next) in zip(activities, activities.dropFirst()) {
            #expect(!previous.saysTheSame(as: next))
            #expect(previous.startDate < next.startDate)
        }
        let totals = Self.durations(activities, until: 48)
        #expect(totals[.walking, default: 0] > 15 && totals[.stationary, default: 0] > 15, "\(totals)")
        #expect(try manager.queryActivityStarting(from: 0, to: 48) == activities)
        #expect(try manager.queryActivityStarting(from: 40, to: 48) == [sitting])
    }

    @Test(
        "every held-out MotionSense session is mostly its own CoreMotion kind",
        arguments: ["downstairs", "running", "sitting", "standing", "upstairs", "walking"])
    func heldOutKinds(label: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("heldout").path)
            .filter { $0.hasPrefix("\(label)-") }
        #expect(files.count == 3)
        for file in files {
            let (activities, _) = try Self.replay(Self.fixtures.appendingPathComponent("heldout/\(file)").path)
            let totals = Self.durations(activities, until: (activities.last?.startDate ?? 0) + 1)
            let main = totals.max { $0.value < $1.value }?.key
            #expect(main == CoreMotionActivity(activity: label), "\(file): \(totals)")
        }
    }

    @Test("the cadence moves walking's confidence on a replayed walk: steps raise it to high, no steps keep it below high")
    func cadenceOnReplayedWalk() throws {
        let path = Self.fixtures.appendingPathComponent("heldout/walking-motionsense-wlk_7-sub_8.imurec").path
        let (plain, _) = try Self.replay(path)
        let (stepping, _) = try Self.replay(path, cadence: 1.8)
        let (still, _) = try Self.replay(path, cadence: 0)
        #expect(plain.contains { $0.walking })
        #expect(stepping.filter(\.walking).allSatisfy { $0.confidence >= .medium })
        #expect(stepping.contains { $0.walking && $0.confidence == .high })
        #expect(still.filter(\.walking).allSatisfy { $0.confidence < .high })
    }

    @Test("with the pedometer's step detector, walks stay walking at medium or high and sitting stays high")
    func pedometerCadenceOnReplays() throws {
        for subject in ["sub_8", "sub_16", "sub_22"] {
            let walk = Self.fixtures.appendingPathComponent("heldout/walking-motionsense-wlk_7-\(subject).imurec").path
            let (walking, _) = try Self.replay(walk, countsSteps: true)
            let (plain, _) = try Self.replay(walk)
            #expect(walking.contains { $0.walking && $0.confidence == .high }, "\(subject)")
            // Steps only raise walking's confidence: nothing is lower than without the pedometer.
            let lowWith = walking.filter { $0.walking && $0.confidence == .low }.count
            let lowWithout = plain.filter { $0.walking && $0.confidence == .low }.count
            #expect(lowWith <= lowWithout, "\(subject): \(lowWith) low walking activities with steps, \(lowWithout) without")
            let sit = Self.fixtures.appendingPathComponent("heldout/sitting-motionsense-sit_5-\(subject).imurec").path
            let (sitting, _) = try Self.replay(sit, countsSteps: true)
            #expect(sitting.last?.stationary == true && sitting.last?.confidence == .high, "\(subject)")
        }
    }
}

import DeviceMotionKit
import MotionActivityKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The CMPedometer-shaped API: queries, live updates, distance, cadence, pace, floors and the bounded history.
@Suite struct PedometerTests {
    /// A 50 Hz walk: 2 s still, 60 steps at 120 per minute, 5 s still, 40 steps at 150 per minute, 3 s still.
    private func twoWalks() -> SyntheticGait {
        var gait = SyntheticGait(seed: 21)
        gait.pause(seconds: 2)
        gait.walk(steps: 60, cadence: 120, jitter: 0.01)
        gait.pause(seconds: 5)
        gait.walk(steps: 40, cadence: 150, jitter: 0.01)
        gait.pause(seconds: 3)
        return gait
    }

    private func fed(_ gait: SyntheticGait, strideModel: StrideModel = .average) throws -> Pedometer {
        let pedometer = try Pedometer(sampleRate: gait.rate, strideModel: strideModel)
        for motion in gait.motions { pedometer.process(motion) }
        return pedometer
    }

    @Test("queries count the steps of each walk and of the whole, with the cadence of the last step")
    func queries() throws {
        let gait = twoWalks()
        let pedometer = try fed(gait)
        let end = try #require(gait.motions.last?.timestamp)
        let all = try pedometer.queryPedometerData(from: 0, to: end)
        #expect(abs(all.numberOfSteps - 100) <= 2)
        let firstWalkEnd = try #require(gait.steps.dropFirst(59).first) + 1
        let first = try pedometer.queryPedometerData(from: 0, to: firstWalkEnd)
        #expect(abs(first.numberOfSteps - 60) <= 1)
        let second = try pedometer.queryPedometerData(from: firstWalkEnd, to: end)
        #expect(first.numberOfSteps + second.numberOfSteps == all.numberOfSteps)
        // 150 steps per minute is 2.5 steps per second.
        #expect(abs(try #require(second.currentCadence) - 2.5) < 0.15)
        #expect(abs(try #require(first.currentCadence) - 2.0) < 0.15)
        // Nothing in the still second at the start.
        #expect(try pedometer.queryPedometerData(from: 0, to: 1).numberOfSteps == 0)
        #expect(try pedometer.queryPedometerData(from: 0, to: 1).distance == nil)
    }

    @Test("distance is the stride model's step length times the steps; pace is its inverse speed")
    func distanceAndPace() throws {
        let gait = twoWalks()
        let model = try StrideModel(height: 1.80)
        let pedometer = try fed(gait, strideModel: model)
        let end = try #require(gait.motions.last?.timestamp)
        let data = try pedometer.queryPedometerData(from: 0, to: end)
        // 60 steps at 2 steps/s and 40 at 2.5 steps/s: 1.8 × (0.235 + 0.1 × cadence) each.
        let expected = 60 * 1.80 * (0.235 + 0.2) + 40 * 1.80 * (0.235 + 0.25)
        #expect(abs(try #require(data.distance) - expected) < 0.03 * expected)
        let cadence = try #require(data.currentCadence)
        let pace = try #require(data.currentPace)
        #expect(abs(pace - 1 / (cadence * model.stepLength(atCadence: cadence))) < 1e-9)
        // Average active pace: walking time over distance, about 50 s over the distance (pauses left out).
        let activeTime = 59 * 0.5 + 39 * 0.4
        let averagePace = try #require(data.averageActivePace)
        #expect(abs(averagePace - activeTime / expected) < 0.05 * averagePace)
        #expect(data.floorsAscended == nil && data.floorsDescended == nil)
    }

    @Test("a fixed step length replaces the model")
    func fixedStepLength() throws {
        let gait = twoWalks()
        let pedometer = try fed(gait, strideModel: try StrideModel(stepLength: 0.7))
        let data = try pedometer.queryPedometerData(from: 0, to: 100)
        #expect(abs(try #require(data.distance) - 0.7 * Double(data.numberOfSteps)) < 1e-9)
    }

    @Test("live updates report cumulative data from their start, each time steps are counted")
    func liveUpdates() throws {
        let gait = twoWalks()
        let pedometer = try Pedometer(sampleRate: gait.rate)
        var updates: [PedometerData] = []
        pedometer.startUpdates(from: 0) { updates.append($0) }
        for motion in gait.motions.prefix(gait.motions.count / 2) { pedometer.process(motion) }
        pedometer.stopUpdates()
        let countAtStop = updates.count
        for motion in gait.motions.dropFirst(gait.motions.count / 2) { pedometer.process(motion) }
        #expect(updates.count == countAtStop)
        #expect(countAtStop > 10)
        let steps = updates.map(\.numberOfSteps)
        #expect(steps == steps.sorted())
        #expect(updates.allSatisfy { $0.startDate == 0 })
        #expect(steps.last == (try pedometer.queryPedometerData(from: 0, to: updates.last!.endDate)).numberOfSteps)
    }

    @Test("refuses intervals that end before they start or are not finite")
    func hostileIntervals() throws {
        let pedometer = try Pedometer(sampleRate: 50)
        #expect(throws: PedometerError.self) { try pedometer.queryPedometerData(from: 2, to: 1) }
        #expect(throws: PedometerError.self) { try pedometer.queryPedometerData(from: .nan, to: 1) }
        #expect(throws: PedometerError.self) { try pedometer.queryPedometerData(from: 0, to: .infinity) }
        #expect(throws: PedometerError.self) { try Pedometer(sampleRate: 50, historyCapacity: 0) }
    }

    @Test("the history is bounded: the oldest steps are kept as totals, the newest still answer one by one")
    func boundedHistory() throws {
        var gait = SyntheticGait(seed: 8)
        gait.walk(steps: 100, cadence: 120)
        gait.pause(seconds: 2)
        let pedometer = try Pedometer(sampleRate: gait.rate, historyCapacity: 16)
        for motion in gait.motions { pedometer.process(motion) }
        #expect(abs(pedometer.numberOfSteps - 100) <= 1)
        #expect(try pedometer.queryPedometerData(from: 0, to: 1000).numberOfSteps == pedometer.numberOfSteps)
        // The last 10 s hold kept steps only; a start among the forgotten ones cannot be answered and says so.
        let end = try #require(gait.steps.last) + 1
        #expect(try pedometer.queryPedometerData(from: end - 5, to: end).numberOfSteps >= 9)
        #expect(throws: PedometerError.self) { try pedometer.queryPedometerData(from: 10, to: end) }
        #expect(throws: PedometerError.self) { try pedometer.queryPedometerData(from: 0, to: 10) }
        #expect(try pedometer.queryPedometerData(from: end, to: end + 100).numberOfSteps == 0)
    }

    @Test("pushed far past its capacity, counts and distances since the start stay exact and never fall (issue 13)")
    func countsPastCapacity() throws {
        var gait = SyntheticGait(seed: 13)
        gait.pause(seconds: 1)
        gait.walk(steps: 300, cadence: 110, jitter: 0.01)
        gait.pause(seconds: 2)
        let stride = try StrideModel(stepLength: 0.7)
        let pedometer = try Pedometer(sampleRate: gait.rate, strideModel: stride, historyCapacity: 16)
        var updates: [PedometerData] = []
        pedometer.startUpdates(from: 0) { updates.append($0) }
        var counted: [Int] = []
        for motion in gait.motions where pedometer.process(motion) > 0 { counted.append(pedometer.numberOfSteps) }
        #expect(abs(pedometer.numberOfSteps - 300) <= 2)
        #expect(updates.map(\.numberOfSteps) == counted)
        for update in updates {
            let distance = try #require(update.distance)
            #expect(abs(distance - 0.7 * Double(update.numberOfSteps)) < 1e-6)
        }
        let distances = updates.compactMap(\.distance)
        #expect(distances == distances.sorted())
        let whole = try pedometer.queryPedometerData(from: 0, to: 1000)
        #expect(whole.numberOfSteps == pedometer.numberOfSteps)
        #expect(abs((whole.distance ?? 0) - 0.7 * Double(pedometer.numberOfSteps)) < 1e-6)
        // The average active pace over the whole walk: about 1 / (0.7 m × 110 / 60 s), not just the kept steps'.
        #expect(abs((whole.averageActivePace ?? 0) - 60 / (0.7 * 110)) < 0.05)
    }

    @Test("floors past the capacity are kept as totals too")
    func floorsPastCapacity() throws {
        var gait = SyntheticGait(seed: 10)
        gait.pause(seconds: 1)
        gait.walk(steps: 200, cadence: 100)
        gait.pause(seconds: 10)
        let pedometer = try Pedometer(sampleRate: gait.rate, historyCapacity: 16)
        let walkEnd = try #require(gait.steps.last)
        for motion in gait.motions {
            pedometer.process(motion)
            let t = motion.timestamp
            // 66 m climbed on foot, steadily: 22 floors, more than the 16 kept.
            let height = t < 2 ? 0 : t < walkEnd ? 66 * (t - 2) / (walkEnd - 2) : 66
            pedometer.process(pressureKilopascal: 101.3 * pow(1 - height / 44_330, 5.255), timestamp: t)
        }
        let data = try pedometer.queryPedometerData(from: 0, to: 1000)
        #expect(data.floorsAscended == 21 || data.floorsAscended == 22)
        #expect(data.floorsDescended == 0)
    }

    @Test("floors: 3 m climbed on foot is a floor, a lift ride is none; nil without a barometer")
    func floors() throws {
        var gait = SyntheticGait(seed: 9)
        gait.pause(seconds: 1)
        gait.walk(steps: 80, cadence: 100)
        gait.pause(seconds: 30)
        let pedometer = try Pedometer(sampleRate: gait.rate)
        // Climb 7 m at a steady rate while walking (about 2 floors), then ride a lift 9 m down standing still.
        let walkEnd = try #require(gait.steps.last)
        let start = 101.3
        for motion in gait.motions {
            pedometer.process(motion)
            let t = motion.timestamp
            let height =
                t < 2 ? 0 : t < walkEnd ? 7 * (t - 2) / (walkEnd - 2) : t < walkEnd + 10 ? 7 : max(-2, 7 - 9 * (t - walkEnd - 10) / 10)
            // About 0.012 kPa per metre near sea level.
            pedometer.process(pressureKilopascal: start * pow(1 - height / 44_330, 5.255), timestamp: t)
        }
        let data = try pedometer.queryPedometerData(from: 0, to: 1000)
        #expect(data.floorsAscended == 2)
        #expect(data.floorsDescended == 0)
    }

    @Test("the barometric altitude matches the standard atmosphere; readings outside 20...120 kPa are ignored")
    func altitude() {
        #expect(abs(BarometricFloorCounter.altitude(kilopascal: 101.325)) < 1e-9)
        // The standard atmosphere has 89.875 kPa at 1000 m (ISO 2533).
        #expect(abs(BarometricFloorCounter.altitude(kilopascal: 89.875) - 1000) < 2)
        var counter = BarometricFloorCounter()
        #expect(counter.update(kilopascal: 1e9, timestamp: 0, walking: true) == 0)
        #expect(counter.update(kilopascal: .nan, timestamp: 1, walking: true) == 0)
        #expect(counter.altitude == nil)
    }
}

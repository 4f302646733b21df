import ActivityKit
import MotionActivityKit
import Testing

@Suite struct ConfidenceMappingTests {
    /// A verdict whose smoothed probabilities are `probabilities`, in the bundled model's class order.
    static func update(_ probabilities: [String: Double], at timestamp: Double = 10) -> ActivityTracker.Update {
        let names = ["downstairs", "running", "sitting", "standing", "upstairs", "walking"]
        let values = names.map { probabilities[$0] ?? 0 }
        return ActivityTracker.Update(
            timestamp: timestamp, activity: "", confidence: values.max() ?? 0, classNames: names, probabilities: values,
            changed: false, since: timestamp)
    }

    @Test(
        "a kind's probability maps onto CoreMotion's confidence: low below 0.7, medium from 0.7, high from 0.9",
        arguments: [(0.5, MotionActivityConfidence.low), (0.69, .low), (0.7, .medium), (0.89, .medium), (0.9, .high), (1, .high)])
    func probabilityBands(probability: Double, expected: MotionActivityConfidence) {
        #expect(ActivityConfidenceMapping().confidence(probability: probability) == expected)
    }

    @Test("CoreMotion's raw values: low 0, medium 1, high 2; names round-trip")
    func rawValues() {
        #expect(MotionActivityConfidence.allCases.map(\.rawValue) == [0, 1, 2])
        for confidence in MotionActivityConfidence.allCases {
            #expect(MotionActivityConfidence(name: confidence.description) == confidence)
        }
        #expect(MotionActivityConfidence(name: "certain") == nil)
    }

    @Test("labels add up into their kind: sitting 0.45 and standing 0.45 are stationary at 0.9, high, labelled sitting")
    func labelsAddUpIntoKinds() {
        let activity = MotionActivityEstimator().activity(
            of: Self.update(["sitting": 0.46, "standing": 0.44, "walking": 0.1]), cadence: nil)
        #expect(activity.kind == .stationary && activity.stationary && !activity.walking)
        #expect(activity.label == "sitting")
        #expect(activity.confidence == .high)
        #expect(activity.startDate == 10)
    }

    @Test("no kind reaching 0.5 is unknown with low confidence")
    func unclearIsUnknown() {
        let activity = MotionActivityEstimator().activity(
            of: Self.update(["sitting": 0.3, "walking": 0.3, "running": 0.4]), cadence: nil)
        #expect(activity.unknown)
        #expect(activity.label == ActivityTracker.unknown)
        #expect(activity.confidence == .low)
    }

    @Test("a walking cadence raises walking one level; no steps lower it; a running cadence raises running")
    func cadenceMovesOnFootKinds() {
        let estimator = MotionActivityEstimator()
        let walking = Self.update(["walking": 0.6, "upstairs": 0.15, "sitting": 0.25])  // walking kind 0.75: medium
        #expect(estimator.activity(of: walking, cadence: nil).confidence == .medium)
        #expect(estimator.activity(of: walking, cadence: 1.8).confidence == .high)
        #expect(estimator.activity(of: walking, cadence: 0).confidence == .low)
        #expect(estimator.activity(of: walking, cadence: 3.0).confidence == .medium)
        let running = Self.update(["running": 0.75, "walking": 0.25])
        #expect(estimator.activity(of: running, cadence: 2.8).confidence == .high)
        #expect(estimator.activity(of: running, cadence: 0.1).confidence == .low)
        let sitting = Self.update(["sitting": 0.95, "walking": 0.05])
        #expect(estimator.activity(of: sitting, cadence: 0).confidence == .high)
        #expect(estimator.activity(of: sitting, cadence: 1.8).confidence == .medium)
    }

    @Test("the estimator reports only changes: kind, label or confidence")
    func onlyChangesAreReported() {
        var estimator = MotionActivityEstimator()
        #expect(estimator.update(Self.update(["walking": 0.95], at: 1))?.walking == true)
        #expect(estimator.update(Self.update(["walking": 0.97], at: 2)) == nil)
        #expect(estimator.update(Self.update(["walking": 0.8, "sitting": 0.2], at: 3))?.confidence == .medium)
        #expect(estimator.update(Self.update(["upstairs": 0.8, "sitting": 0.2], at: 4))?.label == "upstairs")
        let stationary = estimator.update(Self.update(["sitting": 0.95], at: 5))
        #expect(stationary?.stationary == true && stationary?.startDate == 5)
        #expect(estimator.current == stationary)
    }
}

@Suite struct StepCadenceTests {
    @Test("the cadence is the steps of the last span per second, and forgets older ones")
    func cadence() {
        var meter = StepCadence(span: 4)
        for step in 0..<8 { meter.step(at: Double(step) * 0.5) }  // 2 steps/s from 0 to 3.5 s
        #expect(meter.cadence(at: 3.5) == 2)
        #expect(meter.cadence(at: 5.5) == 1)  // 2, 2.5, 3, 3.5 remain
        #expect(meter.cadence(at: 100) == 0)
        meter.step(at: .nan)
        #expect(meter.cadence(at: 100) == 0)
    }

    @Test("the meter keeps at most its capacity, even when fed a flood of steps")
    func bounded() {
        var meter = StepCadence(span: 1)
        for step in 0..<10_000 { meter.step(at: 10 + Double(step) * 1e-6) }
        #expect(meter.cadence(at: 10.5) == Double(meter.capacity))
    }
}

import DeviceMotionKit
import MotionActivityKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The step detector on synthetic gaits with known steps, and on motions that are no gait.
@Suite struct StepDetectorTests {
    private func count(_ gait: SyntheticGait) throws -> (steps: [Double], detector: StepDetector) {
        var detector = try StepDetector(sampleRate: gait.rate)
        var steps: [Double] = []
        for motion in gait.motions { detector.process(motion) { steps.append($0) } }
        return (steps, detector)
    }

    @Test("counts every step of a steady walk at cadences 60...200 per minute", arguments: [60.0, 80, 100, 120, 150, 180, 200])
    func cadences(cadence: Double) throws {
        var gait = SyntheticGait(seed: UInt64(cadence))
        gait.pause(seconds: 2)
        gait.walk(steps: 100, cadence: cadence)
        gait.pause(seconds: 2)
        let (steps, _) = try count(gait)
        #expect(abs(steps.count - 100) <= 1, "cadence \(cadence): \(steps.count) steps of 100")
    }

    @Test("reports each step within the low-pass delay (under 0.15 s) of when it was taken")
    func timing() throws {
        var gait = SyntheticGait(seed: 7)
        gait.pause(seconds: 1)
        gait.walk(steps: 40, cadence: 110)
        gait.pause(seconds: 2)
        let (steps, _) = try count(gait)
        try #require(steps.count == 40)
        for (found, taken) in zip(steps, gait.steps) { #expect(abs(found - taken) < 0.15) }
    }

    @Test("counts no steps in pauses between walks, and all steps of each walk")
    func pauses() throws {
        var gait = SyntheticGait(seed: 11)
        gait.walk(steps: 30, cadence: 100)
        gait.pause(seconds: 5)
        gait.walk(steps: 25, cadence: 130, noise: 0.04)
        gait.pause(seconds: 10)
        gait.walk(steps: 50, cadence: 170, amplitude: 0.6)
        gait.pause(seconds: 3)
        let (steps, detector) = try count(gait)
        #expect(abs(steps.count - 105) <= 2)
        #expect(!detector.isWalking)
        // Nothing between the walks: every counted step is near a step taken.
        for step in steps { #expect(gait.steps.contains { abs($0 - step) < 0.2 }) }
    }

    /// Motions that are no gait.
    enum NonGait: String, CaseIterable, CustomTestStringConvertible {
        case shakenBoard, busVibration, typing, still
        var testDescription: String { rawValue }
    }

    @Test("counts no steps on a shaken board, random vibration, typing or a still device", arguments: NonGait.allCases)
    func nonGait(motion: NonGait) throws {
        var gait = SyntheticGait(seed: 5)
        switch motion {
        case .shakenBoard: gait.shake(seconds: 60)
        case .busVibration: gait.vibrate(seconds: 120)
        case .typing: gait.type(seconds: 120)
        case .still: gait.pause(seconds: 120)
        }
        let (steps, _) = try count(gait)
        #expect(steps.count <= 1, "\(steps.count) false steps")
    }

    /// A board moved up and down at gait frequency is a gait to this detector: one step per cycle, as CoreMotion
    /// counts an arm swinging at walking rhythm. Moved across gravity at the same rhythm, it counts nothing.
    @Test("a board swung at gait frequency (1.5-3 Hz): along gravity one step per cycle, across it none", arguments: [1.5, 2, 2.5, 3])
    func gaitFrequencySwing(frequency: Double) throws {
        var along = SyntheticGait(seed: 31)
        along.swing(seconds: 60, frequency: frequency, vertical: true)
        let counted = try count(along).steps.count
        #expect(abs(Double(counted) - 60 * frequency) <= 0.05 * 60 * frequency, "\(counted) steps")
        var across = SyntheticGait(seed: 32)
        across.swing(seconds: 60, frequency: frequency, vertical: false)
        #expect(try count(across).steps.count <= 1)
    }

    @Test("drops a few isolated bumps that do not form a gait rhythm")
    func isolatedPeaks() throws {
        var gait = SyntheticGait(seed: 3)
        gait.pause(seconds: 2)
        gait.walk(steps: 2, cadence: 100)
        gait.pause(seconds: 3)
        gait.walk(steps: 3, cadence: 100)
        gait.pause(seconds: 3)
        let (steps, _) = try count(gait)
        #expect(steps.isEmpty)
    }

    @Test("ignores non-finite values and timestamps that go back")
    func hostileSamples() throws {
        var gait = SyntheticGait(seed: 13)
        gait.walk(steps: 20, cadence: 110)
        var detector = try StepDetector(sampleRate: 50)
        var steps = 0
        for (index, var motion) in gait.motions.enumerated() {
            detector.process(motion) { _ in steps += 1 }
            if index % 7 == 0 {
                motion.userAcceleration.x = .nan
                detector.process(motion) { _ in steps += 1 }
                motion.timestamp = -1
                detector.process(motion) { _ in steps += 1 }
            }
        }
        #expect(abs(steps - 20) <= 1)
    }

    @Test("refuses rates and parameters outside their ranges", arguments: [0.0, 4.9, 1001, .nan, .infinity])
    func hostileRates(rate: Double) {
        #expect(throws: PedometerError.self) { try StepDetector(sampleRate: rate) }
    }

    @Test("refuses parameters outside their ranges")
    func hostileParameters() {
        var parameters = StepDetectorParameters()
        parameters.rhythmSteps = StepDetector.heldStepCapacity - 1
        #expect(throws: PedometerError.self) { try StepDetector(sampleRate: 50, parameters: parameters) }
        parameters = StepDetectorParameters()
        parameters.minimumCadence = 5
        #expect(throws: PedometerError.self) { try StepDetector(sampleRate: 50, parameters: parameters) }
        parameters = StepDetectorParameters()
        parameters.lowPassCorner = .nan
        #expect(throws: PedometerError.self) { try StepDetector(sampleRate: 50, parameters: parameters) }
    }

    @Test(
        "a timestamp that jumps to 1e300 while a rhythm is held is a long gap, not a crash",
        arguments: Array(stride(from: 1.5, to: 2.1, by: 0.02)))
    func timestampJump(cut: Double) throws {
        var detector = try StepDetector(sampleRate: 100)
        var steps = 0
        // A 2 Hz walk-like signal until `cut` seconds (three peaks held, the fourth rising or just past), then one
        // sample at 1e300 s that ends the fourth peak's lobe.
        for index in 0..<Int(cut * 100) {
            let time = Double(index) / 100
            detector.process(timestamp: time, verticalAcceleration: 0.3 * sin(2 * Double.pi * 2 * time)) { _ in steps += 1 }
        }
        detector.process(timestamp: 1e300, verticalAcceleration: -100) { _ in steps += 1 }
        detector.process(timestamp: .greatestFiniteMagnitude, verticalAcceleration: 100) { _ in steps += 1 }
        #expect(steps <= 4)
    }
}

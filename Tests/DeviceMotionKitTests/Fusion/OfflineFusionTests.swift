import DeviceMotionKit
import MotionSamples
import Testing

/// ``FusionMode/offline``: the forward-backward gravity estimate, on real data (BROAD excerpts) and on traces whose
/// truth is known.
@Suite struct OfflineFusionTests {
    /// Fuses `samples` (and `magnetometer`) in `mode` at 25 Hz, fed in batches of `batch` as a file reader does.
    func fuse(
        _ samples: [IMUSample], magnetometer: [MagnetometerSample] = [], mode: FusionMode, hasGyroscope: Bool = true,
        referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical, batch: Int = 64
    ) throws -> [DeviceMotion] {
        var pipeline = try DeviceMotionPipeline(
            outputRate: 25, hasGyroscope: hasGyroscope, mode: mode, referenceFrame: referenceFrame)
        var motions: [DeviceMotion] = []
        if magnetometer.isEmpty {
            for start in stride(from: 0, to: samples.count, by: batch) {
                pipeline.append(samples: samples[start..<min(start + batch, samples.count)], into: &motions)
            }
        } else {
            pipeline.append(samples: samples, magnetometer: magnetometer, into: &motions)
        }
        pipeline.finish(into: &motions)
        return motions
    }

    @Test func removesMostOfTheLagOnBROADFastCombinedMotion() throws {
        // BROAD trial 21 (fast combined rotation and translation), 20 s excerpt: 3.5 s at rest, 16.5 s of motion.
        let excerpt = try BROADExcerpt(trial: "21_undisturbed_fast_combined")
        #expect(excerpt.samples.count == 5714)
        let live = try fuse(excerpt.samples, mode: .live)
        let offline = try fuse(excerpt.samples, mode: .offline)
        #expect(offline.map(\.timestamp) == live.map(\.timestamp))
        let liveError = excerpt.motionPhaseInclinationError(of: live)
        let offlineError = excerpt.motionPhaseInclinationError(of: offline)
        // Measured 1.50° causal, 1.10° offline through imu-motion (2026-11-27; the whole trial: 1.72° and 0.95°).
        #expect(liveError > 1.35)
        #expect(offlineError < 1.2)
    }

    @Test func movesOnlyGravityAndTurnsAboutAHorizontalAxis() throws {
        // Offline only moves gravity between its two parts (user acceleration + gravity is the reading as it came)
        // and corrects the attitude by a rotation about a horizontal axis, so the heading the magnetometer gave
        // is kept (BROAD trial 29, a magnet nearby, in the magnetic-north frame).
        let excerpt = try BROADExcerpt(trial: "29_disturbed_stationary_magnet_B")
        let frame = AttitudeReferenceFrame.xMagneticNorthZVertical
        let live = try fuse(excerpt.samples, magnetometer: excerpt.magnetometer, mode: .live, referenceFrame: frame)
        let offline = try fuse(excerpt.samples, magnetometer: excerpt.magnetometer, mode: .offline, referenceFrame: frame)
        #expect(offline.count == live.count)
        var largestCorrection = 0.0
        for (causal, smoothed) in zip(live, offline) {
            let measured = causal.userAcceleration + causal.gravity
            #expect((smoothed.userAcceleration + smoothed.gravity - measured).norm < 1e-12)
            #expect(abs(smoothed.gravity.norm - 1) < 1e-9)
            #expect((smoothed.attitude.quaternion.inverseRotate(Vector3(x: 0, y: 0, z: 1)) + smoothed.gravity).norm < 1e-9)
            #expect((smoothed.heading == nil) == (causal.heading == nil))
            let correction = smoothed.attitude.quaternion * causal.attitude.quaternion.conjugate
            #expect(abs(correction.z) < 1e-9)
            largestCorrection = max(largestCorrection, smoothed.attitude.quaternion.angle(to: causal.attitude.quaternion))
        }
        // A correction of the inclination: at most a few degrees.
        #expect(largestCorrection > 0)
        #expect(largestCorrection * 180 / .pi < 5)
    }

    @Test func holdsAtMostTwiceTheLagWhateverTheStreamLength() throws {
        // Ten minutes at 100 Hz fed in 1 s batches: outputs are released at most 60 s (twice 10 time constants of
        // 3 s) behind the input, so what is held never grows with the stream.
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, mode: .offline)
        var released = 0
        var largestBacklog = 0
        for second in 0..<600 {
            var motions: [DeviceMotion] = []
            let batch = MotionTraces.still(
                acceleration: Vector3(x: 0, y: 0, z: -1), duration: 1, start: Double(second))
            pipeline.append(samples: batch, into: &motions)
            released += motions.count
            largestBacklog = max(largestBacklog, (second + 1) * 25 - released)
        }
        #expect(largestBacklog <= 60 * 25 + 25)
        #expect(largestBacklog >= 30 * 25)
        var rest: [DeviceMotion] = []
        pipeline.finish(into: &rest)
        #expect(released + rest.count >= 600 * 25 - 2)
    }

    /// The output nearest `time`.
    func output(nearest time: Double, in motions: [DeviceMotion]) throws -> DeviceMotion {
        try #require(motions.min { abs($0.timestamp - time) < abs($1.timestamp - time) })
    }

    @Test func aGapEndsAStretchAndBothAreSmoothed() throws {
        // Two 50 s stretches 20 s apart, still, each with a step in the specific force 20 s in (a sustained push,
        // no rotation): level, then 30° about x; after the gap 30° about y, then level. A zero-phase estimate is
        // part-way at each step, where the causal one has not moved yet, so both stretches are smoothed; and the
        // end of the first holds its own tilt, as a backward pass stopped at the gap gives (one run on across it
        // pulls that end 0.22° toward the second stretch's tilt, measured by removing the stop).
        let level = MotionTraces.gravity(for: .identity)
        let aboutX = MotionTraces.gravity(for: Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: .pi / 6))
        let aboutY = MotionTraces.gravity(for: Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: .pi / 6))
        let samples =
            MotionTraces.still(acceleration: level, duration: 20)
            + MotionTraces.still(acceleration: aboutX, duration: 30, start: 20)
            + MotionTraces.still(acceleration: aboutY, duration: 20, start: 70)
            + MotionTraces.still(acceleration: level, duration: 30, start: 90)
        let live = try fuse(samples, mode: .live)
        let offline = try fuse(samples, mode: .offline)
        #expect(offline.map(\.timestamp) == live.map(\.timestamp))
        #expect(!offline.contains { $0.timestamp > 50 && $0.timestamp < 70 })
        for (step, before) in [(20.0, level), (90.0, aboutY)] {
            let causal = try output(nearest: step, in: live).gravity
            let smoothed = try output(nearest: step, in: offline).gravity
            // Measured 0.000° and 15.0° (half the step, as a zero-phase filter gives) at both steps.
            #expect(MotionTraces.degrees(between: causal, before) < 0.5)
            #expect((12...18).contains(MotionTraces.degrees(between: smoothed, before)))
        }
        for motion in offline {
            if motion.timestamp < 8 {
                #expect(MotionTraces.degrees(between: motion.gravity, level) < 0.2)
            } else if motion.timestamp > 45 && motion.timestamp < 50 {
                #expect(MotionTraces.degrees(between: motion.gravity, aboutX) < 0.05)
            } else if motion.timestamp > 110 {
                #expect(MotionTraces.degrees(between: motion.gravity, level) < 0.05)
            }
        }
    }

    @Test func withoutAGyroscopeTheAttitudeStaysRollAndPitch() throws {
        // Accelerometer only, with noise: level for 10 s, then 20° about y. The accelerometer's own low-pass is
        // smoothed: part-way at the step where the causal estimate has not moved, the tilt away from it, yaw 0.
        let level = MotionTraces.gravity(for: .identity)
        let tilted = MotionTraces.gravity(for: Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: 20 * .pi / 180))
        var noise = SeededNoise(seed: 7)
        let samples =
            (MotionTraces.still(acceleration: level, rotationRate: nil, duration: 10)
            + MotionTraces.still(acceleration: tilted, rotationRate: nil, duration: 20, start: 10)).map {
                IMUSample(
                    timestamp: $0.timestamp, acceleration: $0.acceleration + noise.vector(amplitude: 0.02),
                    rotationRate: nil)
            }
        let live = try fuse(samples, mode: .live, hasGyroscope: false)
        let offline = try fuse(samples, mode: .offline, hasGyroscope: false)
        #expect(offline.map(\.timestamp) == live.map(\.timestamp))
        #expect(offline.count >= 740)
        let causal = try output(nearest: 10, in: live).gravity
        let smoothed = try output(nearest: 10, in: offline).gravity
        // Measured 0.07° and 10.0°, half the step.
        #expect(MotionTraces.degrees(between: causal, level) < 0.5)
        #expect((8...12).contains(MotionTraces.degrees(between: smoothed, level)))
        for motion in offline {
            #expect(abs(motion.attitude.yaw) < 1e-9)
            if motion.timestamp > 2 && motion.timestamp < 7 {
                #expect(MotionTraces.degrees(between: motion.gravity, level) < 0.2)
            } else if motion.timestamp > 14 {
                #expect(MotionTraces.degrees(between: motion.gravity, tilted) < 0.3)
            }
        }
    }

    @Test func needsAnOutputRateOfOneHertz() {
        #expect(throws: MotionError.self) {
            try DeviceMotionPipeline(outputRate: 0.5, hasGyroscope: true, mode: .offline)
        }
        #expect(throws: Never.self) {
            try DeviceMotionPipeline(outputRate: 0.5, hasGyroscope: true, mode: .live)
        }
    }
}

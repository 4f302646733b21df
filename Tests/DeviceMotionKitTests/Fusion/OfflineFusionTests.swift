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

    @Test func aGapEndsAStretchAndBothAreSmoothed() throws {
        // Tilted 30° about x and still, 40 s, a 20 s pause, 40 s more: every output's gravity is the tilt, and
        // the outputs are the causal ones' instants (none are lost at the gap).
        let tilt = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: .pi / 6)
        let gravity = MotionTraces.gravity(for: tilt)
        let samples =
            MotionTraces.still(acceleration: gravity, duration: 40)
            + MotionTraces.still(acceleration: gravity, duration: 40, start: 60)
        let live = try fuse(samples, mode: .live)
        let offline = try fuse(samples, mode: .offline)
        #expect(offline.map(\.timestamp) == live.map(\.timestamp))
        #expect(offline.contains { $0.timestamp > 60 } && offline.contains { $0.timestamp < 40 })
        for motion in offline.filter({ $0.timestamp > 5 }) {
            #expect(MotionTraces.degrees(between: motion.gravity, gravity) < 0.01)
        }
    }

    @Test func withoutAGyroscopeTheAttitudeStaysRollAndPitch() throws {
        // Accelerometer only, tilted 20° about y and still with noise: gravity matches the tilt and yaw stays 0.
        let tilt = Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: 20 * .pi / 180)
        let gravity = MotionTraces.gravity(for: tilt)
        var noise = SeededNoise(seed: 7)
        let samples = MotionTraces.still(acceleration: gravity, rotationRate: nil, duration: 30).map {
            IMUSample(
                timestamp: $0.timestamp, acceleration: $0.acceleration + noise.vector(amplitude: 0.02), rotationRate: nil)
        }
        let offline = try fuse(samples, mode: .offline, hasGyroscope: false)
        #expect(offline.count >= 740)
        for motion in offline.filter({ $0.timestamp > 2 }) {
            #expect(MotionTraces.degrees(between: motion.gravity, gravity) < 0.5)
            #expect(abs(motion.attitude.yaw) < 1e-9)
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

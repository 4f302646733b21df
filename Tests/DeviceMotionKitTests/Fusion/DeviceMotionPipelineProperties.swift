import DeviceMotionKit
import MotionSamples
import PropertyBased
import Testing

/// Properties of the fusion pipeline over generated IMU streams: the attitude is a unit quaternion and gravity a
/// unit vector whatever the (finite) readings, and a device held still reads `raw == gravity + userAcceleration`.
@Suite("DeviceMotionPipeline properties")
struct DeviceMotionPipelineProperties {
    /// Finite readings up to ±64 g and ±100 rad/s: beyond any IMU's full scale (±16 g, ±35 rad/s).
    static let vectors = zip(Gen.double(in: -64...64), Gen.double(in: -64...64), Gen.double(in: -64...64)).map {
        Vector3(x: $0, y: $1, z: $2)
    }
    static let rotationRates = zip(Gen.double(in: -100...100), Gen.double(in: -100...100), Gen.double(in: -100...100)).map {
        Vector3(x: $0, y: $1, z: $2)
    }

    /// Runs `samples` at `rate` Hz through a pipeline to `outputRate` Hz.
    private func fused(_ samples: [IMUSample], outputRate: Double) throws -> [DeviceMotion] {
        var pipeline = try DeviceMotionPipeline(outputRate: outputRate, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        return motions
    }

    @Test("Arbitrary finite readings give a unit attitude quaternion and unit gravity")
    func quaternionNorm() async throws {
        await propertyCheck(
            count: 60, input: Gen.double(in: 10...1000), Self.vectors.array(of: 1...40), Self.rotationRates.array(of: 1...40),
            Gen.int(in: 20...400)
        ) { rate, accelerations, rotationRates, count in
            let samples = (0..<count).map { index in
                IMUSample(
                    timestamp: Double(index) / rate, acceleration: accelerations[index % accelerations.count],
                    rotationRate: rotationRates[index % rotationRates.count])
            }
            let motions = try fused(samples, outputRate: min(rate, 100))
            #expect(!motions.isEmpty)
            for motion in motions {
                #expect(
                    abs(motion.attitude.quaternion.norm - 1) < 1e-9, "|q| = \(motion.attitude.quaternion.norm) at \(motion.timestamp) s")
                #expect(abs(motion.gravity.norm - 1) < 1e-9)
            }
        }
    }

    @Test("A device held still in any pose, once the filter has settled, reads raw == gravity + userAcceleration")
    func rawIsGravityPlusUserAcceleration() async throws {
        let directions = Self.vectors.map { $0.norm > 1e-3 ? $0 : Vector3(x: 0, y: 0, z: -1) }
        await propertyCheck(count: 40, input: Gen.double(in: 10...200), directions, Gen.double(in: 0.05...16)) {
            rate, direction, magnitude in
            let raw = direction * (magnitude / direction.norm)
            // 30 s from t = 100 s: user acceleration is low-passed while gravity is sampled, so they add up to the
            // reading exactly once gravity stops moving; the last 10 s are checked.
            let samples = (0..<Int(30 * rate)).map { IMUSample(timestamp: 100 + Double($0) / rate, acceleration: raw, rotationRate: .zero) }
            let motions = try fused(samples, outputRate: min(rate, 100)).filter { $0.timestamp >= 120 }
            #expect(!motions.isEmpty)
            for motion in motions {
                let error = (motion.gravity + motion.userAcceleration - raw).norm
                #expect(error < 1e-6 * max(1, magnitude), "raw \(raw), gravity + user off by \(error) g at \(motion.timestamp) s")
            }
        }
    }
}

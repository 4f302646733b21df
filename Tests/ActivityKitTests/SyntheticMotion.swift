import ActivityKit
import DeviceMotionKit
import Foundation
import MotionSamples

/// Builds deterministic synthetic device-motion sessions for the tests.
enum SyntheticMotion {
    /// A motion estimate with the given parts and an identity attitude.
    static func motion(
        at timestamp: Double, user: Vector3 = .zero, gravity: Vector3 = Vector3(x: 0, y: 0, z: -1), rotation: Vector3 = .zero
    ) -> DeviceMotion {
        DeviceMotion(
            timestamp: timestamp, attitude: Attitude(quaternion: .identity), rotationRate: rotation, gravity: gravity,
            userAcceleration: user)
    }

    /// `count` samples at `rate` Hz: a sine of `frequency` Hz and `amplitude` g on user acceleration z plus seeded noise, held with `gravity`.
    static func samples(count: Int, rate: Double, frequency: Double, amplitude: Double, gravity: Vector3, seed: UInt64) -> [DeviceMotion] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let time = Double(index) / rate
            let noise = Vector3(
                x: Double.random(in: -0.02...0.02, using: &generator), y: Double.random(in: -0.02...0.02, using: &generator), z: 0)
            let user = Vector3(x: 0, y: 0, z: amplitude * sin(2 * Double.pi * frequency * time)) + noise
            return motion(at: time, user: user, gravity: gravity, rotation: noise * 3)
        }
    }

    /// Sessions of three easily separated activities for `subjects` subjects, 25 Hz.
    static func sessions(subjects: Int) -> [LabelledSession] {
        var sessions: [LabelledSession] = []
        for subject in 0..<subjects {
            let seed = UInt64(subject * 10)
            sessions.append(
                LabelledSession(
                    label: "lying", group: "s\(subject)", name: "lying-\(subject)",
                    motions: samples(count: 400, rate: 25, frequency: 1, amplitude: 0.01, gravity: Vector3(x: 0, y: 0, z: -1), seed: seed),
                    sampleRate: 25))
            sessions.append(
                LabelledSession(
                    label: "upright", group: "s\(subject)", name: "upright-\(subject)",
                    motions: samples(
                        count: 400, rate: 25, frequency: 1, amplitude: 0.01, gravity: Vector3(x: 0, y: -1, z: 0), seed: seed + 1),
                    sampleRate: 25))
            sessions.append(
                LabelledSession(
                    label: "walking", group: "s\(subject)", name: "walking-\(subject)",
                    motions: samples(
                        count: 400, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: seed + 2),
                    sampleRate: 25))
        }
        return sessions
    }

    /// A quickly trained model of two subjects' ``sessions(subjects:)``: `rounds` rounds, leaves of at least 3 windows.
    static func model(
        rounds: Int, configuration: WindowConfiguration, featureSet: FeatureSet = .all
    ) throws -> ActivityModel {
        var parameters = GradientBoostingParameters()
        parameters.rounds = rounds
        parameters.minimumLeafSize = 3
        let dataset = try WindowedDataset(sessions: sessions(subjects: 2), configuration: configuration, featureSet: featureSet)
        return try ActivityTrainer(parameters: parameters).train(dataset: dataset, dataDescription: "synthetic")
    }
}

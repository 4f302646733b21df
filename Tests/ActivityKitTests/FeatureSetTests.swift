import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

@testable import ActivityKit

@Suite struct FeatureSetTests {
    /// A walking-like window: user acceleration and rotation on every axis, gravity tilted.
    static let window: [DeviceMotion] = (0..<100).map { index in
        let time = Double(index) / 25
        let phase = 2 * Double.pi * 1.8 * time
        return SyntheticMotion.motion(
            at: time, user: Vector3(x: 0.2 * sin(phase), y: 0.05 * cos(2 * phase), z: 0.3 * sin(phase + 1)),
            gravity: Vector3(x: 0.2, y: -0.96, z: 0.2) * (1 / Vector3(x: 0.2, y: -0.96, z: 0.2).norm),
            rotation: Vector3(x: 0.8 * cos(phase), y: 0.3 * sin(phase), z: 0.1))
    }

    /// `vector` turned 0.7 rad about z, then 0.4 rad about x: a device turned in a pocket.
    static func turned(_ vector: Vector3) -> Vector3 {
        let (c1, s1, c2, s2) = (cos(0.7), sin(0.7), cos(0.4), sin(0.4))
        let aboutZ = Vector3(x: c1 * vector.x - s1 * vector.y, y: s1 * vector.x + c1 * vector.y, z: vector.z)
        return Vector3(x: aboutZ.x, y: c2 * aboutZ.y - s2 * aboutZ.z, z: s2 * aboutZ.y + c2 * aboutZ.z)
    }

    @Test("without the movement axes: the full set's names and values, less the device-axis channels and correlations")
    func withoutMovementAxesIsTheFullSetLessTheAxes() throws {
        let all = FeatureExtractor(configuration: .standard)
        let reduced = FeatureExtractor(configuration: .standard, featureSet: .withoutMovementAxes)
        let axes = [
            "userAccelerationX.", "userAccelerationY.", "userAccelerationZ.", "rotationRateX.", "rotationRateY.",
            "rotationRateZ.", "correlation.userAcceleration", "correlation.rotationRate",
        ]
        #expect(reduced.featureNames == all.featureNames.filter { name in !axes.contains { name.hasPrefix($0) } })
        #expect(all.featureNames.count == 325 && reduced.featureNames.count == 157)
        let full = all.features(of: Self.window)
        let values = reduced.features(of: Self.window)
        for (index, name) in reduced.featureNames.enumerated() {
            let fullIndex = try #require(all.featureNames.firstIndex(of: name))
            #expect(values[index] == full[fullIndex], "\(name)")
        }
    }

    @Test("without the movement axes, turning the device changes only the posture features")
    func withoutMovementAxesOnlyPostureTurns() {
        let extractor = FeatureExtractor(configuration: .standard, featureSet: .withoutMovementAxes)
        let turnedWindow = Self.window.map { motion in
            SyntheticMotion.motion(
                at: motion.timestamp, user: Self.turned(motion.userAcceleration), gravity: Self.turned(motion.gravity),
                rotation: Self.turned(motion.rotationRate))
        }
        let before = extractor.features(of: Self.window)
        let after = extractor.features(of: turnedWindow)
        for (index, name) in extractor.featureNames.enumerated() where !name.hasPrefix("gravity") {
            #expect(abs(before[index] - after[index]) <= 1e-9 * max(1, abs(before[index])), "\(name)")
        }
        let gravityX = extractor.featureNames.firstIndex(of: "gravityX.mean")!
        #expect(abs(before[gravityX] - after[gravityX]) > 0.1)
        // With the axes, the same turn moves the movement's features too.
        let all = FeatureExtractor(configuration: .standard)
        let stdX = all.featureNames.firstIndex(of: "userAccelerationX.std")!
        #expect(abs(all.features(of: Self.window)[stdX] - all.features(of: turnedWindow)[stdX]) > 0.01)
    }

    @Test func aSetIsRecognisedByItsNamesAndNothingElse() {
        for set in FeatureSet.allCases { #expect(FeatureSet(featureNames: set.featureNames) == set) }
        #expect(FeatureSet(featureNames: Array(FeatureSet.all.featureNames.dropLast())) == nil)
        #expect(FeatureSet(featureNames: FeatureSet.withoutMovementAxes.featureNames.reversed()) == nil)
        #expect(FeatureSet(featureNames: []) == nil)
    }
}

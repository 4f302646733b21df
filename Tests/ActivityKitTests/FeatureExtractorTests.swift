import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

@testable import ActivityKit

@Suite struct FeatureExtractorTests {
    let extractor = FeatureExtractor(configuration: .standard)

    func value(_ name: String, in features: [Double]) throws -> Double {
        let index = try #require(extractor.featureNames.firstIndex(of: name))
        return features[index]
    }

    @Test func featureCountMatchesNames() {
        let window = SyntheticMotion.samples(
            count: 100, rate: 25, frequency: 2, amplitude: 0.5, gravity: Vector3(x: 0, y: 0, z: -1), seed: 3)
        #expect(extractor.features(of: window).count == extractor.featureNames.count)
        #expect(Set(extractor.featureNames).count == extractor.featureNames.count)
    }

    @Test func sineHasItsDominantFrequency() throws {
        let window = (0..<100).map { index -> DeviceMotion in
            let phase: Double = 2 * Double.pi * 2 * Double(index) / 25
            return SyntheticMotion.motion(at: Double(index) / 25, user: Vector3(x: 0, y: 0, z: 0.5 * sin(phase)))
        }
        let features = extractor.features(of: window)
        #expect(try value("userAccelerationZ.dominantFrequency", in: features) == 2)
        #expect(abs(try value("userAccelerationZ.std", in: features) - 0.5 / 2.squareRoot()) < 1e-3)
        #expect(abs(try value("userAccelerationZ.max", in: features) - 0.5) < 0.01)
        // The Hann taper spreads a bin-centred tone over bins 7, 8, 9 (1.75, 2, 2.25 Hz) in powers 1 : 4 : 1.
        #expect(abs(try value("userAccelerationZ.band2", in: features) - 5.0 / 6) < 1e-9)
        #expect(abs(try value("userAccelerationZ.band1", in: features) - 1.0 / 6) < 1e-9)
    }

    @Test func constantSignalHasNoSpreadAndKeepsItsLevel() throws {
        let window = (0..<100).map { SyntheticMotion.motion(at: Double($0) / 25, user: Vector3(x: 0.3, y: 0, z: 0)) }
        let features = extractor.features(of: window)
        #expect(try value("userAccelerationX.std", in: features) < 1e-15)
        #expect(try value("userAccelerationX.iqr", in: features) == 0)
        #expect(abs(try value("userAccelerationX.mean", in: features) - 0.3) < 1e-12)
        #expect(try value("userAccelerationX.meanCrossingRate", in: features) == 0)
        #expect(try value("userAccelerationX.jerkMeanAbs", in: features) == 0)
        #expect(try value("correlation.userAccelerationXY", in: features) == 0)
        #expect(features.allSatisfy { $0.isFinite })
    }

    @Test func verticalUserAccelerationIsIndependentOfHolding() throws {
        let flat = (0..<100).map {
            SyntheticMotion.motion(at: Double($0) / 25, user: Vector3(x: 0, y: 0, z: 0.2), gravity: Vector3(x: 0, y: 0, z: -1))
        }
        let upright = (0..<100).map {
            SyntheticMotion.motion(at: Double($0) / 25, user: Vector3(x: 0, y: 0.2, z: 0), gravity: Vector3(x: 0, y: -1, z: 0))
        }
        #expect(abs(try value("userAccelerationVertical.mean", in: extractor.features(of: flat)) - 0.2) < 1e-12)
        #expect(abs(try value("userAccelerationVertical.mean", in: extractor.features(of: upright)) - 0.2) < 1e-12)
    }

    @Test func postureShowsInGravityMeans() throws {
        let upright = (0..<100).map { SyntheticMotion.motion(at: Double($0) / 25, gravity: Vector3(x: 0, y: -1, z: 0)) }
        #expect(try value("gravityY.mean", in: extractor.features(of: upright)) == -1)
    }

    @Test func percentilesInterpolate() {
        #expect(FeatureExtractor.percentile([1, 2, 3, 4, 5], 0.5) == 3)
        #expect(FeatureExtractor.percentile([0, 10], 0.25) == 2.5)
    }
}

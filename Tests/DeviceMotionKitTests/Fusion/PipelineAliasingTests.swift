import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// The whole pipeline's 25 Hz output has no room for a 40 Hz vibration: it must be removed, not folded to 10 Hz.
@Suite struct PipelineAliasingTests {
    @Test(arguments: [2000.0 / 7, 833])
    func fortyHertzVibrationDoesNotAliasIntoTwentyFiveHertzOutput(inputRate: Double) throws {
        // Face up on a machine vibrating at 40 Hz: ±0.3 g along z, ±0.2 g along x, ±0.5 rad/s about y.
        let samples = (0..<Int(6 * inputRate)).map { index -> IMUSample in
            let time = Double(index) / inputRate
            let vibration = sin(2 * .pi * 40 * time + 0.3)
            return IMUSample(
                timestamp: time, acceleration: Vector3(x: 0.2 * vibration, y: 0, z: -1 + 0.3 * vibration),
                rotationRate: Vector3(x: 0, y: 0.5 * vibration, z: 0))
        }
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        let settled = motions.filter { $0.timestamp > 1 && $0.timestamp < 5 }
        try #require(settled.count == 99)
        // 40 dB below the vibration or better (folded, it would reach the full amplitude at 10 Hz).
        #expect(settled.map(\.userAcceleration.norm).max()! < 0.003)
        #expect(settled.map(\.rotationRate.norm).max()! < 0.005)
        #expect(settled.map { MotionTraces.degrees(between: $0.gravity, Vector3(x: 0, y: 0, z: -1)) }.max()! < 0.5)
    }
}

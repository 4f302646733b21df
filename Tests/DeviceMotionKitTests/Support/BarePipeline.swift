import DeviceMotionKit
import MotionSamples

/// Fusion through a bare `DeviceMotionPipeline`: what the tests hold other paths to (the manager, turned readings).
enum BarePipeline {
    /// `samples` (with a gyroscope) fused to 25 Hz device motion, to the end of the input.
    static func fuse(_ samples: [IMUSample]) throws -> [DeviceMotion] {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        return motions
    }
}

import DeviceMotionKit
import MotionSamples

/// Keeps a fusion pipeline fed from a file from buffering without end: a pipeline holds readings until it has
/// measured a sensor rate in ``DeviceMotionPipeline/sensorRateRange`` from their timestamps, so a file whose
/// timestamps never give one (nanoseconds or milliseconds taken for seconds, every timestamp equal) is refused
/// after ``readingLimit`` readings instead of filling memory. Pipelines checked this way are created without the
/// nominal-rate hint, so that an unmeasured rate shows as `inputRate == nil`.
package struct PipelineRateGuard {
    /// Readings fed before a pipeline must have measured its rate (it needs 16 aligned ones).
    package static let readingLimit = 4096

    /// The input, for the message.
    package let source: String
    private var fed = 0

    /// A guard for the pipeline fed from `source`.
    package init(source: String) {
        self.source = source
    }

    /// Counts `count` more readings fed to `pipeline`; the reason to refuse the input once the limit has passed
    /// without a measured rate, else `nil`.
    package mutating func check(_ pipeline: DeviceMotionPipeline, fed count: Int) -> String? {
        fed += count
        guard pipeline.inputRate == nil, fed >= Self.readingLimit else { return nil }
        return reason
    }

    /// The reason to refuse the input when the whole of it gave no rate, else `nil`.
    package func checkFinished(_ pipeline: DeviceMotionPipeline) -> String? {
        pipeline.inputRate == nil && fed > 0 ? reason : nil
    }

    private var reason: String {
        let range = DeviceMotionPipeline.sensorRateRange
        return "the timestamps of \(source) do not give a sensor rate within \(range.lowerBound.messageText)..."
            + "\(range.upperBound.messageText) Hz (too close together, too far apart, or all equal); "
            + "timestamps must be seconds"
    }
}

import ActivityKit
import DeviceMotionKit

/// Device motion in, activity verdicts out: streaming classifier, tracker and printer, with live model reload.
struct ClassificationPipeline: Sendable {
    /// Supplies the model and its reloads.
    let modelSource: ModelSource
    /// Smoothing and thresholding state at the start.
    let tracker: ActivityTracker
    /// Where verdicts go.
    let output: PredictionPrinter

    /// Classifies `motions` until the stream ends; returns how many windows were classified.
    func run(motions: AsyncThrowingStream<DeviceMotion, any Error>) async throws -> Int {
        var classifier = StreamingActivityClassifier(model: modelSource.current)
        var tracker = tracker
        var windows = 0
        for try await motion in motions {
            guard let window = classifier.process(motion) else { continue }
            windows += 1
            try output.print(tracker.update(window))
            modelSource.reloadIfNeeded(into: &classifier)
        }
        return windows
    }
}

import ActivityKit
import DeviceMotionKit
import MotionPublishing

/// Device motion in, activity verdicts out: streaming classifier, tracker and printer, with live model reload.
struct ClassificationPipeline: Sendable {
    /// Supplies the model and its reloads.
    let modelSource: ModelSource
    /// Smoothing and thresholding state at the start.
    let tracker: ActivityTracker
    /// Where verdicts go.
    let output: PredictionPrinter
    /// Where verdicts and device motion are published too (`--mqtt`), if anywhere.
    var publisher: ClassificationPublisher? = nil

    /// The running state: classifier, tracker and the count of windows classified.
    struct Run {
        fileprivate var classifier: StreamingActivityClassifier
        fileprivate var tracker: ActivityTracker
        fileprivate var motionThrottle: MotionThrottle?
        /// Windows classified so far.
        fileprivate(set) var windows = 0
    }

    /// The state before the first motion.
    func start() -> Run {
        Run(
            classifier: StreamingActivityClassifier(model: modelSource.current), tracker: tracker,
            motionThrottle: publisher?.motionRate.map(MotionThrottle.init(rate:)))
    }

    /// Classifies one motion: prints a verdict when it completes a window, and picks up a changed model.
    func process(_ motion: DeviceMotion, in run: inout Run) throws {
        try publisher?.publish(motion, throttle: &run.motionThrottle)
        guard let window = run.classifier.process(motion) else { return }
        run.windows += 1
        let update = run.tracker.update(window)
        try output.print(update)
        try publisher?.publish(update)
        modelSource.reloadIfNeeded(into: &run.classifier)
    }

    /// Classifies `motions` until the stream ends; returns how many windows were classified.
    func run(motions: AsyncThrowingStream<DeviceMotion, any Error>) async throws -> Int {
        var run = start()
        for try await motion in motions { try process(motion, in: &run) }
        return run.windows
    }
}

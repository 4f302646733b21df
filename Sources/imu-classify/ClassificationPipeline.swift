import ActivityKit
import DeviceMotionKit
import MotionActivityKit
import MotionPublishing

/// Device motion in, activity verdicts out: streaming classifier, tracker, printer and history, with live model
/// reload.
struct ClassificationPipeline: Sendable {
    /// Supplies the models and their reloads.
    let modelSource: ModelSource
    /// Samples between predictions, or nil for the first model's hop.
    let hop: Int?
    /// Smoothing and thresholding state at the start.
    let tracker: ActivityTracker
    /// Where verdicts go.
    var output: PredictionPrinter
    /// Where the activity history is kept; nil without one.
    let history: ActivityHistorySink?
    /// Where verdicts and device motion are published too (`--mqtt`), if anywhere.
    var publisher: ClassificationPublisher? = nil

    /// The running state: classifier, tracker, step counting (with a history) and the count of windows classified.
    struct Run {
        fileprivate var classifier: StreamingActivityClassifier
        fileprivate var tracker: ActivityTracker
        fileprivate var steps: StepDetector?
        fileprivate var cadence: StepCadence
        fileprivate var motionThrottle: MotionThrottle?
        /// Windows classified so far.
        fileprivate(set) var windows = 0
    }

    /// The state before the first motion.
    func start() throws(ActivityError) -> Run {
        let classifier = try StreamingActivityClassifier(models: modelSource.current, hop: hop)
        let window = classifier.model.window
        // Steps are counted only for the history (a model rate outside the detector's 5...1000 Hz counts none).
        return Run(
            classifier: classifier, tracker: tracker,
            steps: history == nil ? nil : try? StepDetector(sampleRate: window.sampleRate),
            cadence: StepCadence(span: window.duration),
            motionThrottle: publisher?.motionRate.map(MotionThrottle.init(rate:)))
    }

    /// Classifies one motion: counts its steps, prints a verdict when it completes a window, and picks up a changed
    /// model.
    func process(_ motion: DeviceMotion, in run: inout Run) throws {
        if let history, run.steps != nil {
            var cadence = run.cadence
            run.steps?.process(motion) { timestamp in
                cadence.step(at: timestamp)
                history.recordStep(at: timestamp)
            }
            run.cadence = cadence
        }
        try history?.advance(to: motion.timestamp)
        try publisher?.publish(motion, throttle: &run.motionThrottle)
        guard let window = run.classifier.process(motion) else { return }
        run.windows += 1
        let update = run.tracker.update(window)
        try output.print(update)
        history?.record(update, cadence: run.steps == nil ? nil : run.cadence.cadence(at: update.timestamp))
        try publisher?.publish(update)
        modelSource.reloadIfNeeded(into: &run.classifier)
    }

    /// Classifies `motions` until the stream ends; returns how many windows were classified.
    func run(motions: AsyncThrowingStream<DeviceMotion, any Error>) async throws -> Int {
        var run = try start()
        for try await motion in motions { try process(motion, in: &run) }
        return run.windows
    }
}

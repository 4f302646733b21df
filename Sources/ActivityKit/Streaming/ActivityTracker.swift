/// Turns per-window predictions into a stable activity: averages the last few windows, says `unknown` below a
/// confidence threshold, and notes when the activity changes.
public struct ActivityTracker: Sendable {
    /// The label reported when the smoothed confidence is below the threshold.
    public static let unknown = "unknown"

    /// The tracker's verdict after one window.
    public struct Update: Sendable, Hashable {
        /// Timestamp of the window's newest sample.
        public let timestamp: Double
        /// The smoothed activity, or ``ActivityTracker/unknown``.
        public let activity: String
        /// Smoothed probability of the most probable activity.
        public let confidence: Double
        /// Activity names, in the model's class order.
        public let classNames: [String]
        /// Smoothed probability of every activity, in the order of ``classNames``.
        public let probabilities: [Double]
        /// Whether the activity differs from the previous window's.
        public let changed: Bool
        /// Timestamp since which the current activity has held.
        public let since: Double

        /// Creates a verdict (the tracker makes them; replayed or synthetic verdicts for the layers above).
        public init(
            timestamp: Double, activity: String, confidence: Double, classNames: [String], probabilities: [Double],
            changed: Bool, since: Double
        ) {
            self.timestamp = timestamp
            self.activity = activity
            self.confidence = confidence
            self.classNames = classNames
            self.probabilities = probabilities
            self.changed = changed
            self.since = since
        }
    }

    /// Minimum smoothed probability for naming an activity.
    public let threshold: Double
    /// Number of consecutive windows averaged.
    public let smoothing: Int
    private var recent: [ActivityPrediction] = []
    private var current: (activity: String, since: Double)?

    /// Creates a tracker; `smoothing` is clamped to at least 1.
    public init(threshold: Double = 0.9, smoothing: Int = 3) {
        self.threshold = threshold
        self.smoothing = max(1, smoothing)
    }

    /// Folds in the next window's prediction.
    public mutating func update(_ window: StreamingActivityClassifier.WindowPrediction) -> Update {
        if let last = recent.last, last.classNames != window.prediction.classNames { recent.removeAll() }
        recent.append(window.prediction)
        if recent.count > smoothing { recent.removeFirst(recent.count - smoothing) }
        let classNames = window.prediction.classNames
        let averaged = classNames.indices.map { index in recent.reduce(0) { $0 + $1.probabilities[index] } / Double(recent.count) }
        let smoothed = ActivityPrediction(classNames: classNames, probabilities: averaged)
        let activity = smoothed.confidence >= threshold ? smoothed.activity : Self.unknown
        let changed = current?.activity != activity
        if changed { current = (activity, window.timestamp) }
        return Update(
            timestamp: window.timestamp, activity: activity, confidence: smoothed.confidence,
            classNames: classNames, probabilities: averaged, changed: changed,
            since: current?.since ?? window.timestamp
        )
    }
}

import DeviceMotionKit

/// Classifies a live or replayed `DeviceMotion` stream: one prediction per hop, computed from the ring buffer in place.
public struct StreamingActivityClassifier: Sendable {
    /// One window's prediction, stamped with the time of the window's newest sample.
    public struct WindowPrediction: Sendable, Hashable {
        /// Timestamp of the newest sample in the window, in seconds.
        public let timestamp: Double
        /// The classifier's output.
        public let prediction: ActivityPrediction
    }

    /// The model in use.
    public private(set) var model: ActivityModel
    private var extractor: FeatureExtractor
    private var window: SlidingWindow<DeviceMotion>
    private var lastTimestamp: Double?

    /// Gaps longer than this many sample periods restart the window, so no window spans a hole in the stream.
    public static let gapTolerance = 2.5

    /// Samples between predictions: the model's hop unless the classifier was given another.
    public var hop: Int { window.configuration.hop }

    /// Creates a classifier for `model`, cutting windows the way the model was trained.
    public init(model: ActivityModel) {
        self.init(model: model, windows: model.window)
    }

    /// Creates a classifier for `model` that cuts the model's windows every `hop` samples: a hop shorter than the
    /// model's predicts more often from windows of the same size.
    ///
    /// - Throws: ``ActivityError/invalidWindow(_:)`` unless `hop` is within 1...the window size.
    public init(model: ActivityModel, hop: Int) throws(ActivityError) {
        let trained = model.window
        self.init(
            model: model, windows: try WindowConfiguration(size: trained.size, hop: hop, sampleRate: trained.sampleRate))
    }

    private init(model: ActivityModel, windows: WindowConfiguration) {
        self.model = model
        extractor = FeatureExtractor(configuration: model.window, featureSet: model.featureSet)
        window = SlidingWindow(configuration: windows)
    }

    /// Switches to `newModel`, keeping the buffered samples (and computing the new model's features from them when
    /// its ``FeatureSet`` differs); refuses (and keeps the model in use) a model whose windows differ, since the
    /// running stream stays at the rate and window shape it was started with.
    ///
    /// - Throws: ``ActivityError/windowMismatch(running:found:)`` unless the rate, size and hop are the same.
    public mutating func replaceModel(with newModel: ActivityModel) throws(ActivityError) {
        guard newModel.window == model.window else { throw .windowMismatch(running: model.window, found: newModel.window) }
        if newModel.featureSet != extractor.featureSet {
            extractor = FeatureExtractor(configuration: newModel.window, featureSet: newModel.featureSet)
        }
        model = newModel
    }

    /// Adds one estimate; returns a prediction when it completes a window.
    public mutating func process(_ motion: DeviceMotion) -> WindowPrediction? {
        if let lastTimestamp,
            motion.timestamp - lastTimestamp > Self.gapTolerance / model.window.sampleRate || motion.timestamp < lastTimestamp
        {
            window.reset()
        }
        lastTimestamp = motion.timestamp
        guard window.append(motion) else { return nil }
        let features = extractor.features(of: window.contents)
        return WindowPrediction(timestamp: motion.timestamp, prediction: model.predict(features: features))
    }
}

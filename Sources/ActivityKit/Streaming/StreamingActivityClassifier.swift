import DeviceMotionKit

/// Classifies a live or replayed `DeviceMotion` stream: one prediction per hop, computed from the ring buffer in place.
///
/// Given several models (of different window lengths, say 4 s and 2 s), the ring holds the longest window and the
/// models are scored as a ``ModelEnsemble``: each on its own window ending at the same sample, probabilities averaged.
public struct StreamingActivityClassifier: Sendable {
    /// One window's prediction, stamped with the time of the window's newest sample.
    public struct WindowPrediction: Sendable, Hashable {
        /// Timestamp of the newest sample in the window, in seconds.
        public let timestamp: Double
        /// The classifier's output.
        public let prediction: ActivityPrediction
    }

    /// The models in use.
    public private(set) var ensemble: ModelEnsemble
    private var window: SlidingWindow<DeviceMotion>
    private var lastTimestamp: Double?

    /// Gaps longer than this many sample periods restart the window, so no window spans a hole in the stream.
    public static let gapTolerance = 2.5

    /// Samples between predictions: the first model's hop unless the classifier was given another.
    public var hop: Int { window.configuration.hop }

    /// How the stream is cut: the longest model window, every ``hop`` samples, at the models' rate.
    public var windows: WindowConfiguration { window.configuration }

    /// The first model in use.
    public var model: ActivityModel { ensemble.models[0] }

    /// Creates a classifier for `model`, cutting windows the way the model was trained.
    public init(model: ActivityModel) {
        self.init(ensemble: ModelEnsemble(single: model), windows: model.window)
    }

    /// Creates a classifier for `model` that cuts the model's windows every `hop` samples: a hop shorter than the
    /// model's predicts more often from windows of the same size.
    ///
    /// - Throws: ``ActivityError/invalidWindow(_:)`` unless `hop` is within 1...the window size.
    public init(model: ActivityModel, hop: Int) throws(ActivityError) {
        try self.init(models: [model], hop: hop)
    }

    /// Creates a classifier averaging `models`, predicting every `hop` samples (default: the first model's hop) once
    /// the longest window is full.
    ///
    /// - Throws: ``ActivityError/modelsDoNotGoTogether(_:)`` for models that cannot be averaged (see ``ModelEnsemble``),
    ///   ``ActivityError/invalidWindow(_:)`` unless `hop` is within 1...the longest window.
    public init(models: [ActivityModel], hop: Int? = nil) throws(ActivityError) {
        let ensemble = try ModelEnsemble(models)
        self.init(ensemble: ensemble, windows: try ensemble.windows(hop: hop))
    }

    private init(ensemble: ModelEnsemble, windows: WindowConfiguration) {
        self.ensemble = ensemble
        window = SlidingWindow(configuration: windows)
    }

    /// Switches to `newModel`, keeping the buffered samples (and computing the new model's features from them when
    /// its ``FeatureSet`` differs); refuses (and keeps the model in use) a model whose windows differ, since the
    /// running stream stays at the rate and window shape it was started with.
    ///
    /// - Throws: ``ActivityError/windowMismatch(running:found:)`` unless the rate, size and hop are the same.
    public mutating func replaceModel(with newModel: ActivityModel) throws(ActivityError) {
        try replaceModels(with: [newModel])
    }

    /// Switches to `newModels`, one for each model in use with the same windows, keeping the buffered samples; refuses
    /// them all (and keeps the models in use) otherwise (see ``ModelEnsemble/replace(with:)``).
    public mutating func replaceModels(with newModels: [ActivityModel]) throws(ActivityError) {
        try ensemble.replace(with: newModels)
    }

    /// Adds one estimate; returns a prediction when it completes a window.
    public mutating func process(_ motion: DeviceMotion) -> WindowPrediction? {
        if let lastTimestamp,
            motion.timestamp - lastTimestamp > Self.gapTolerance / window.configuration.sampleRate
                || motion.timestamp < lastTimestamp
        {
            window.reset()
        }
        lastTimestamp = motion.timestamp
        guard window.append(motion) else { return nil }
        return WindowPrediction(timestamp: motion.timestamp, prediction: ensemble.predict(window.contents))
    }
}

import DeviceMotionKit

/// One or more activity models scored together: each on its own window ending at the same sample, their probabilities
/// averaged, so a long window's context joins a short window's quicker view of a change.
public struct ModelEnsemble: Sendable {
    /// The models, the first setting the default hop; they share their activities (in order) and sample rate.
    public private(set) var models: [ActivityModel]
    private var extractors: [FeatureExtractor]

    /// Groups `models`.
    ///
    /// - Throws: ``ActivityError/modelsDoNotGoTogether(_:)`` for no model, or models whose activities (in order) or
    ///   sample rates differ.
    public init(_ models: [ActivityModel]) throws(ActivityError) {
        try Self.checkTogether(models)
        self.models = models
        extractors = models.map { FeatureExtractor(configuration: $0.window, featureSet: $0.featureSet) }
    }

    /// One model alone: nothing to check.
    public init(single model: ActivityModel) {
        models = [model]
        extractors = [FeatureExtractor(configuration: model.window, featureSet: model.featureSet)]
    }

    /// The windows an ensemble of `models` cuts a stream into (see ``windows(hop:)``), checked as ``init(_:)`` checks
    /// them, without making the ensemble.
    public static func windows(of models: [ActivityModel], hop: Int? = nil) throws(ActivityError) -> WindowConfiguration {
        try checkTogether(models)
        let first = models[0].window
        return try WindowConfiguration(
            size: models.map(\.window.size).max() ?? first.size, hop: hop ?? first.hop, sampleRate: first.sampleRate)
    }

    /// Throws ``ActivityError/modelsDoNotGoTogether(_:)`` for no model, or models whose activities (in order) or
    /// sample rates differ.
    private static func checkTogether(_ models: [ActivityModel]) throws(ActivityError) {
        guard let first = models.first else { throw .modelsDoNotGoTogether("no model was given") }
        for other in models.dropFirst() {
            guard other.classNames == first.classNames else {
                throw .modelsDoNotGoTogether(
                    "they must name the same activities in the same order: "
                        + "\(first.classNames.joined(separator: ", ")) against \(other.classNames.joined(separator: ", "))")
            }
            guard other.window.sampleRate == first.window.sampleRate else {
                throw .modelsDoNotGoTogether(
                    "they must share a sample rate: \(first.window.summary) against "
                        + other.window.summary)
            }
        }
    }

    /// The windows to cut a stream into: the longest model window, every `hop` samples (default: the first model's).
    ///
    /// - Throws: ``ActivityError/invalidWindow(_:)`` unless `hop` is within 1...the longest window.
    public func windows(hop: Int? = nil) throws(ActivityError) -> WindowConfiguration {
        try Self.windows(of: models, hop: hop)
    }

    /// The activities every model names, in their order.
    public var classNames: [String] { models[0].classNames }

    /// Scores the newest samples of `window`, which must hold at least the longest model window: each model on its own
    /// window, the probabilities averaged (one model's as they are).
    public func predict(_ window: SlidingWindow<DeviceMotion>.RingView) -> ActivityPrediction {
        guard models.count > 1 else {
            return models[0].predict(features: extractors[0].features(of: window.latest(models[0].window.size)))
        }
        var sum = [Double](repeating: 0, count: classNames.count)
        for (model, extractor) in zip(models, extractors) {
            let probabilities = model.predict(features: extractor.features(of: window.latest(model.window.size)))
                .probabilities
            for index in sum.indices { sum[index] += probabilities[index] }
        }
        let count = Double(models.count)
        return ActivityPrediction(classNames: classNames, probabilities: sum.map { $0 / count })
    }

    /// Switches to `newModels`, one for each model in use with the same windows (rate, size and hop); refuses them all
    /// (and keeps the models in use) otherwise.
    ///
    /// - Throws: ``ActivityError/windowMismatch(running:found:)`` for a model whose windows differ from the one it
    ///   replaces, ``ActivityError/modelsDoNotGoTogether(_:)`` for another number of models or models that cannot be
    ///   averaged.
    public mutating func replace(with newModels: [ActivityModel]) throws(ActivityError) {
        guard newModels.count == models.count else {
            throw .modelsDoNotGoTogether("the \(models.count) models in use need as many replacements, not \(newModels.count)")
        }
        for (running, found) in zip(models, newModels) where found.window != running.window {
            throw .windowMismatch(running: running.window, found: found.window)
        }
        self = try ModelEnsemble(newModels)
    }
}

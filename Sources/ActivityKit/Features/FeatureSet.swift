/// Which of ``FeatureExtractor``'s features a model is computed from.
///
/// A model file does not name its set: its `featureNames` are one set's names, in order, and the set is recognised by
/// them.
public enum FeatureSet: CaseIterable, Sendable {
    /// Every feature: the movement along the device's own axes as well.
    case all
    /// The movement only by its magnitude and its vertical and horizontal parts, which stay the same when the device
    /// turns (in a pocket, say); posture (gravity per device axis) is kept. Subject-disjoint accuracy on MotionSense
    /// (a phone in the pocket) rises by 0.8-1.5 points without the axes, on HAPT (a phone on the waist, mounted one
    /// way) it falls by 0.9-1.3 (Benchmarks/Activity/RESULTS.md).
    case withoutMovementAxes

    /// Whether the set's features read `channel`.
    public func uses(_ channel: MotionChannel) -> Bool { self == .all || !channel.isDeviceAxis }

    /// The movement channels whose statistics and spectra are features, in feature order.
    public var movementChannels: [MotionChannel] { MotionChannel.allCases.filter { !$0.isPosture && uses($0) } }

    /// The channel pairs whose correlation is a feature, in feature order.
    public var correlationPairs: [FeatureExtractor.CorrelationPair] {
        FeatureExtractor.CorrelationPair.allCases.filter { uses($0.channels.0) && uses($0.channels.1) }
    }

    /// The names of the set's features, `channel.feature`, in the order ``FeatureExtractor`` computes them.
    public var featureNames: [String] {
        typealias Extractor = FeatureExtractor
        var names: [String] = []
        for channel in movementChannels {
            names += Extractor.TimeStatistic.allCases.map { "\(channel.rawValue).\($0.rawValue)" }
            names += Extractor.SpectralFeature.allCases.map { "\(channel.rawValue).\($0.rawValue)" }
        }
        for channel in MotionChannel.allCases where channel.isPosture {
            names += Extractor.PostureStatistic.allCases.map { "\(channel.rawValue).\($0.rawValue)" }
        }
        for channel in Extractor.periodicChannels {
            names += Extractor.PeriodicityFeature.allCases.map { "\(channel.rawValue).\($0.rawValue)" }
        }
        return names + correlationPairs.map { "correlation.\($0.rawValue)" }
    }

    /// The set whose ``featureNames`` are `names`, if any.
    public init?(featureNames names: [String]) {
        guard let set = Self.allCases.first(where: { $0.featureNames == names }) else { return nil }
        self = set
    }
}

import DeviceMotionKit

/// Labelled sessions cut into windows and turned into features: the input of training and evaluation.
public struct WindowedDataset: Sendable {
    /// The window configuration used to cut the sessions.
    public let configuration: WindowConfiguration
    /// The features of each window.
    public let featureSet: FeatureSet
    /// One feature row per window.
    public private(set) var features: FeatureMatrix
    /// Activity name of each window.
    public private(set) var labels: [String]
    /// Group (subject) of each window.
    public private(set) var groups: [String]
    /// Number of sessions that contributed at least one window.
    public private(set) var sessionCount: Int
    /// Of those, the sessions that named no subject and are grouped by their session ID instead.
    public private(set) var sessionsWithoutSubject = 0
    /// How the recordings among the sessions were fused into device motion; nil when none was a recording (a dataset
    /// file carries its own device motion) or the sessions came fused.
    public internal(set) var recordingFusion: FusionMode?

    /// Cuts every session into windows of `configuration` and extracts their features of `featureSet` (sessions in
    /// parallel, result in input order).
    public init(
        sessions: [LabelledSession], configuration: WindowConfiguration, featureSet: FeatureSet = .all
    ) throws(ActivityError) {
        for session in sessions where abs(session.sampleRate - configuration.sampleRate) > 1e-6 {
            throw .sampleRateMismatch(session: session.name, expected: configuration.sampleRate, found: session.sampleRate)
        }
        let extractor = FeatureExtractor(configuration: configuration, featureSet: featureSet)
        let columnCount = extractor.featureNames.count
        var perSession = concurrentMap(sessions.count) { index in
            var window = SlidingWindow<DeviceMotion>(configuration: configuration)
            var rows = FeatureMatrix(columnCount: columnCount)
            for motion in sessions[index].motions where window.append(motion) {
                rows.append(row: extractor.features(of: window.contents))
            }
            return rows
        }
        self.configuration = configuration
        self.featureSet = featureSet
        features = FeatureMatrix(columnCount: columnCount)
        labels = []
        groups = []
        sessionCount = 0
        for index in perSession.indices {
            var rows = perSession[index]
            perSession[index] = FeatureMatrix(columnCount: columnCount)
            try append(moving: &rows, label: sessions[index].label, group: sessions[index].group, hasSubject: true)
        }
    }

    /// Adds one session's feature rows, emptying `rows` as they are copied (a session without rows adds nothing).
    mutating func append(moving rows: inout FeatureMatrix, label: String, group: String, hasSubject: Bool) throws(ActivityError) {
        guard rows.rowCount > 0 else { return }
        sessionCount += 1
        if !hasSubject { sessionsWithoutSubject += 1 }
        let count = rows.rowCount
        try features.append(moving: &rows)
        labels += repeatElement(label, count: count)
        groups += repeatElement(group, count: count)
    }

    /// Number of windows.
    public var windowCount: Int { labels.count }

    /// The distinct activity names, sorted.
    public var classNames: [String] { Array(Set(labels)).sorted() }
}

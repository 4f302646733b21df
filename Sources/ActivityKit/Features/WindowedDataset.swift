import DeviceMotionKit

/// Labelled sessions cut into windows and turned into features: the input of training and evaluation.
public struct WindowedDataset: Sendable {
    /// The window configuration used to cut the sessions.
    public let configuration: WindowConfiguration
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

    /// Cuts every session into windows of `configuration` and extracts their features (sessions in parallel, result in input order).
    public init(sessions: [LabelledSession], configuration: WindowConfiguration) throws(ActivityError) {
        for session in sessions where abs(session.sampleRate - configuration.sampleRate) > 1e-6 {
            throw .sampleRateMismatch(session: session.name, expected: configuration.sampleRate, found: session.sampleRate)
        }
        let extractor = FeatureExtractor(configuration: configuration)
        let perSession = concurrentMap(sessions.count) { index in
            var window = SlidingWindow<DeviceMotion>(configuration: configuration)
            var rows: [[Double]] = []
            for motion in sessions[index].motions where window.append(motion) {
                rows.append(extractor.features(of: window.contents))
            }
            return rows
        }
        var matrix = FeatureMatrix(columnCount: extractor.featureNames.count)
        var labels: [String] = []
        var groups: [String] = []
        var sessionCount = 0
        for (index, rows) in perSession.enumerated() where !rows.isEmpty {
            sessionCount += 1
            for row in rows { matrix.append(row: row) }
            labels += Array(repeating: sessions[index].label, count: rows.count)
            groups += Array(repeating: sessions[index].group, count: rows.count)
        }
        self.configuration = configuration
        features = matrix
        self.labels = labels
        self.groups = groups
        self.sessionCount = sessionCount
    }

    /// Adds one session's feature rows (a session without rows adds nothing).
    mutating func append(rows: [[Double]], label: String, group: String, hasSubject: Bool) {
        guard !rows.isEmpty else { return }
        sessionCount += 1
        if !hasSubject { sessionsWithoutSubject += 1 }
        for row in rows { features.append(row: row) }
        labels += Array(repeating: label, count: rows.count)
        groups += Array(repeating: group, count: rows.count)
    }

    /// Number of windows.
    public var windowCount: Int { labels.count }

    /// The distinct activity names, sorted.
    public var classNames: [String] { Array(Set(labels)).sorted() }
}

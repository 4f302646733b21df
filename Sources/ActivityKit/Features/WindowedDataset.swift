import DeviceMotionKit

/// Labelled sessions cut into windows and turned into features: the input of training and evaluation.
public struct WindowedDataset: Sendable {
    /// The window configuration used to cut the sessions.
    public let configuration: WindowConfiguration
    /// The features of each window.
    public let featureSet: FeatureSet
    /// One feature row per window.
    public private(set) var features: FeatureMatrix
    /// Built either way up: one row per window, the window's features as the device turned half a turn about its z
    /// axis would have measured it (``DeviceMotion/turnedHalfAboutZ``), trained on beside ``features`` and never
    /// tested on; nil otherwise.
    public private(set) var turnedFeatures: FeatureMatrix?
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
    /// parallel, result in input order); `eitherWayUp` adds ``turnedFeatures``.
    public init(
        sessions: [LabelledSession], configuration: WindowConfiguration, featureSet: FeatureSet = .all,
        eitherWayUp: Bool = false
    ) throws(ActivityError) {
        for session in sessions where abs(session.sampleRate - configuration.sampleRate) > 1e-6 {
            throw .sampleRateMismatch(session: session.name, expected: configuration.sampleRate, found: session.sampleRate)
        }
        let extractor = FeatureExtractor(configuration: configuration, featureSet: featureSet)
        var perSession = concurrentMap(sessions.count) { index in
            var windows = WindowFeatures(extractor: extractor, configuration: configuration, eitherWayUp: eitherWayUp)
            windows.append(sessions[index].motions)
            return windows
        }
        self.init(configuration: configuration, featureSet: featureSet, eitherWayUp: eitherWayUp)
        for index in perSession.indices {
            var windows = perSession[index]
            perSession[index] = WindowFeatures(extractor: extractor, configuration: configuration, eitherWayUp: false)
            try append(moving: &windows, label: sessions[index].label, group: sessions[index].group, hasSubject: true)
        }
    }

    /// An empty dataset, sessions to be appended.
    init(configuration: WindowConfiguration, featureSet: FeatureSet, eitherWayUp: Bool) {
        let columnCount = featureSet.featureNames.count
        self.configuration = configuration
        self.featureSet = featureSet
        features = FeatureMatrix(columnCount: columnCount)
        turnedFeatures = eitherWayUp ? FeatureMatrix(columnCount: columnCount) : nil
        labels = []
        groups = []
        sessionCount = 0
    }

    /// Adds one session's windows, emptying `windows` as they are copied (a session without windows adds nothing).
    mutating func append(moving windows: inout WindowFeatures, label: String, group: String, hasSubject: Bool)
        throws(ActivityError)
    {
        guard windows.rows.rowCount > 0 else { return }
        sessionCount += 1
        if !hasSubject { sessionsWithoutSubject += 1 }
        let count = windows.rows.rowCount
        try features.append(moving: &windows.rows)
        precondition((turnedFeatures == nil) == (windows.turnedRows == nil), "WindowedDataset: either way up or not")
        if var turned = windows.turnedRows.take() { try turnedFeatures?.append(moving: &turned) }
        labels += repeatElement(label, count: count)
        groups += repeatElement(group, count: count)
    }

    /// The feature rows a model learns from for the windows `windows`: theirs, then (built either way up) their
    /// turned copies in the same order.
    public func trainingMatrix(windows: [Int]) throws(ActivityError) -> FeatureMatrix {
        var matrix = try features.selecting(rows: windows)
        if var turned = try turnedFeatures?.selecting(rows: windows) { try matrix.append(moving: &turned) }
        return matrix
    }

    /// The feature rows a model learns from for every window: ``features``, then (built either way up)
    /// ``turnedFeatures``.
    public func trainingMatrix() throws(ActivityError) -> FeatureMatrix {
        turnedFeatures == nil ? features : try trainingMatrix(windows: Array(0..<windowCount))
    }

    /// The class of every row of ``trainingMatrix(windows:)``, given each window's class in `classes`.
    public func trainingClasses(windows: [Int], classes: [Int]) -> [Int] {
        let own = windows.map { classes[$0] }
        return turnedFeatures == nil ? own : own + own
    }

    /// Number of windows.
    public var windowCount: Int { labels.count }

    /// The distinct activity names, sorted.
    public var classNames: [String] { Array(Set(labels)).sorted() }
}

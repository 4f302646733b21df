import DeviceMotionKit

/// One session's windows as its motion arrives: every window's features and, either way up, those of the same window
/// with the device turned half a turn about its z axis.
struct WindowFeatures: Sendable {
    /// Computes each window's features.
    private let extractor: FeatureExtractor
    /// The motion of the window being filled.
    private var window: SlidingWindow<DeviceMotion>
    /// The same motion turned, filled only either way up.
    private var turnedWindow: SlidingWindow<DeviceMotion>
    /// The features of every complete window.
    var rows: FeatureMatrix
    /// The features of every complete window turned; nil unless either way up.
    var turnedRows: FeatureMatrix?

    /// Starts a session's windows of `configuration`, keeping up to `residentBytes` of each matrix in memory.
    init(
        extractor: FeatureExtractor, configuration: WindowConfiguration, eitherWayUp: Bool,
        residentBytes: Int = FeatureMatrix.defaultResidentBytes
    ) {
        self.extractor = extractor
        window = SlidingWindow(configuration: configuration)
        turnedWindow = SlidingWindow(configuration: configuration)
        let columnCount = extractor.featureNames.count
        rows = FeatureMatrix(columnCount: columnCount, residentBytes: residentBytes)
        turnedRows = eitherWayUp ? FeatureMatrix(columnCount: columnCount, residentBytes: residentBytes) : nil
    }

    /// Adds the session's next motion, computing the features of each window it completes.
    mutating func append(_ motions: some Sequence<DeviceMotion>) {
        for motion in motions {
            if window.append(motion) { rows.append(row: extractor.features(of: window.contents)) }
            if turnedRows != nil, turnedWindow.append(motion.turnedHalfAboutZ) {
                turnedRows?.append(row: extractor.features(of: turnedWindow.contents))
            }
        }
    }
}

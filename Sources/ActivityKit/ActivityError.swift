import MotionRecording

/// Everything that can go wrong in ActivityKit, each with a message that says what to do about it.
public enum ActivityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A window configuration that cannot produce windows.
    case invalidWindow(String)
    /// Training parameters outside their valid range.
    case invalidParameters(String)
    /// A session whose sample rate differs from the window configuration's.
    case sampleRateMismatch(session: String, expected: Double, found: Double)
    /// There is not enough labelled data to train or validate.
    case insufficientData(String)
    /// Sessions labelled with activities the model was not trained on.
    case unknownActivities([String], known: [String])
    /// A model file written by a different format version.
    case unsupportedModelVersion(found: Int, supported: Int)
    /// A model file whose contents do not fit together (feature order, class count, tree shape).
    case incompatibleModel(String)
    /// Models that cannot be averaged together: none, other activities or another sample rate.
    case modelsDoNotGoTogether(String)
    /// A model that cannot replace the one in use because it cuts the stream into different windows.
    case windowMismatch(running: WindowConfiguration, found: WindowConfiguration)
    /// A file that could not be read or parsed.
    case unreadableFile(path: String, reason: String)
    /// A recording that could not be read; its own error names the file, the line and what to do.
    case unreadableRecording(RecordingError)
    /// A dataset's file that could not be read; the words of the module that reads it name the file, the line and
    /// what to do.
    case unreadableDatasetFile(String)
    /// A model file that could not be read or is not a model.
    case unreadableModel(path: String, reason: String)
    /// A file that could not be written.
    case unwritableFile(path: String, reason: String)
    /// A label map file (`--label-map`) that could not be read, or one of its lines (1-based) that is not a mapping.
    case malformedLabelMap(path: String, line: Int?, reason: String)
    /// The temporary file holding features out of memory (in `directory`) could not be read back: the disk failed.
    case temporaryFileUnreadable(directory: String, reason: String)

    /// A message for the user, naming the problem and the fix.
    public var description: String {
        switch self {
        case .invalidWindow(let detail):
            "invalid window configuration: \(detail); use 4...10000 samples per window, a hop between 1 and the window size, and 1...1000 Hz"
        case .invalidParameters(let detail):
            "invalid training parameters: \(detail)"
        case .sampleRateMismatch(let session, let expected, let found):
            "session \(session) is sampled at \(found) Hz but the windows expect \(expected) Hz; resample it to \(expected) Hz first"
        case .insufficientData(let detail):
            "not enough labelled data: \(detail)"
        case .unknownActivities(let unknown, let known):
            "the model does not know the activities \(unknown.joined(separator: ", ")) (it knows \(known.joined(separator: ", "))); "
                + "evaluate sessions of activities it knows, map your labels onto its names with --label-map, or retrain it with these"
        case .unsupportedModelVersion(let found, let supported):
            "model file format version \(found) is not supported (this build reads versions 1 to \(supported)); retrain it with this version of imu-train"
        case .incompatibleModel(let detail):
            "model file does not fit this build: \(detail); retrain it with this version of imu-train"
        case .modelsDoNotGoTogether(let detail):
            "the models cannot be averaged: \(detail); give models trained on the same activities at the same --rate"
        case .windowMismatch(let running, let found):
            "the model expects \(found.summary) but the running stream is cut into \(running.summary); "
                + "restart to switch to it, or retrain it with the running windows"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unreadableRecording(let error):
            error.description
        case .unreadableDatasetFile(let description):
            description
        case .unreadableModel(let path, let reason):
            "cannot load the model \(path): \(reason)"
        case .unwritableFile(let path, let reason):
            "cannot write \(path): \(reason)"
        case .malformedLabelMap(let path, let line, let reason):
            "cannot read the label map (\(path)\(line.map { ":\($0)" } ?? "")): \(reason); "
                + "write one 'label,name' pair per line, e.g. 'jog,running' (see docs/labels.md)"
        case .temporaryFileUnreadable(let directory, let reason):
            "the features kept in a temporary file in \(directory) could not be read back (\(reason)); "
                + "check that disk, or set TMPDIR to a directory on another"
        }
    }
}

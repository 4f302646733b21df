import DeviceMotionKit

/// What a model was trained on, how its hyperparameters were chosen and how well it cross-validated, stored in the
/// model file (its provenance).
///
/// It holds no training date on purpose: the same data, parameters and seed must give byte-identical model files,
/// so a model can be rebuilt and compared (the file's own modification time says when it was written). The fields
/// after ``crossValidation`` are new in model format 2 and absent (nil) in a format-1 file.
public struct TrainingSummary: Codable, Sendable, Hashable {
    /// Where the training data came from, in words: the datasets and how they were read (by default the input paths).
    public var dataDescription: String
    /// Number of sessions that contributed windows.
    public var sessionCount: Int
    /// Number of training windows.
    public var windowCount: Int
    /// Number of distinct groups (subjects, or sessions where a session names no subject).
    public var groupCount: Int
    /// Training windows per activity.
    public var windowsPerClass: [String: Int]
    /// The hyperparameters used.
    public var parameters: GradientBoostingParameters
    /// Subject-disjoint cross-validation result, when it was run before training.
    public var crossValidation: CrossValidationSummary?
    /// The groups trained on, sorted: subject names, and session IDs for sessions that name no subject.
    public var groups: [String]?
    /// Sessions that named no subject and were grouped by themselves (0 when every session names its subject).
    public var sessionsWithoutSubject: Int?
    /// The version of imu-bridge that trained the model (``ProjectVersion/current``).
    public var projectVersion: String?
    /// How ``parameters`` were chosen: given on the command line, or by a grid search on the training groups.
    public var hyperparameterSelection: HyperparameterSelection?
    /// How the recordings trained on were fused into device motion: `live` (causal, as a live sensor's motion is) or
    /// `offline` (`imu-train --offline`); nil when no recording was (dataset files carry their own device motion) and
    /// in models from before it was recorded.
    public var recordingFusion: FusionMode?
    /// True when every window was also learnt from as the device turned half a turn about its z axis would have
    /// measured it (`imu-train --either-way-up`); nil when not, and in models from before it could be.
    public var eitherWayUp: Bool?

    /// Creates a summary.
    public init(
        dataDescription: String, sessionCount: Int, windowCount: Int, groupCount: Int, windowsPerClass: [String: Int],
        parameters: GradientBoostingParameters, crossValidation: CrossValidationSummary?, groups: [String]? = nil,
        sessionsWithoutSubject: Int? = nil, projectVersion: String? = ProjectVersion.current,
        hyperparameterSelection: HyperparameterSelection? = nil, recordingFusion: FusionMode? = nil,
        eitherWayUp: Bool? = nil
    ) {
        self.dataDescription = dataDescription
        self.sessionCount = sessionCount
        self.windowCount = windowCount
        self.groupCount = groupCount
        self.windowsPerClass = windowsPerClass
        self.parameters = parameters
        self.crossValidation = crossValidation
        self.groups = groups
        self.sessionsWithoutSubject = sessionsWithoutSubject
        self.projectVersion = projectVersion
        self.hyperparameterSelection = hyperparameterSelection
        self.recordingFusion = recordingFusion
        self.eitherWayUp = eitherWayUp
    }
}

/// The headline numbers of a grouped cross-validation.
public struct CrossValidationSummary: Codable, Sendable, Hashable {
    /// Number of folds.
    public var folds: Int
    /// Accuracy over all held-out windows.
    public var accuracy: Double
    /// Macro-averaged F1 over all held-out windows.
    public var macroF1: Double
    /// How the folds were formed and whether hyperparameters were chosen inside each fold, in words (format 2).
    public var method: String?
    /// The hyperparameters chosen inside each outer fold when the validation was nested, in fold order (format 2).
    public var parametersPerFold: [TunedParameters]?

    /// Creates a summary.
    public init(
        folds: Int, accuracy: Double, macroF1: Double, method: String? = nil, parametersPerFold: [TunedParameters]? = nil
    ) {
        self.folds = folds
        self.accuracy = accuracy
        self.macroF1 = macroF1
        self.method = method
        self.parametersPerFold = parametersPerFold
    }
}

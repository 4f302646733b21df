/// What a model was trained on and how well it cross-validated, stored in the model file.
///
/// It holds no training date on purpose: the same data, parameters and seed must give byte-identical model files,
/// so a model can be rebuilt and compared (the file's own modification time says when it was written).
public struct TrainingSummary: Codable, Sendable, Hashable {
    /// Where the training data came from, in words (for example the input paths).
    public var dataDescription: String
    /// Number of sessions that contributed windows.
    public var sessionCount: Int
    /// Number of training windows.
    public var windowCount: Int
    /// Number of distinct groups (subjects).
    public var groupCount: Int
    /// Training windows per activity.
    public var windowsPerClass: [String: Int]
    /// The hyperparameters used.
    public var parameters: GradientBoostingParameters
    /// Subject-disjoint cross-validation result, when it was run before training.
    public var crossValidation: CrossValidationSummary?

    /// Creates a summary.
    public init(
        dataDescription: String, sessionCount: Int, windowCount: Int, groupCount: Int, windowsPerClass: [String: Int],
        parameters: GradientBoostingParameters, crossValidation: CrossValidationSummary?
    ) {
        self.dataDescription = dataDescription
        self.sessionCount = sessionCount
        self.windowCount = windowCount
        self.groupCount = groupCount
        self.windowsPerClass = windowsPerClass
        self.parameters = parameters
        self.crossValidation = crossValidation
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

    /// Creates a summary.
    public init(folds: Int, accuracy: Double, macroF1: Double) {
        self.folds = folds
        self.accuracy = accuracy
        self.macroF1 = macroF1
    }
}

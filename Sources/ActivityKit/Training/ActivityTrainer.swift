/// Trains activity models from windowed datasets and measures them by subject-disjoint cross-validation.
public struct ActivityTrainer: Sendable {
    /// The boosting hyperparameters.
    public let parameters: GradientBoostingParameters

    /// Creates a trainer; the parameters are validated.
    public init(parameters: GradientBoostingParameters = GradientBoostingParameters())
        throws(ActivityError)
    {
        try parameters.validate()
        self.parameters = parameters
    }

    /// Trains on every window of `dataset`; the same dataset, description and parameters give byte-identical models.
    /// `selection` says how the parameters were chosen (by default: given, not chosen on data).
    public func train(
        dataset: WindowedDataset, dataDescription: String,
        crossValidation: CrossValidationSummary? = nil, selection: HyperparameterSelection? = nil,
        progress: (_ completedRounds: Int, _ totalRounds: Int) -> Void = { _, _ in }
    ) throws(ActivityError) -> ActivityModel {
        let classNames = dataset.classNames
        let labels = try Self.indices(of: dataset.labels, in: classNames)
        let classifier = try GradientBoostingTrainer(parameters: parameters)
            .train(
                matrix: try dataset.trainingMatrix(), labels: dataset.trainingClasses(windows: Array(labels.indices), classes: labels),
                classCount: classNames.count, progress: progress)
        var windowsPerClass: [String: Int] = [:]
        for label in dataset.labels { windowsPerClass[label, default: 0] += 1 }
        let summary = TrainingSummary(
            dataDescription: dataDescription, sessionCount: dataset.sessionCount,
            windowCount: dataset.windowCount,
            groupCount: Set(dataset.groups).count, windowsPerClass: windowsPerClass,
            parameters: parameters,
            crossValidation: crossValidation, groups: Array(Set(dataset.groups)).sorted(),
            sessionsWithoutSubject: dataset.sessionsWithoutSubject,
            hyperparameterSelection: selection ?? .given(parameters), recordingFusion: dataset.recordingFusion,
            eitherWayUp: dataset.turnedFeatures == nil ? nil : true
        )
        return try ActivityModel(
            window: dataset.configuration, featureSet: dataset.featureSet, classNames: classNames, summary: summary,
            classifier: classifier)
    }

    /// Trains on all folds but one and tests on the held-out one, for every fold; folds never split a subject.
    /// `heldOut` sees each fold's own confusion matrix as it completes; the one returned pools them.
    public func crossValidate(
        dataset: WindowedDataset, folds foldCount: Int,
        heldOut: (_ fold: Int, _ confusion: ConfusionMatrix) -> Void = { _, _ in },
        progress: (_ fold: Int, _ completedRounds: Int, _ totalRounds: Int) -> Void = { _, _, _ in }
    ) throws(ActivityError) -> ConfusionMatrix {
        let classNames = dataset.classNames
        let labels = try Self.indices(of: dataset.labels, in: classNames)
        let folds = try GroupedFolds(groups: dataset.groups, foldCount: foldCount)
        let trainer = try GradientBoostingTrainer(parameters: parameters)
        var confusion = ConfusionMatrix(classNames: classNames)
        for fold in 0..<foldCount {
            let training = folds.trainingWindows(holdingOut: fold)
            let classifier = try trainer.train(
                matrix: dataset.trainingMatrix(windows: training), labels: dataset.trainingClasses(windows: training, classes: labels),
                classCount: classNames.count, progress: { progress(fold, $0, $1) }
            )
            var foldConfusion = ConfusionMatrix(classNames: classNames)
            for window in folds.heldOutWindows(fold) {
                let prediction = ActivityPrediction(
                    classNames: classNames,
                    probabilities: classifier.probabilities(for: try dataset.features.row(window)))
                foldConfusion.record(truth: labels[window], prediction: prediction.bestIndex)
            }
            heldOut(fold, foldConfusion)
            confusion.add(foldConfusion)
        }
        return confusion
    }

    /// Nested cross-validation: in each outer fold, `search` chooses the hyperparameters on inner folds of that
    /// fold's training subjects alone, a model with the choice is trained on them and tested on the held-out fold.
    /// The reported score is therefore never measured on windows the choice saw. Folds never split a subject.
    /// `heldOut` sees each fold's own confusion matrix as it completes; the one returned pools them.
    public func nestedCrossValidate(
        dataset: WindowedDataset, folds foldCount: Int, search: HyperparameterSearch,
        heldOut: (_ fold: Int, _ confusion: ConfusionMatrix) -> Void = { _, _ in },
        progress: (_ fold: Int, _ completedSteps: Int, _ totalSteps: Int) -> Void = { _, _, _ in }
    ) throws(ActivityError) -> (confusion: ConfusionMatrix, parametersPerFold: [TunedParameters]) {
        let classNames = dataset.classNames
        let labels = try Self.indices(of: dataset.labels, in: classNames)
        let folds = try GroupedFolds(groups: dataset.groups, foldCount: foldCount)
        // Every outer fold's search needs its inner folds: refused before the first training, not minutes into it.
        for fold in 0..<foldCount {
            let subjects = Set(folds.trainingWindows(holdingOut: fold).map { dataset.groups[$0] }).count
            guard subjects >= search.innerFolds else {
                throw .insufficientData(
                    "outer fold \(fold + 1) of \(foldCount) trains on \(subjects) subjects, too few for the search's "
                        + "\(search.innerFolds) inner folds; use fewer inner folds or fewer folds")
            }
        }
        var confusion = ConfusionMatrix(classNames: classNames)
        var chosen: [TunedParameters] = []
        for fold in 0..<foldCount {
            let training = folds.trainingWindows(holdingOut: fold)
            let selection = try search.select(in: dataset, windows: training, classes: labels, classNames: classNames) {
                done, total in progress(fold, done, total + 1)
            }
            chosen.append(selection.chosen)
            let classifier = try GradientBoostingTrainer(parameters: selection.chosen.applied(to: search.base))
                .train(
                    matrix: dataset.trainingMatrix(windows: training), labels: dataset.trainingClasses(windows: training, classes: labels),
                    classCount: classNames.count)
            progress(fold, search.trainingCount + 1, search.trainingCount + 1)
            var foldConfusion = ConfusionMatrix(classNames: classNames)
            for window in folds.heldOutWindows(fold) {
                let prediction = ActivityPrediction(
                    classNames: classNames, probabilities: classifier.probabilities(for: try dataset.features.row(window)))
                foldConfusion.record(truth: labels[window], prediction: prediction.bestIndex)
            }
            heldOut(fold, foldConfusion)
            confusion.add(foldConfusion)
        }
        return (confusion, chosen)
    }

    /// Position of each label in `classNames`.
    static func indices(of labels: [String], in classNames: [String]) throws(ActivityError) -> [Int] {
        let positions = Dictionary(uniqueKeysWithValues: classNames.enumerated().map { ($1, $0) })
        var indices: [Int] = []
        indices.reserveCapacity(labels.count)
        for label in labels {
            guard let index = positions[label] else {
                throw .insufficientData("activity \(label) is not among \(classNames)")
            }
            indices.append(index)
        }
        return indices
    }
}

extension ActivityModel {
    /// Classifies every window of `dataset` and tallies the results; fails if the data holds an activity the model does not know.
    public func evaluate(on dataset: WindowedDataset) throws(ActivityError) -> ConfusionMatrix {
        guard dataset.configuration.size == window.size,
            dataset.configuration.sampleRate == window.sampleRate
        else {
            throw .invalidWindow(
                "the data was cut into \(dataset.configuration.size)-sample windows but the model expects \(window.size)"
            )
        }
        guard dataset.featureSet == featureSet else {
            throw .incompatibleModel("the data has the features \(dataset.featureSet) but the model \(featureSet)")
        }
        let unknown = Set(dataset.labels).subtracting(classNames)
        guard unknown.isEmpty else { throw .unknownActivities(unknown.sorted(), known: classNames) }
        let truths = try ActivityTrainer.indices(of: dataset.labels, in: classNames)
        var confusion = ConfusionMatrix(classNames: classNames)
        for (row, truth) in truths.enumerated() {
            confusion.record(
                truth: truth, prediction: predict(features: try dataset.features.row(row)).bestIndex)
        }
        return confusion
    }
}

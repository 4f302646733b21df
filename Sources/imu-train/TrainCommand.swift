import ActivityKit
import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Foundation
import Logging
import MotionPlots

/// `imu-train`: trains an activity model from labelled sessions, optionally cross-validating it by subject first.
@main
struct TrainCommand: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-train",
        abstract: "Train an activity classifier from labelled motion sessions.",
        discussion: """
              imu-train --cross-validate recordings/motionsense -o activity.model
              imu-train ~/sessions/*.imurec -o my.model
              imu-train --cross-validate --folds 5 --json recordings/hapt

            Cuts every session into overlapping windows (4 s with a 2 s hop at 25 Hz unless told otherwise), computes \
            features from user acceleration, gravity and rotation rate, and fits gradient-boosted trees. With \
            --cross-validate it first reports subject-disjoint cross-validation (no subject is both trained and tested \
            on) and stores the result in the model's summary. With --tune the rounds, learning rate and depth are chosen \
            from a small grid (100/200/300 rounds, learning rate 0.1/0.2, depth 3/4; --rounds, --learning-rate or \
            --max-depth given with it holds that one at its value) by subject-disjoint inner folds of the training \
            subjects: inside every outer fold for the reported score (nested cross-validation), and on \
            all subjects for the model written; the choice is the cheapest candidate whose inner macro-F1 is within \
            one standard error (from fold to fold) of the best one's, and the model file records the grid, every \
            candidate's inner score and the choice. Sessions that name no subject (imu-record's) are grouped by \
            session, and imu-train says so. --rate is the device-motion rate the sessions are resampled to, and the \
            model's rate. \
            --no-movement-axes leaves out the features of the user acceleration and rotation rate along the device's \
            own axes (their magnitude, vertical and horizontal parts stay, and so does gravity per axis, the \
            posture): where the device may sit any way round, as a phone in a pocket, the model then generalises \
            better to people it never saw (MotionSense, subject-disjoint: 95.54 % -> 97.05 %); where it is mounted \
            one way, it loses a little (HAPT, a phone on the waist: 96.28 % -> 95.40 %). --either-way-up learns \
            every window a second time as the device upside down (turned half a turn about the axis out of its \
            screen) would have measured it, for a phone that goes into a pocket either way up: a model of 13 \
            MotionSense subjects (with --no-movement-axes) classifies 3 others with their phones upside down at \
            98.12 % instead of 87.02 % \
            (as recorded 98.12 % instead of 98.24 %); cross-validation still scores the recorded windows alone. The \
            bundled models are trained with both.

            Inputs are recordings written by imu-record or imu-import (label = tag, read as an activity name of \
            docs/labels.md or through --label-map; subject = subject; their raw \
            readings are fused by the same pipeline as a live sensor), MotionSense device-motion CSV files \
            (<activity>_<trial>/sub_<n>.csv[.gz]), or directories holding either. With --offline the recordings' \
            gravity is estimated forward and backward (as imu-motion --offline; not for dataset CSV files, which \
            carry their own device motion); the model is still applied to live, causal motion, so it records \
            how its recordings were fused (recordingFusion) and imu-classify and imu-eval warn when an offline \
            model meets live motion (it lost 0.3-0.4 points of accuracy there).

            More examples:
              imu-train --tune --cross-validate /tmp/motionsense -o activity.model
              imu-import hapt ../shared/data/hapt -o /tmp/hapt
              imu-train --cross-validate /tmp/hapt

            --plot FILE.svg (with --cross-validate) draws every fold's accuracy and macro-F1 beside the pooled \
            scores. On a terminal a progress bar and a per-session summary go to stderr (-v prints the summary \
            wherever stderr goes).

            Results go to stdout, warnings and errors to stderr (-v adds progress details, -q leaves only errors). \
            Exit status: 0 on success, 11 on an unwritable model, 12 on unreadable or malformed input, 14 on too \
            little labelled data, 64 on a usage error (--rate, --window and --hop in the ranges a model file \
            holds, --folds 2...100); 1 anything else.
            """,
        version: ToolVersion.line
    )

    @Argument(help: ArgumentHelp("Recordings, MotionSense CSV files, or directories holding them.", valueName: "input"))
    var inputs: [String]

    @OptionGroup var destination: OutputOptions

    @Flag(help: "Run subject-disjoint cross-validation and report it.")
    var crossValidate = false

    @Option(parsing: .unconditional, help: "Number of cross-validation folds (subjects are never split).")
    var folds = 5

    @Flag(help: "Choose rounds, learning rate and depth by inner subject-disjoint folds (nested with --cross-validate).")
    var tune = false

    @Option(parsing: .unconditional, help: "Number of inner folds of the --tune search.")
    var innerFolds = 3

    @Option(name: .customLong("description"), help: "What the data is, stored in the model (default: the input paths).")
    var dataDescription: String?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Describe the movement along the device's own axes too.",
            discussion: "--no-movement-axes describes it only by its magnitude and its vertical and horizontal parts, "
                + "which stay the same when the device turns: for a device that sits any way round, in a pocket."))
    var movementAxes = true

    @Flag(
        help: ArgumentHelp(
            "Learn every window also as if the device had been upside down.",
            discussion: "Each window is learnt a second time as the device turned half a turn about its z axis (the "
                + "axis out of the screen) would have measured it: for a phone that goes into a pocket either way up. "
                + "Cross-validation is still scored on the recorded windows alone."))
    var eitherWayUp = false

    @OptionGroup var window: WindowOptions
    @OptionGroup var boosting: BoostingOptions
    @OptionGroup var labelMap: LabelMapOption
    @OptionGroup var fusion: FusionModeOptions

    @OptionGroup var format: JSONOptions
    @OptionGroup var picture: PlotOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// Where the model is written; nil only cross-validates.
    private var output: String? { destination.output }
    private var json: Bool { format.json }

    func validate() throws {
        if output == nil && !crossValidate {
            throw ValidationError(
                "nothing to do: give -o MODEL to train, --cross-validate to validate, or both")
        }
        try requireFlag("--folds", folds, in: 2...100)
        try requireFlag("--inner-folds", innerFolds, in: 2...100)
        if picture.plot != nil && !crossValidate {
            throw ValidationError("--plot draws the cross-validation's folds: give --cross-validate too")
        }
    }

    func run() throws {
        verbosity.bootstrap()
        let logger = Logger(label: "imu-train")
        do {
            try train(logger: logger)
        } catch {
            throw exitReporting(error, tool: "imu-train")
        }
    }

    private func train(logger: Logger) throws(ActivityError) {
        let configuration = try window.configuration()
        let parameters = try boosting.parameters()
        let loader = try SessionLoader(
            sampleRate: configuration.sampleRate, labels: labelMap.labels(), fileFormats: DatasetFiles.formats,
            fusionMode: fusion.mode)
        let total = try loader.inputs(from: inputs).count
        let progress = TerminalProgressBar()
        var table = FileSummaryTable(columns: ["session", "activity", "samples", "seconds", "windows"])
        progress.update("reading", completed: 0, total: total)
        let featureSet: FeatureSet = movementAxes ? .all : .withoutMovementAxes
        let dataset = try loader.windowedDataset(
            from: inputs, configuration: configuration, featureSet: featureSet, eitherWayUp: eitherWayUp
        ) { session in
            table.add(session.summaryRow(window: configuration))
            progress.clear()
            session.reportShortOrRepaired(tool: "imu-train", window: configuration, consequence: "it is not trained on")
            progress.update("reading", completed: table.rows.count + table.skipped, total: total)
        }
        table.printIfTerminal()
        logger.info("\(dataset.sessionCount) sessions with at least one window")
        logger.info(
            "\(dataset.windowCount) windows of \(configuration.size) samples, \(Set(dataset.groups).count) subjects"
        )
        if dataset.sessionsWithoutSubject > 0 {
            printError(
                "imu-train: \(dataset.sessionsWithoutSubject) of \(dataset.sessionCount) sessions name no subject; each of "
                    + "them is its own group, so folds split by session, never by window (give recordings a subject to "
                    + "validate across people)")
        }
        let search = tune ? try HyperparameterSearch(grid: boosting.grid, innerFolds: innerFolds, base: parameters) : nil
        var summary: CrossValidationSummary?
        if crossValidate {
            summary = try crossValidation(dataset: dataset, parameters: parameters, search: search, progress: progress)
        }
        guard let output else { return }
        var selection = HyperparameterSelection.given(parameters)
        if let search {
            selection = try search.select(dataset: dataset) { done, total in
                progress.update("choosing hyperparameters", completed: done, total: total)
            }
            selection.method +=
                "; chosen on all \(Set(dataset.groups).count) training groups"
                + (crossValidate ? " after the reported cross-validation" : "")
            logger.info("\(selection.choiceDescription)")
        }
        let model = try ActivityTrainer(parameters: selection.chosen.applied(to: parameters)).train(
            dataset: dataset, dataDescription: dataDescription ?? inputs.joined(separator: " "), crossValidation: summary,
            selection: selection
        ) { done, total in
            progress.update("training", completed: done, total: total)
        }
        try model.write(to: URL(fileURLWithPath: output))
        if json {
            print(try TrainedModelLine(model: output, windows: dataset.windowCount, classes: model.classNames.count).json())
        } else {
            print(
                "wrote \(output): \(model.classNames.joined(separator: ", ")) from \(dataset.windowCount) windows"
            )
        }
    }

    /// Runs the cross-validation (nested when `search` is given), prints its report and returns its summary.
    private func crossValidation(
        dataset: WindowedDataset, parameters: GradientBoostingParameters, search: HyperparameterSearch?,
        progress: TerminalProgressBar
    ) throws(ActivityError) -> CrossValidationSummary {
        let grouping = dataset.sessionsWithoutSubject > 0 ? "subject, or session where none is named" : "subject"
        let confusion: ConfusionMatrix
        let summary: CrossValidationSummary
        var foldScores: [FoldScoresChart.Fold] = []
        let heldOut = { (_: Int, fold: ConfusionMatrix) in
            foldScores.append(FoldScoresChart.Fold(accuracy: fold.accuracy, macroF1: fold.macroF1, windows: fold.total))
        }
        if let search {
            let nested = try ActivityTrainer(parameters: parameters).nestedCrossValidate(
                dataset: dataset, folds: folds, search: search, heldOut: heldOut
            ) { fold, done, total in
                progress.update("fold \(fold + 1)/\(folds)", completed: done, total: total)
            }
            confusion = nested.confusion
            summary = CrossValidationSummary(
                folds: folds, accuracy: confusion.accuracy, macroF1: confusion.macroF1,
                method: "nested: \(folds) outer folds grouped by \(grouping); in each, the hyperparameters were chosen by "
                    + "\(search.innerFolds) inner folds of that fold's training groups alone, then trained on them and "
                    + "tested on the held-out fold",
                parametersPerFold: nested.parametersPerFold)
        } else {
            confusion = try ActivityTrainer(parameters: parameters).crossValidate(dataset: dataset, folds: folds, heldOut: heldOut) {
                fold, done, total in
                progress.update("fold \(fold + 1)/\(folds)", completed: done, total: total)
            }
            summary = CrossValidationSummary(
                folds: folds, accuracy: confusion.accuracy, macroF1: confusion.macroF1,
                method: "\(folds) folds grouped by \(grouping), with the given hyperparameters")
        }
        let report = EvaluationReport(
            confusion: confusion, windows: dataset.configuration, mode: "cross-validation", folds: folds)
        print(json ? try report.jsonLine() : report.text())
        if let plot = picture.plot {
            let chart = FoldScoresChart(
                folds: foldScores, pooled: (confusion.accuracy, confusion.macroF1),
                headline: "\(folds) folds grouped by \(grouping), \(confusion.total) held-out windows"
                    + (search == nil ? "" : "; hyperparameters chosen inside each fold"))
            try PictureFile.write(chart.document().rendered(), to: plot)
        }
        return summary
    }
}

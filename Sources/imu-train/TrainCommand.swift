import ActivityKit
import ArgumentParser
import CommandLineSupport
import Foundation
import Logging

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
            on) and stores the result in the model's summary. --rate is the device-motion rate the sessions are \
            resampled to, and the model's rate.

            Inputs are recordings written by imu-record or imu-import (label = tag, subject = subject; their raw \
            readings are fused by the same pipeline as a live sensor), MotionSense device-motion CSV files \
            (<activity>_<trial>/sub_<n>.csv[.gz]), or directories holding either.

            More examples:
              imu-import hapt ../shared/data/hapt -o /tmp/hapt
              imu-train --cross-validate /tmp/hapt

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

    @Option(help: "Number of cross-validation folds (subjects are never split).")
    var folds = 5

    @OptionGroup var window: WindowOptions
    @OptionGroup var boosting: BoostingOptions

    @OptionGroup var format: JSONOptions
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
        let loader = try SessionLoader(sampleRate: configuration.sampleRate)
        let dataset = try loader.windowedDataset(from: inputs, configuration: configuration) { session in
            session.reportShortOrRepaired(tool: "imu-train", window: configuration, consequence: "it is not trained on")
        }
        logger.info("\(dataset.sessionCount) sessions with at least one window")
        logger.info(
            "\(dataset.windowCount) windows of \(configuration.size) samples, \(Set(dataset.groups).count) subjects"
        )
        let trainer = try ActivityTrainer(parameters: parameters)
        let progress = TerminalProgressBar()
        var summary: CrossValidationSummary?
        if crossValidate {
            let confusion = try trainer.crossValidate(dataset: dataset, folds: folds) {
                fold, done, total in
                progress.update("fold \(fold + 1)/\(folds)", completed: done, total: total)
            }
            summary = CrossValidationSummary(
                folds: folds, accuracy: confusion.accuracy, macroF1: confusion.macroF1)
            let report = EvaluationReport(
                confusion: confusion, windows: configuration, mode: "cross-validation", folds: folds)
            print(json ? try report.jsonLine() : report.text())
        }
        guard let output else { return }
        let model = try trainer.train(
            dataset: dataset, dataDescription: inputs.joined(separator: " "), crossValidation: summary
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
}

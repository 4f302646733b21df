import ActivityKit
import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Foundation
import Logging
import MotionPlots

/// `imu-eval`: measures a trained activity model on labelled sessions it has not seen.
@main
struct EvalCommand: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-eval",
        abstract: "Measure an activity model on labelled motion sessions.",
        discussion: """
              imu-eval --model activity.model recordings/hapt
              imu-eval --model my.model ~/sessions/*.imurec --json
              imu-eval --model activity.model motionsense/A_DeviceMotion_data/wlk_7

            Cuts the sessions into the model's own windows, classifies every window and prints accuracy, macro-F1, \
            per-activity precision and recall, and the confusion matrix (rows: truth, columns: prediction). With \
            --model repeated, the models are averaged as imu-classify averages them: each scores its own window \
            ending where the longest (cut at the first model's hop) ends. With --json \
            the same numbers come as one JSON object: {"accuracy","macro_f1","classes","confusion",...} (docs/formats.md).

            Inputs are recordings written by imu-record or imu-import, MotionSense device-motion CSV files \
            (<activity>_<trial>/sub_<n>.csv[.gz]), or directories holding either. The model's classes and the \
            sessions' tags are matched by activity name (docs/labels.md): old spellings (jogging, laying, \
            walking_upstairs) are read as the canonical names, --label-map maps your own. Sessions of activities \
            the model does not know are left out of every figure and listed as not evaluated. \
            For subject-disjoint cross-validation use `imu-train --cross-validate`. The model given as the \
            first argument without --model still works for one release, with a note: use --model. --offline fuses \
            recordings forward and backward (as imu-train --offline) instead of causally as live.

            --plot FILE.svg also draws the confusion matrix as a heat map beside per-activity precision and recall \
            bars. On a terminal a progress bar and a per-session summary go to stderr (-v prints the summary \
            wherever stderr goes).

            Results go to stdout, warnings and errors to stderr (-v adds details, -q leaves only errors). Exit \
            status: 0 on success, 12 on unreadable or malformed input or only activities the model does not know, \
            13 on a model refused (unreadable, another version, values not finite or out of range), 14 when no \
            input holds a whole window, 64 on a usage error, 1 on anything else.
            """,
        version: ToolVersion.line
    )

    @OptionGroup var modelOptions: ModelOptions

    @Argument(
        help: ArgumentHelp("Recordings, MotionSense CSV files, or directories holding them.", valueName: "input"))
    var arguments: [String] = []

    @OptionGroup var fusion: FusionModeOptions
    @OptionGroup var format: JSONOptions
    @OptionGroup var picture: PlotOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// Whether the model is the first argument, the spelling before --model (kept for one release).
    private var modelIsPositional: Bool { models.isEmpty }
    /// The model files to evaluate, averaged when more than one.
    private var modelPaths: [String] { modelIsPositional ? Array(arguments.prefix(1)) : models }
    /// The sessions to evaluate on.
    private var inputs: [String] { modelIsPositional ? Array(arguments.dropFirst()) : arguments }
    private var json: Bool { format.json }
    private var models: [String] { modelOptions.models }

    @OptionGroup var labelMap: LabelMapOption

    func validate() throws {
        if modelIsPositional && arguments.isEmpty {
            throw ValidationError("give the model with --model FILE and at least one session file or directory")
        }
        if inputs.isEmpty {
            throw ValidationError("give at least one session file or directory after the model")
        }
    }

    func run() throws {
        verbosity.bootstrap()
        if modelIsPositional { noteDeprecated("the model as first argument", tool: "imu-eval", use: "--model FILE") }
        let logger = Logger(label: "imu-eval")
        do throws(any Error) {
            let models = try modelPaths.map { path throws(ActivityError) in
                try ActivityModel.load(contentsOf: URL(fileURLWithPath: path))
            }
            for model in models {
                if let warning = model.fusionWarning(classifying: fusion.mode) { logger.warning("\(warning)") }
            }
            let window = try ModelEnsemble.windows(of: models)
            let loader = try SessionLoader(
                sampleRate: window.sampleRate, labels: labelMap.labels(), fileFormats: DatasetFiles.formats,
                fusionMode: fusion.mode)
            let total = try loader.inputs(from: inputs).count
            let progress = TerminalProgressBar()
            var table = FileSummaryTable(columns: ["session", "activity", "samples", "seconds", "windows"])
            var sessions = 0
            progress.update("evaluating", completed: 0, total: total)
            let (confusion, unshared) = try loader.evaluate(models, on: inputs) { session in
                sessions += 1
                table.add(session.summaryRow(window: window))
                progress.clear()
                session.reportShortOrRepaired(tool: "imu-eval", window: window, consequence: "it is not evaluated")
                progress.update("evaluating", completed: sessions, total: total)
            }
            table.printIfTerminal()
            logger.info("\(confusion.total) windows from \(sessions) sessions")
            for activity in unshared {
                printError(
                    "imu-eval: \(activity.sessions) sessions of \(activity.name) (\(activity.windows) windows) are not evaluated: "
                        + "the model does not know \(activity.name) (it knows \(confusion.classNames.joined(separator: ", ")))")
            }
            guard confusion.total > 0 else {
                throw CommandFailure(
                    "every input is shorter than one window (\(window.size) samples, "
                        + "\(window.duration) s): nothing was evaluated; pass longer recordings",
                    status: .notEnoughData)
            }
            let report = EvaluationReport(confusion: confusion, windows: window, mode: "evaluation", unshared: unshared)
            print(json ? try report.jsonLine() : report.text())
            if let plot = picture.plot {
                try PictureFile.write(ConfusionChart(report: report).document().rendered(), to: plot)
            }
        } catch {
            throw exitReporting(error, tool: "imu-eval")
        }
    }
}

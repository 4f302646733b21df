import ActivityKit
import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Foundation
import Logging

/// `imu-eval`: measures a trained activity model on labelled sessions it has not seen.
@main
struct EvalCommand: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-eval",
        abstract: "Measure an activity model on labelled motion sessions.",
        discussion: """
            Cuts the sessions into the model's own windows, classifies every window and prints accuracy, macro-F1, \
            per-activity precision and recall, and the confusion matrix (rows: truth, columns: prediction). With --json \
            the same numbers come as one JSON object: {"accuracy","macroF1","classes","confusion",...}.

            Inputs are recordings written by imu-record or imu-import, MotionSense device-motion CSV files \
            (<activity>_<trial>/sub_<n>.csv[.gz]), or directories holding either. The model's classes and the \
            sessions' tags are matched by activity name (docs/labels.md): old spellings (jogging, laying, \
            walking_upstairs) are read as the canonical names, --label-map maps your own. Sessions of activities \
            the model does not know are left out of every figure and listed as not evaluated.
            For subject-disjoint cross-validation use `imu-train --cross-validate`.

            Example:
              imu-eval activity.model ../shared/data/motionsense/A_DeviceMotion_data/wlk_7

            Results go to stdout, warnings and errors to stderr (-v adds details). Exit status: 0 on success, 12 on \
            unreadable or malformed input or only activities the model does not know, 13 on a model refused (unreadable, \
            another version, values not finite or out of range), 14 when no input holds a whole window, 64 on a \
            usage error, 1 on anything else.
            """
    )

    @Argument(help: "The model file written by imu-train.")
    var model: String

    @Argument(help: "Recordings, MotionSense CSV files, or directories holding them.")
    var inputs: [String]

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log the windows and sessions evaluated to stderr.")
    var verbose = false

    @OptionGroup var labelMap: LabelMapOption

    func validate() throws {
        if inputs.isEmpty {
            throw ValidationError("give at least one session file or directory after the model")
        }
    }

    func run() throws {
        bootstrapLogging(level: verbose ? .info : .warning)
        let logger = Logger(label: "imu-eval")
        do throws(any Error) {
            let model = try ActivityModel.load(contentsOf: URL(fileURLWithPath: model))
            let loader = try SessionLoader(
                sampleRate: model.window.sampleRate, labels: labelMap.labels(), fileFormats: DatasetFiles.formats)
            var sessions = 0
            let (confusion, unshared) = try loader.evaluate(model, on: inputs) { session in
                sessions += 1
                session.reportShortOrRepaired(tool: "imu-eval", window: model.window, consequence: "it is not evaluated")
            }
            logger.info("\(confusion.total) windows from \(sessions) sessions")
            for activity in unshared {
                printError(
                    "imu-eval: \(activity.sessions) sessions of \(activity.name) (\(activity.windows) windows) are not evaluated: "
                        + "the model does not know \(activity.name) (it knows \(confusion.classNames.joined(separator: ", ")))")
            }
            guard confusion.total > 0 else {
                throw CommandFailure(
                    "every input is shorter than one window (\(model.window.size) samples, "
                        + "\(model.window.duration) s): nothing was evaluated; pass longer recordings",
                    status: .notEnoughData)
            }
            let report = EvaluationReport(confusion: confusion, windows: model.window, mode: "evaluation", unshared: unshared)
            print(json ? try report.jsonLine() : report.text())
        } catch {
            throw exitReporting(error, tool: "imu-eval")
        }
    }
}

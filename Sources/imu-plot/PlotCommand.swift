import ActivityKit
import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Foundation
import Logging
import MotionPlots

/// `imu-plot`: draws recordings (device motion, tags, predicted activities) as one SVG picture.
@main
struct PlotCommand: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-plot",
        abstract: "Draw recordings as an SVG picture: motion, tags and predicted activities.",
        discussion: """
              imu-plot walk.imurec -o walk.svg
              imu-plot --model activity.model ~/sessions/*.imurec -o sessions.svg
              imu-plot motionsense/A_DeviceMotion_data/wlk_7/sub_8.csv -o wlk.svg

            Fuses each session's raw readings into device motion by the same pipeline as a live sensor (at the \
            model's rate with --model, else 25 Hz) and draws, per session and stacked top to bottom: its tag as a \
            band, with --model the activity the model predicts for every window as a second band (the same \
            streaming classifier as imu-classify, without smoothing or threshold; --model repeated averages the \
            models as imu-classify does), and one panel each for \
            acceleration (gravity plus user acceleration, g), gravity (g), user acceleration (g), rotation rate \
            (rad/s) and attitude (roll, pitch, yaw in degrees), over time in seconds; gaps and sensor removals are \
            dashed lines. Every panel keeps the lowest and highest value per pixel column, so a day-long recording \
            draws as fast and as small as a minute's.

            Inputs are recordings written by imu-record or imu-import, MotionSense device-motion CSV files, or \
            directories holding either; at most \(maximumSessions) sessions per picture. The picture goes to -o; \
            stdout gets one line naming it (or a JSON object with --json). On a terminal a progress bar and a \
            per-session summary go to stderr (not with -q, never when stderr is piped).

            Exit status: 0 on success, 11 when the picture cannot be written, 12 on unreadable or malformed input, \
            13 on a model refused, 14 when the inputs hold no session, 64 on a usage error (no -o, more than \
            \(maximumSessions) sessions); 1 anything else.
            """,
        version: ToolVersion.line
    )

    /// Most sessions drawn in one picture (each adds 700 pixels of height).
    static let maximumSessions = 32

    @Argument(help: ArgumentHelp("Recordings, MotionSense CSV files, or directories holding them.", valueName: "input"))
    var inputs: [String]

    @OptionGroup var destination: OutputOptions
    @OptionGroup var modelOptions: ModelOptions
    @OptionGroup var labelMap: LabelMapOption
    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        guard destination.output != nil else { throw ValidationError("give the picture's file with -o FILE.svg") }
    }

    func run() throws {
        verbosity.bootstrap()
        do throws(any Error) {
            let models = try modelOptions.models.map { path throws(ActivityError) in
                try ActivityModel.load(contentsOf: URL(fileURLWithPath: path))
            }
            // Checked before any session is read: the models must go together.
            if !models.isEmpty { _ = try ModelEnsemble(models) }
            let sampleRate = models.first?.window.sampleRate ?? MotionRateOptions.defaultRate
            let loader = try SessionLoader(sampleRate: sampleRate, labels: labelMap.labels(), fileFormats: DatasetFiles.formats)
            let sessions = try loader.inputs(from: inputs)
            guard !sessions.isEmpty else {
                throw CommandFailure(
                    "no recording or MotionSense file in \(inputs.joined(separator: ", ")): nothing to draw; pass recordings",
                    status: .notEnoughData)
            }
            guard sessions.count <= Self.maximumSessions else {
                throw CommandFailure(
                    "\(sessions.count) sessions given; imu-plot draws at most \(Self.maximumSessions) in one picture: "
                        + "plot fewer, or one directory at a time", status: .usage)
            }
            let progress = TerminalProgressBar()
            var summary = FileSummaryTable(columns: ["session", "activity", "samples", "seconds"])
            var traces: [MotionTrace] = []
            for (index, session) in sessions.enumerated() {
                progress.update("plotting", completed: index, total: sessions.count)
                let plotted = try SessionPlotter(models: models, sampleRate: sampleRate).trace(of: session, loader: loader)
                traces.append(plotted.trace)
                summary.add([
                    plotted.summary.name, plotted.summary.label, "\(plotted.summary.motionCount)",
                    FileSummaryTable.seconds(Double(plotted.summary.motionCount) / sampleRate),
                ])
            }
            progress.update("plotting", completed: sessions.count, total: sessions.count)
            let output = destination.output ?? ""
            try PictureFile.write(RecordingChart(traces: traces).document().rendered(), to: output)
            summary.printIfTerminal()
            if format.json {
                print(try PictureLine(picture: output, sessions: traces.count).json())
            } else {
                print("wrote \(output): \(traces.count) session\(traces.count == 1 ? "" : "s")")
            }
        } catch {
            throw exitReporting(error, tool: "imu-plot")
        }
    }
}

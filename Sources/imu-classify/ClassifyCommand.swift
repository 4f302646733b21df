import ActivityKit
import ArgumentParser
import Foundation
import Logging

/// `imu-classify`: names the current activity from a stream of device motion.
@main
struct ClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imu-classify",
        abstract: "Recognise activities in a stream of device motion.",
        discussion: """
            Replays recorded sessions through the streaming classifier: one prediction per hop of the model's \
            window, averaged over the last --smoothing windows. Below --threshold the activity is reported as \
            `unknown`. Text output prints a line whenever the activity changes; --json prints one object per window: \
            {"timestamp","activity","confidence","probabilities":{...}}.

            Without --model the bundled MotionSense model is used. The model file is reloaded when it changes on disk \
            or when the process receives SIGHUP, without interrupting the stream.

            Replay inputs are MotionSense device-motion CSV files (<activity>_<trial>/sub_<n>.csv[.gz]).

            Example:
              imu-classify --replay ../shared/data/motionsense/A_DeviceMotion_data/wlk_7/sub_1.csv.gz --json
            """
    )

    @Option(name: .customLong("replay"), parsing: .upToNextOption, help: "Session files to replay, in order.")
    var replayFiles: [String] = []

    @Option(help: "Model file written by imu-train (default: the bundled MotionSense model).")
    var model: String?

    @Option(help: "Smoothed probability below which the activity is reported as unknown.")
    var threshold = 0.9

    @Option(help: "Number of consecutive windows averaged.")
    var smoothing = 3

    @Flag(help: "Print one JSON object per window instead of a line per change.")
    var json = false

    func validate() throws {
        if replayFiles.isEmpty { throw ValidationError("give the sessions to classify with --replay FILE...") }
        if !(0...1).contains(threshold) { throw ValidationError("--threshold must be between 0 and 1") }
        if smoothing < 1 { throw ValidationError("--smoothing must be at least 1") }
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "imu-classify")
        do {
            let modelSource = try ModelSource(path: model, logger: logger)
            let pipeline = ClassificationPipeline(
                modelSource: modelSource, tracker: ActivityTracker(threshold: threshold, smoothing: smoothing),
                output: PredictionPrinter(json: json)
            )
            let source = ReplayMotionSource(files: replayFiles, sampleRate: modelSource.current.window.sampleRate, logger: logger)
            try await pipeline.run(motions: source.motions())
        } catch let error as ActivityError {
            logger.error("\(error.description)")
            throw ExitCode.failure
        }
    }
}

import ActivityKit
import CommandLineSupport
import DatasetImporters
import DeviceMotionKit
import Logging

/// Replays recordings and MotionSense files as one device-motion stream, one session after another with a gap
/// between them (MotionSense files read by DatasetImporters' ``MotionSenseFileFormat``); recordings are fused from their raw readings by the live pipeline as they are read (see
/// `SessionLoader`), and each piece of motion is classified before the next is read, so memory stays bounded.
struct ReplayMotionSource: Sendable {
    /// The files to replay, in order.
    let files: [String]
    /// The model's windows: the stream is delivered at their rate, and a session shorter than one is named.
    let window: WindowConfiguration
    /// How the sessions' labels are read (they are logged).
    let labels: LabelMap
    /// Where progress is logged.
    let logger: Logger

    /// Seconds of silence inserted between sessions, so that no window spans two of them.
    static let gapBetweenFiles = 1.0

    /// Replays every file through `pipeline`; returns how many windows were classified. Stops with
    /// `CancellationError` when the task is cancelled (Ctrl-C).
    func classify(through pipeline: ClassificationPipeline) throws -> Int {
        // Predictions print line by line, maybe to the bar's terminal: the bar is erased before each and drawn after.
        let progress = TerminalProgressBar()
        var withProgress = pipeline
        withProgress.output.progress = progress
        // A constant, so that the closure below reads it in place rather than copying it out for every sample.
        let pipeline = withProgress
        let loader = try SessionLoader(sampleRate: window.sampleRate, labels: labels, fileFormats: DatasetFiles.formats)
        var run = try pipeline.start()
        var offset = 0.0
        let inputs = try loader.inputs(from: files)
        var table = FileSummaryTable(columns: ["session", "activity", "samples", "seconds", "windows"])
        for (index, input) in inputs.enumerated() {
            progress.update("replaying", completed: index, total: inputs.count)
            var start: Double?
            let summary = try loader.stream(input) { motions in
                try Task.checkCancellation()
                for var motion in motions {
                    let first = start ?? motion.timestamp
                    start = first
                    motion.timestamp = motion.timestamp - first + offset
                    try pipeline.process(motion, in: &run)
                }
            }
            progress.clear()
            logger.info("replayed \(summary.name) (\(summary.label), \(summary.motionCount) samples)")
            summary.reportShortOrRepaired(tool: "imu-classify", window: window, consequence: "it is not classified on its own")
            table.add(summary.summaryRow(window: window))
            offset += Double(summary.motionCount) / window.sampleRate + Self.gapBetweenFiles
        }
        progress.update("replaying", completed: inputs.count, total: inputs.count)
        if inputs.count > 1 { table.printIfTerminal() }
        return run.windows
    }
}

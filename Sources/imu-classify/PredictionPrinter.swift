import ActivityKit
import CommandLineSupport
import FoundationEssentials
import MotionRecording
import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// Writes tracker verdicts to standard output: a line per change for people, or a JSON object per window; each line
/// is flushed at once, so a pipe or a log sees it when it happens.
struct PredictionPrinter: Sendable {
    /// Whether to print JSON lines.
    let json: Bool
    /// A progress bar on stderr (`--replay`), erased before each line and drawn again after it; nil without one.
    var progress: TerminalProgressBar? = nil

    /// Prints `update` if it is due (every window in JSON mode, only changes in text mode).
    func print(_ update: ActivityTracker.Update) throws {
        let line: String
        if json {
            line = try Self.jsonLine(update)
        } else if update.changed {
            let time = DecimalText.string(update.timestamp, decimals: 2, width: 9) + " s"
            let details =
                "confidence \(DecimalText.string(update.confidence, decimals: 2)), "
                + "since \(DecimalText.string(update.since, decimals: 2)) s"
            line = "\(time)  \(update.activity)  (\(details))"
        } else {
            return
        }
        let write = {
            Swift.print(line)
            fflush(nil)
        }
        if let progress { progress.printingAbove(write) } else { write() }
    }

    /// The `--json` line of `update`, also the MQTT payload.
    static func jsonLine(_ update: ActivityTracker.Update) throws -> String {
        struct Line: Encodable {
            let timestamp: Double
            let activity: String
            let confidence: Double
            let since: Double
            let probabilities: [String: Double]
        }
        let line = Line(
            timestamp: update.timestamp, activity: update.activity, confidence: update.confidence,
            since: update.since,
            probabilities: Dictionary(uniqueKeysWithValues: zip(update.classNames, update.probabilities))
        )
        do {
            return try JSONLine.encode(line)
        } catch {
            throw CommandFailure(
                "a window's probabilities are not finite numbers, so they cannot be written as JSON; retrain the model"
            )
        }
    }
}

import ActivityKit
import Foundation

/// Writes tracker verdicts to standard output: a line per change for people, or a JSON object per window; each line
/// is flushed at once, so a pipe or a log sees it when it happens.
struct PredictionPrinter: Sendable {
    /// Whether to print JSON lines.
    let json: Bool

    /// Prints `update` if it is due (every window in JSON mode, only changes in text mode).
    func print(_ update: ActivityTracker.Update) {
        if json {
            Swift.print(jsonLine(update))
        } else if update.changed {
            let time = String(format: "%9.2f s", update.timestamp)
            let details = String(format: "confidence %.2f, since %.2f s", update.confidence, update.since)
            Swift.print("\(time)  \(update.activity)  (\(details))")
        }
        fflush(nil)
    }

    private func jsonLine(_ update: ActivityTracker.Update) -> String {
        struct Line: Encodable {
            let timestamp: Double
            let activity: String
            let confidence: Double
            let since: Double
            let probabilities: [String: Double]
        }
        let line = Line(
            timestamp: update.timestamp, activity: update.activity, confidence: update.confidence, since: update.since,
            probabilities: Dictionary(uniqueKeysWithValues: zip(update.classNames, update.probabilities))
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(line) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

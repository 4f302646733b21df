import Foundation
import MotionSamples

/// What a finished recording holds, for the final line of `imu-record`.
struct RecordingSummary: Codable, Sendable {
    let directory: String
    let tag: String
    let imu: String
    let seconds: Double
    let rawSamples: Int
    let motionSamples: Int
    let removals: Int
    let gaps: Int

    /// One human line.
    var text: String {
        "recorded '\(tag)' from \(imu): \(String(format: "%.1f", seconds)) s, \(rawSamples) raw readings, "
            + "\(motionSamples) motion samples, \(removals) removals, \(gaps) gaps -> \(directory)"
    }

    /// One JSON object (snake_case keys: `raw_samples`); an encoding failure is thrown, never replaced by another line.
    func json() throws -> String {
        try JSONLine.encode(self)
    }
}

import ActivityKit
import MotionRecording

extension SessionSummary {
    /// Names this session on stderr when it is shorter than one `window` (with the `consequence`) or when the fusion
    /// dropped readings from it (empty, nan or repeated values), one warning line each in `tool`'s style (not under `--quiet`).
    public func reportShortOrRepaired(tool: String, window: WindowConfiguration, consequence: String) {
        if motionCount < window.size {
            printStatus(
                "\(tool): \(name) holds \(motionCount) samples, shorter than one window (\(window.size) samples at "
                    + "\(DecimalText.string(window.sampleRate, decimals: 2)) Hz): \(consequence)")
        }
        if droppedReadings > 0 {
            printStatus(
                "\(tool): \(name): dropped \(droppedReadings) readings with an empty, nan or inf value or a repeated, "
                    + "backward or unpaired timestamp; the rest was used")
        }
    }

    /// The session's row of a per-file summary: name, activity, samples, seconds and whole windows of `window`.
    public func summaryRow(window: WindowConfiguration) -> [String] {
        let windows = motionCount < window.size ? 0 : (motionCount - window.size) / window.hop + 1
        return [name, label, "\(motionCount)", FileSummaryTable.seconds(Double(motionCount) / window.sampleRate), "\(windows)"]
    }
}

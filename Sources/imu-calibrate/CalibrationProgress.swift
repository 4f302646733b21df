import CommandLineSupport
import DeviceMotionKit

/// The live progress line on a terminal: the share of directions covered, the accuracy so far, and which device
/// directions still lack readings, as a guide to where to turn the board next.
struct CalibrationProgress {
    /// The bar on standard error (silent when it is not a terminal, or under `--quiet`).
    private let bar = TerminalProgressBar()

    /// Redraws the line for `calibrator`.
    func show(_ calibrator: MagnetometerCalibrator) {
        let percent = min(99, Int((calibrator.coverage * 100).rounded()))
        bar.update(Self.title(calibrator), completed: percent, total: 100)
    }

    /// The line's text before the bar: `accuracy low, point +z -x down-north`, the missing directions being those
    /// the field has been seen along too rarely (``MagnetometerCalibrator/missingDirections``), at most three.
    static func title(_ calibrator: MagnetometerCalibrator) -> String {
        let missing = calibrator.missingDirections.prefix(3).map(\.name)
        let accuracy = "accuracy \(calibrator.accuracy.name)"
        return missing.isEmpty ? accuracy : "\(accuracy), point \(missing.joined(separator: " ")) down-north"
    }

    /// Ends the line.
    func finish() { bar.finish() }
}

import CommandLineSupport
import DeviceMotionKit

/// The live progress line on a terminal: the share of directions covered and the accuracy so far.
struct CalibrationProgress {
    /// The bar on standard error (silent when it is not a terminal, or under `--quiet`).
    private let bar = TerminalProgressBar()

    /// Redraws the line for `calibrator`.
    func show(_ calibrator: MagnetometerCalibrator) {
        let percent = min(99, Int((calibrator.coverage * 100).rounded()))
        bar.update("coverage, accuracy \(calibrator.accuracy.name)", completed: percent, total: 100)
    }

    /// Ends the line.
    func finish() { bar.finish() }
}

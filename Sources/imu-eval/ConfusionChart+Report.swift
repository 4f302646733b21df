import ActivityKit
import MotionPlots
import MotionRecording

extension ConfusionChart {
    /// The picture of `report`.
    init(report: EvaluationReport) {
        let window = report.windows
        let seconds = Double(window.size) / window.sampleRate
        let total = report.confusion.reduce(0) { $0 + $1.reduce(0, +) }
        self.init(
            classNames: report.classNames, counts: report.confusion, precision: report.classes.map(\.precision),
            recall: report.classes.map(\.recall),
            headline:
                "accuracy \(DecimalText.string(report.accuracy, decimals: 3)), macro-F1 \(DecimalText.string(report.macroF1, decimals: 3)) over \(total) windows "
                + "of \(DecimalText.string(seconds, decimals: 3)) s at \(DecimalText.string(window.sampleRate, decimals: 3)) Hz")
    }
}

/// The picture of a cross-validation: accuracy and macro-F1 of every fold as grouped bars, with the pooled scores
/// (over all held-out windows) as dashed lines.
public struct FoldScoresChart: Sendable {
    /// One fold's scores.
    public struct Fold: Sendable {
        /// Fraction of the fold's held-out windows classified right.
        public let accuracy: Double
        /// Mean F1 over the fold's activities.
        public let macroF1: Double
        /// Held-out windows in the fold.
        public let windows: Int

        /// Creates a fold's scores.
        public init(accuracy: Double, macroF1: Double, windows: Int) {
            self.accuracy = accuracy
            self.macroF1 = macroF1
            self.windows = windows
        }
    }

    /// The folds, in order.
    public let folds: [Fold]
    /// Accuracy and macro-F1 over all held-out windows together.
    public let pooled: (accuracy: Double, macroF1: Double)
    /// The headline under the title (how the folds were made).
    public let headline: String

    /// Creates the picture.
    public init(folds: [Fold], pooled: (accuracy: Double, macroF1: Double), headline: String) {
        self.folds = folds
        self.pooled = pooled
        self.headline = headline
    }

    /// The SVG picture.
    public func document() -> SVGDocument {
        let groupWidth = 70.0
        let frame = ChartFrame(x: 70, y: 90, width: max(300, groupWidth * Double(folds.count)), height: 260)
        var svg = SVGDocument(width: frame.right + 40, height: frame.bottom + 70)
        svg.text("Cross-validation scores per fold", x: 20, y: 24, size: 16, bold: true)
        svg.text(headline, x: 20, y: 44, size: 12, color: .muted)
        let ticks = AxisTicks(covering: 0, 1, target: 5)
        let value = LinearScale(domain: 0, 1, range: frame.bottom, frame.y)
        svg.verticalAxis(ticks, scale: value, frame: frame, title: "score (0 to 1)")
        svg.line(x1: frame.x, y1: frame.bottom, x2: frame.right, y2: frame.bottom, stroke: .ink)
        let series = [("accuracy", PlotColor.categories[0]), ("macro-F1", PlotColor.categories[1])]
        let slot = frame.width / Double(max(1, folds.count))
        let barWidth = min(24, (slot - 16) / 2)
        for (index, fold) in folds.enumerated() {
            let centre = frame.x + (Double(index) + 0.5) * slot
            for (offset, score) in [fold.accuracy, fold.macroF1].enumerated() {
                let clamped = score.isFinite ? min(1, max(0, score)) : 0
                let x = centre - barWidth + Double(offset) * barWidth
                svg.rectangle(
                    x: x, y: value(clamped), width: barWidth - 1, height: frame.bottom - value(clamped), fill: series[offset].1,
                    title: "fold \(index + 1) \(series[offset].0) \(DecimalFormat.string(clamped, fractionDigits: 3))")
                svg.text(
                    DecimalFormat.string(clamped, fractionDigits: 2), x: x + barWidth / 2, y: value(clamped) - 3, size: 9,
                    anchor: .middle)
            }
            svg.text("fold \(index + 1)", x: centre, y: frame.bottom + 16, size: 11, anchor: .middle)
            svg.text("\(fold.windows) windows", x: centre, y: frame.bottom + 29, size: 9, anchor: .middle, color: .muted)
        }
        for (offset, score) in [pooled.accuracy, pooled.macroF1].enumerated() where score.isFinite {
            svg.line(x1: frame.x, y1: value(score), x2: frame.right, y2: value(score), stroke: series[offset].1, dashed: true)
        }
        let pooledText =
            "dashed: all folds pooled (accuracy \(DecimalFormat.string(pooled.accuracy, fractionDigits: 3)), "
            + "macro-F1 \(DecimalFormat.string(pooled.macroF1, fractionDigits: 3)))"
        svg.text(pooledText, x: frame.x, y: frame.bottom + 50, size: 11, color: .muted)
        svg.legend(series.map { ($0.0, $0.1) }, x: frame.x, y: frame.y - 14)
        return svg
    }
}

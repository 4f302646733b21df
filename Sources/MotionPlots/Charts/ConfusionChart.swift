/// The picture of an evaluation: the confusion matrix as a heat map (rows: true activity, columns: predicted; each
/// cell's shade is its share of the row, its number the count) beside per-activity precision and recall bars.
public struct ConfusionChart: Sendable {
    /// Activity names, the rows' and columns' order.
    public let classNames: [String]
    /// `counts[truth][prediction]`.
    public let counts: [[Int]]
    /// Per activity: precision and recall, 0...1.
    public let precision: [Double], recall: [Double]
    /// The headline under the title (accuracy, macro-F1, windows).
    public let headline: String

    /// Creates the picture; `counts` must be square over `classNames` (other rows and cells are left out).
    public init(classNames: [String], counts: [[Int]], precision: [Double], recall: [Double], headline: String) {
        self.classNames = classNames
        self.counts = counts
        self.precision = precision
        self.recall = recall
        self.headline = headline
    }

    /// The SVG picture.
    public func document() -> SVGDocument {
        let count = classNames.count
        let nameWidth = max(60, classNames.map { TextMetrics.width($0, size: 12) }.max() ?? 0)
        let cell = count > 12 ? 30.0 : 48
        let matrix = ChartFrame(x: nameWidth + 50, y: 70 + nameWidth, width: cell * Double(count), height: cell * Double(count))
        let bars = ChartFrame(x: matrix.right + nameWidth + 60, y: matrix.y, width: 260, height: matrix.height)
        var svg = SVGDocument(width: bars.right + 40, height: matrix.bottom + 80)
        svg.text("Confusion matrix and per-activity precision / recall", x: 20, y: 24, size: 16, bold: true)
        svg.text(headline, x: 20, y: 44, size: 12, color: .muted)
        let heat = PlotColor.categories[0]
        for truth in 0..<count {
            let row = truth < counts.count ? counts[truth] : []
            let rowTotal = max(1, row.prefix(count).reduce(0, +))
            for prediction in 0..<count {
                let value = prediction < row.count ? row[prediction] : 0
                let share = Double(value) / Double(rowTotal)
                let x = matrix.x + Double(prediction) * cell
                let y = matrix.y + Double(truth) * cell
                svg.rectangle(
                    x: x, y: y, width: cell, height: cell, fill: heat.tinted(1 - share), stroke: .white,
                    title: "\(classNames[truth]) as \(classNames[prediction]): \(value)")
                svg.text(
                    "\(value)", x: x + cell / 2, y: y + cell / 2 + 4, size: cell > 40 ? 12 : 9, anchor: .middle,
                    color: share > 0.5 ? .white : .ink)
            }
            svg.text(classNames[truth], x: matrix.x - 6, y: matrix.y + (Double(truth) + 0.5) * cell + 4, size: 12, anchor: .end)
        }
        for prediction in 0..<count {
            let x = matrix.x + (Double(prediction) + 0.5) * cell + 4
            svg.text(classNames[prediction], x: x, y: matrix.y - 6, size: 12, rotation: -60)
        }
        svg.text("true activity", x: 16, y: matrix.y + matrix.height / 2, size: 12, anchor: .middle, color: .muted, rotation: -90)
        svg.text("predicted activity", x: matrix.x + matrix.width / 2, y: matrix.bottom + 24, size: 12, anchor: .middle, color: .muted)
        svg.text(
            "shade: share of the true activity's windows; number: windows", x: matrix.x, y: matrix.bottom + 44, size: 11, color: .muted)
        drawScores(into: &svg, frame: bars, cell: cell)
        return svg
    }

    private func drawScores(into svg: inout SVGDocument, frame: ChartFrame, cell: Double) {
        let ticks = AxisTicks(covering: 0, 1, target: 4)
        let scale = LinearScale(domain: 0, 1, range: frame.x, frame.right)
        for value in ticks.values { svg.line(x1: scale(value), y1: frame.y, x2: scale(value), y2: frame.bottom, stroke: .grid) }
        svg.horizontalAxis(ticks, scale: scale, frame: frame, title: "score (0 to 1)")
        let series = [("precision", precision, PlotColor.categories[1]), ("recall", recall, PlotColor.categories[2])]
        let barHeight = (cell - 8) / 2
        for (index, name) in classNames.enumerated() {
            let y = frame.y + Double(index) * cell + 4
            svg.text(name, x: frame.x - 6, y: y + cell / 2, size: 12, anchor: .end)
            for (offset, (label, values, color)) in series.enumerated() {
                let value = index < values.count && values[index].isFinite ? min(1, max(0, values[index])) : 0
                let top = y + Double(offset) * barHeight
                svg.rectangle(
                    x: frame.x, y: top, width: scale(value) - frame.x, height: barHeight - 1, fill: color,
                    title: "\(name) \(label) \(DecimalFormat.string(value, fractionDigits: 3))")
                svg.text(DecimalFormat.string(value, fractionDigits: 2), x: scale(value) + 3, y: top + barHeight - 3, size: 10)
            }
        }
        svg.line(x1: frame.x, y1: frame.y, x2: frame.x, y2: frame.bottom, stroke: .ink)
        svg.legend(series.map { ($0.0, $0.2) }, x: frame.x, y: frame.y - 10)
    }
}

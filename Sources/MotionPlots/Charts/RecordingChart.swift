/// The picture of one or more recordings, stacked: per recording a title, its tag band, the predicted-activity band
/// (when a model classified it) and one panel per ``MotionQuantity`` over a shared time axis in seconds.
public struct RecordingChart: Sendable {
    /// The sessions drawn, top to bottom.
    public let traces: [MotionTrace]

    /// The picture's width in pixels.
    public static let width = 1000.0
    /// Pixel columns of the plotting area: the buckets a ``MotionTrace`` needs.
    public static let plotColumns = 820
    private static let left = 80.0
    private static let panelHeight = 96.0
    private static let panelGap = 26.0
    private static let bandHeight = 16.0

    /// Creates the picture of `traces`.
    public init(traces: [MotionTrace]) {
        self.traces = traces
    }

    /// The SVG picture.
    public func document() -> SVGDocument {
        let activityNames = Self.activityNames(traces)
        let blockHeights = traces.map(Self.blockHeight)
        let legendHeight = activityNames.isEmpty ? 0.0 : 30
        let height = 24 + blockHeights.reduce(0, +) + legendHeight + 10
        var svg = SVGDocument(width: Self.width, height: height)
        var top = 10.0
        for (trace, blockHeight) in zip(traces, blockHeights) {
            draw(trace, top: top, colors: activityNames, into: &svg)
            top += blockHeight
        }
        if !activityNames.isEmpty {
            let entries = activityNames.enumerated().map { ($1, PlotColor.category($0)) }
            svg.text("activities:", x: Self.left - 70, y: top + 20, size: 11, color: .muted)
            svg.legend(entries, x: Self.left, y: top + 20)
        }
        return svg
    }

    /// Every tag and predicted activity of the picture, in order of first appearance: the colour of each is its index.
    private static func activityNames(_ traces: [MotionTrace]) -> [String] {
        var names: [String] = []
        for trace in traces {
            for name in (trace.predictions?.labels ?? []) + (trace.tags?.labels ?? []) where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    private static func blockHeight(_ trace: MotionTrace) -> Double {
        let bands = (trace.tags == nil ? 0 : 1) + (trace.predictions == nil ? 0 : 1)
        return 44 + Double(bands) * (bandHeight + 6) + Double(MotionQuantity.allCases.count) * (panelHeight + panelGap) + 24
    }

    private func draw(_ trace: MotionTrace, top: Double, colors names: [String], into svg: inout SVGDocument) {
        let plotWidth = Double(Self.plotColumns)
        svg.text(trace.title, x: Self.left - 70, y: top + 16, size: 15, bold: true)
        svg.text(trace.subtitle, x: Self.left - 70, y: top + 34, size: 11, color: .muted)
        let duration = max(1e-3, (trace.envelope.end ?? 0) - (trace.envelope.start ?? 0))
        let start = trace.envelope.start ?? 0
        let timeTicks = AxisTicks(covering: 0, duration, target: 10)
        let time = LinearScale(domain: 0, duration, range: Self.left, Self.left + plotWidth)
        var y = top + 44
        for (name, timeline) in [("tag", trace.tags), ("predicted", trace.predictions)] {
            guard let timeline else { continue }
            svg.text(name, x: Self.left - 6, y: y + 12, size: 11, anchor: .end)
            svg.rectangle(x: Self.left, y: y, width: plotWidth, height: Self.bandHeight, fill: .grid)
            for span in timeline.spans() {
                let from = time(span.from - start)
                let to = min(time(span.to - start), Self.left + plotWidth)
                let index = names.firstIndex(of: span.label) ?? 0
                svg.rectangle(
                    x: from, y: y, width: to - from, height: Self.bandHeight, fill: PlotColor.category(index),
                    title: "\(span.label) \(AxisTicks(covering: 0, duration).label(span.from - start)) s")
                if to - from > TextMetrics.width(span.label, size: 10) + 6 {
                    svg.text(span.label, x: (from + to) / 2, y: y + 12, size: 10, anchor: .middle, color: .white)
                }
            }
            y += Self.bandHeight + 6
        }
        for quantity in MotionQuantity.allCases {
            let frame = ChartFrame(x: Self.left, y: y + 14, width: plotWidth, height: Self.panelHeight - 14)
            drawPanel(quantity, of: trace, frame: frame, time: time, timeTicks: timeTicks, start: start, into: &svg)
            y += Self.panelHeight + Self.panelGap
        }
        svg.text("time (s)", x: Self.left + plotWidth / 2, y: y + 8, size: 11, anchor: .middle, color: .muted)
    }

    private func drawPanel(
        _ quantity: MotionQuantity, of trace: MotionTrace, frame: ChartFrame, time: LinearScale, timeTicks: AxisTicks,
        start: Double, into svg: inout SVGDocument
    ) {
        let channels = quantity.rawValue * 3..<quantity.rawValue * 3 + 3
        let extremes = trace.envelope.extremes(of: channels) ?? (-1, 1)
        let ticks = AxisTicks(covering: extremes.min, extremes.max, target: 4)
        let value = LinearScale(domain: ticks.bounds.lower, ticks.bounds.upper, range: frame.bottom, frame.y)
        svg.text("\(quantity.title) (\(quantity.unit))", x: frame.x, y: frame.y - 4, size: 12, bold: true)
        let legend = zip(quantity.components, PlotColor.axes).map { ($0, $1) }
        svg.legend(legend, x: frame.right - 150, y: frame.y - 4)
        svg.verticalAxis(ticks, scale: value, frame: frame, title: quantity.unit)
        svg.horizontalAxis(timeTicks, scale: time, frame: frame, title: nil)
        let span = trace.envelope.bucketSpan
        for (component, channel) in channels.enumerated() {
            var points: [(x: Double, y: Double)] = []
            for (index, bucket) in trace.envelope.buckets.enumerated() {
                guard let bucket, bucket[channel].min <= bucket[channel].max else { continue }
                let x = time(Double(index) * span + span / 2)
                points.append((x, value(bucket[channel].min)))
                if bucket[channel].max > bucket[channel].min { points.append((x, value(bucket[channel].max))) }
            }
            svg.polyline(points, stroke: PlotColor.axes[component], width: 1)
        }
        for marker in trace.markers {
            let x = time(marker.time - start)
            svg.line(x1: x, y1: frame.y, x2: x, y2: frame.bottom, stroke: .muted, dashed: true)
            if quantity == .acceleration { svg.text(marker.text, x: x + 3, y: frame.y + 10, size: 9, color: .muted) }
        }
    }
}

/// A rectangle of the picture in pixels: where a panel's plotting area is.
public struct ChartFrame: Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var right: Double { x + width }
    /// The bottom edge.
    public var bottom: Double { y + height }
}

extension SVGDocument {
    /// Draws a vertical axis on the left of `frame` with `ticks`, grid lines across, and `title` turned along it.
    mutating func verticalAxis(_ ticks: AxisTicks, scale: LinearScale, frame: ChartFrame, title: String) {
        for value in ticks.values {
            let y = scale(value)
            line(x1: frame.x, y1: y, x2: frame.right, y2: y, stroke: .grid)
            line(x1: frame.x - 4, y1: y, x2: frame.x, y2: y, stroke: .ink)
            text(ticks.label(value), x: frame.x - 6, y: y + 4, size: 11, anchor: .end)
        }
        line(x1: frame.x, y1: frame.y, x2: frame.x, y2: frame.bottom, stroke: .ink)
        text(title, x: frame.x - 44, y: frame.y + frame.height / 2, size: 11, anchor: .middle, color: .muted, rotation: -90)
    }

    /// Draws a horizontal axis under `frame` with `ticks` and `title` centred below.
    mutating func horizontalAxis(_ ticks: AxisTicks, scale: LinearScale, frame: ChartFrame, title: String?) {
        line(x1: frame.x, y1: frame.bottom, x2: frame.right, y2: frame.bottom, stroke: .ink)
        for value in ticks.values {
            let x = scale(value)
            guard x >= frame.x - 0.5, x <= frame.right + 0.5 else { continue }
            line(x1: x, y1: frame.bottom, x2: x, y2: frame.bottom + 4, stroke: .ink)
            text(ticks.label(value), x: x, y: frame.bottom + 16, size: 11, anchor: .middle)
        }
        if let title { text(title, x: frame.x + frame.width / 2, y: frame.bottom + 32, size: 11, anchor: .middle, color: .muted) }
    }

    /// Draws a legend: a colour swatch and a name per entry, in one row starting at (`x`, `y`); returns its width.
    @discardableResult
    mutating func legend(_ entries: [(name: String, color: PlotColor)], x: Double, y: Double) -> Double {
        var left = x
        for entry in entries {
            rectangle(x: left, y: y - 9, width: 12, height: 10, fill: entry.color)
            text(entry.name, x: left + 16, y: y, size: 11)
            left += 16 + TextMetrics.width(entry.name, size: 11) + 14
        }
        return left - x
    }
}

/// Rough text widths for layout (DejaVu Sans averages about 0.6 em per character).
enum TextMetrics {
    /// The approximate width of `text` at `size` pixels.
    static func width(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.6 }
}

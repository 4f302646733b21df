/// A standalone SVG 1.1 picture built element by element: every coordinate in pixels, every text escaped.
public struct SVGDocument: Sendable {
    /// Width of the picture, in pixels.
    public let width: Double
    /// Height of the picture, in pixels.
    public let height: Double
    private var elements: [String] = []

    /// Creates an empty picture of `width` x `height` pixels on a white background.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        rectangle(x: 0, y: 0, width: width, height: height, fill: .white)
    }

    /// Adds a filled rectangle, optionally outlined.
    public mutating func rectangle(
        x: Double, y: Double, width: Double, height: Double, fill: PlotColor, stroke: PlotColor? = nil, title: String? = nil
    ) {
        let outline = stroke.map { " stroke=\"\($0.hex)\" stroke-width=\"1\"" } ?? ""
        let tooltip = title.map { "<title>\(Self.escaped($0))</title>" } ?? ""
        let geometry =
            "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" "
            + "height=\"\(Self.number(max(0, height)))\""
        elements.append("<rect \(geometry) fill=\"\(fill.hex)\"\(outline)>\(tooltip)</rect>")
    }

    /// Adds a straight line; `dashed` draws it in 4-pixel dashes.
    public mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: PlotColor, width: Double = 1, dashed: Bool = false
    ) {
        let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
        elements.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
                + "stroke=\"\(stroke.hex)\" stroke-width=\"\(Self.number(width))\"\(dash)/>")
    }

    /// Adds an open line through `points` (nothing for fewer than two).
    public mutating func polyline(_ points: [(x: Double, y: Double)], stroke: PlotColor, width: Double = 1) {
        guard points.count > 1 else { return }
        let coordinates = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        elements.append(
            "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(stroke.hex)\" stroke-width=\"\(Self.number(width))\" "
                + "stroke-linejoin=\"round\"/>")
    }

    /// Adds a line of text at (`x`, `y`) (its baseline), anchored at its start, middle or end, optionally turned by
    /// `rotation` degrees about that point.
    public mutating func text(
        _ content: String, x: Double, y: Double, size: Double = 12, anchor: TextAnchor = .start, bold: Bool = false,
        color: PlotColor = .ink, rotation: Double = 0
    ) {
        let turn = rotation == 0 ? "" : " transform=\"rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))\""
        let weight = bold ? " font-weight=\"bold\"" : ""
        elements.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" "
                + "text-anchor=\"\(anchor.rawValue)\" fill=\"\(color.hex)\"\(weight)\(turn)>\(Self.escaped(content))</text>")
    }

    /// The whole document, with its XML declaration.
    public func rendered() -> String {
        let header =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
            + "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
        return header + elements.joined(separator: "\n") + "\n</svg>\n"
    }

    /// `text` with the five XML special characters escaped and control characters dropped (XML 1.0 forbids them).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case _ where scalar.properties.generalCategory == .control: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A coordinate with at most one decimal (a tenth of a pixel); non-finite values become 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return DecimalFormat.string(value, fractionDigits: 1)
    }
}

/// Where a text sits relative to its anchor point.
public enum TextAnchor: String, Sendable {
    /// The text starts at the point.
    case start
    /// The text is centred on the point.
    case middle
    /// The text ends at the point.
    case end
}

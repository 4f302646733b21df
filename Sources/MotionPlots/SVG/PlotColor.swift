/// An sRGB colour written as `#rrggbb`.
public struct PlotColor: Sendable, Hashable {
    /// Red, green and blue, 0...255 each.
    public let red: UInt8, green: UInt8, blue: UInt8

    /// Creates a colour from its 0...255 components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour as SVG writes it.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }

    /// This colour mixed with white: `amount` 0 is the colour, 1 is white.
    public func tinted(_ amount: Double) -> PlotColor {
        let keep = 1 - min(1, max(0, amount))
        func mix(_ component: UInt8) -> UInt8 { UInt8((Double(component) * keep + 255 * (1 - keep)).rounded()) }
        return PlotColor(red: mix(red), green: mix(green), blue: mix(blue))
    }

    /// White.
    public static let white = PlotColor(red: 255, green: 255, blue: 255)
    /// The text and axis colour.
    public static let ink = PlotColor(red: 34, green: 34, blue: 34)
    /// Grid lines.
    public static let grid = PlotColor(red: 225, green: 225, blue: 225)
    /// Secondary text (units, notes).
    public static let muted = PlotColor(red: 110, green: 110, blue: 110)

    /// The x, y and z components (and roll, pitch, yaw): red, green, blue as most motion plots draw them.
    public static let axes = [
        PlotColor(red: 214, green: 39, blue: 40), PlotColor(red: 44, green: 160, blue: 44), PlotColor(red: 31, green: 119, blue: 180),
    ]

    /// Colours for categories (activities, series), distinguishable from each other (Tableau 10).
    public static let categories = [
        PlotColor(red: 31, green: 119, blue: 180), PlotColor(red: 255, green: 127, blue: 14), PlotColor(red: 44, green: 160, blue: 44),
        PlotColor(red: 214, green: 39, blue: 40), PlotColor(red: 148, green: 103, blue: 189), PlotColor(red: 140, green: 86, blue: 75),
        PlotColor(red: 227, green: 119, blue: 194), PlotColor(red: 127, green: 127, blue: 127), PlotColor(red: 188, green: 189, blue: 34),
        PlotColor(red: 23, green: 190, blue: 207),
    ]

    /// The colour of category `index`; past the palette's ten, lighter shades of it.
    public static func category(_ index: Int) -> PlotColor {
        let palette = categories
        let base = palette[abs(index) % palette.count]
        return base.tinted(min(0.6, Double(abs(index) / palette.count) * 0.35))
    }
}

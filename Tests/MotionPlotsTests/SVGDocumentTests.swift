import Testing

@testable import MotionPlots

/// The SVG writer's escaping and number text, the axis ticks and the colour arithmetic.
@Suite("SVG document, ticks and colours")
struct SVGDocumentTests {
    @Test("text is escaped for XML: markup and control characters from a file name cannot break the picture")
    func escaping() {
        #expect(SVGDocument.escaped("a<b>&\"c'\u{07}d") == "a&lt;b&gt;&amp;&quot;c&apos;d")
        var svg = SVGDocument(width: 10, height: 10)
        svg.text("</svg><script>", x: 1, y: 2)
        let rendered = svg.rendered()
        #expect(rendered.contains("&lt;/svg&gt;&lt;script&gt;"))
        #expect(rendered.components(separatedBy: "</svg>").count == 2)
    }

    @Test("numbers: a tenth of a pixel, no exponent, non-finite as 0")
    func numbers() {
        #expect(SVGDocument.number(12.345) == "12.3")
        #expect(SVGDocument.number(-0.04) == "0")
        #expect(SVGDocument.number(3) == "3")
        #expect(SVGDocument.number(.nan) == "0")
        #expect(DecimalFormat.string(1234.5678, fractionDigits: 2) == "1234.57")
        #expect(DecimalFormat.string(-0.5, fractionDigits: 0) == "-1")
        #expect(DecimalFormat.string(0.05, fractionDigits: 2) == "0.05")
    }

    @Test("ticks are 1, 2 or 5 times a power of ten, cover the data and label with the step's decimals")
    func ticks() {
        let ticks = AxisTicks(covering: -1.23, 0.87, target: 6)
        #expect(ticks.step == 0.5)
        #expect(ticks.values == [-1.5, -1, -0.5, 0, 0.5, 1])
        #expect(ticks.values.map(ticks.label) == ["-1.5", "-1", "-0.5", "0", "0.5", "1"])
        let time = AxisTicks(covering: 0, 47.98, target: 10)
        #expect(time.step == 5)
        #expect(time.values.first == 0 && time.values.last == 50)
        let flat = AxisTicks(covering: 2, 2)
        #expect(flat.values.first! < 2 && flat.values.last! > 2)
        let huge = AxisTicks(covering: -1e300, 1e300)
        #expect(huge.values.count <= 100)
    }

    @Test("colours: hex text, tints toward white, a colour for every category")
    func colours() {
        #expect(PlotColor(red: 255, green: 0, blue: 16).hex == "#ff0010")
        #expect(PlotColor(red: 0, green: 0, blue: 0).tinted(1) == .white)
        #expect(PlotColor(red: 0, green: 0, blue: 0).tinted(0.5).hex == "#808080")
        #expect(Set((0..<10).map(PlotColor.category)).count == 10)
        #expect(PlotColor.category(10) != PlotColor.category(0))
    }
}

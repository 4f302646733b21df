import Foundation
import IIOTestbed
import Testing

@testable import MotionPlots

/// Every kind of picture rendered by a real SVG renderer (librsvg's rsvg-convert) to PNG: it must parse, have the
/// picture's size, not be blank, and carry its axes, units and legends as text.
@Suite(
    "Pictures through rsvg-convert",
    .enabled(if: SVGRenderer.executable != nil, "needs rsvg-convert (apt-get install librsvg2-bin; make deps)"))
struct ChartRenderingTests {
    /// A minute of walking then sitting at 25 Hz, with a gap marker and predictions.
    static func walkingThenSitting() -> MotionTrace {
        var trace = MotionTrace(title: "walk & sit <1>.imurec", subtitle: "tag walking-to-sitting", columns: RecordingChart.plotColumns)
        for index in 0..<1500 {
            let time = Double(index) / 25
            let walking = time < 30
            let swing = walking ? sin(time * 2 * .pi * 1.8) : 0
            trace.add(
                time: time,
                values: [
                    0.1 * swing, -1 + 0.3 * swing, 0.05, 0, -1, 0, 0.1 * swing, 0.3 * swing, 0.05, swing, 0.2 * swing, 0, 5 * swing, 10, 90,
                ])
            if index % 50 == 49 { trace.predicted(walking ? "walking" : "sitting", from: time - 2, to: time) }
        }
        trace.tag("walking-to-sitting", from: 0, to: 59.96)
        trace.mark("gap 0.5 s", at: 40)
        return trace
    }

    @Test("a recording: five panels with units, the tag and predicted bands, the activity legend")
    func recording() throws {
        let svg = RecordingChart(traces: [Self.walkingThenSitting(), Self.walkingThenSitting()]).document().rendered()
        for label in [
            "acceleration (g)", "gravity (g)", "user acceleration (g)", "rotation rate (rad/s)", "attitude (degrees)", "time (s)", "roll",
            "pitch", "yaw", "predicted", "tag", "activities:", "walking", "sitting", "walk &amp; sit &lt;1&gt;.imurec", "rad/s", "degrees",
        ] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        let rendering = try render(svg, named: "recording")
        #expect(rendering.width == 1000)
        #expect(rendering.height > 1200)
    }

    @Test("an evaluation: the confusion heat map with counts, axis titles and precision/recall bars")
    func confusion() throws {
        let chart = ConfusionChart(
            classNames: ["sitting", "standing", "walking"], counts: [[40, 2, 0], [5, 30, 1], [0, 3, 60]],
            precision: [0.889, 0.857, 0.984], recall: [0.952, 0.833, 0.952], headline: "accuracy 0.922 over 141 windows")
        let svg = chart.document().rendered()
        for label in ["true activity", "predicted activity", "precision", "recall", "score (0 to 1)", "40", "60", "0.95", "sitting"] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        _ = try render(svg, named: "confusion")
    }

    @Test("a cross-validation: a bar pair per fold, the pooled scores dashed, axis and legend")
    func folds() throws {
        let chart = FoldScoresChart(
            folds: [.init(accuracy: 0.91, macroF1: 0.88, windows: 120), .init(accuracy: 0.75, macroF1: 0.7, windows: 98)],
            pooled: (0.838, 0.80), headline: "2 folds grouped by subject")
        let svg = chart.document().rendered()
        for label in ["fold 1", "fold 2", "accuracy", "macro-F1", "score (0 to 1)", "120 windows", "0.91"] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        #expect(svg.contains("stroke-dasharray"))
        _ = try render(svg, named: "folds")
    }

    @Test("a day at 10 Hz draws in as many points as a minute: the SVG's size does not grow with the recording")
    func boundedSize() throws {
        var long = MotionTrace(title: "day", columns: RecordingChart.plotColumns)
        for index in 0..<(24 * 3600 * 10) {
            long.add(time: Double(index) / 10, values: Array(repeating: Double(index % 13), count: 15))
        }
        let svg = RecordingChart(traces: [long]).document().rendered()
        #expect(long.envelope.buckets.count <= RecordingChart.plotColumns)
        #expect(svg.utf8.count < 600_000)
        _ = try render(svg, named: "day")
    }

    /// Writes `svg`, renders it and checks the PNG is not blank (a drawing compresses far worse than white).
    private func render(_ svg: String, named name: String) throws -> SVGRenderer.Rendering {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imu-plots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).svg")
        try Data(svg.utf8).write(to: file)
        let rendering = try SVGRenderer.render(file, to: directory.appendingPathComponent("\(name).png"))
        #expect(rendering.standardError.isEmpty, "\(rendering.standardError)")
        #expect(rendering.bytes > 3 * rendering.blankBytes, "\(name): \(rendering.bytes) bytes against \(rendering.blankBytes) blank")
        return rendering
    }
}

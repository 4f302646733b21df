import Foundation
import MotionSamples

/// Writes samples to stdout as text or JSON lines.
struct SamplePrinter {
    /// One sample as a JSON line: vectors as `{"x", "y", "z"}` objects, `rotationRate` only with a gyroscope.
    private struct Line: Encodable {
        let timestamp: Double
        let acceleration: Vector3
        let rotationRate: Vector3?
    }

    let json: Bool
    private let encoder: JSONEncoder

    init(json: Bool) {
        self.json = json
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
    }

    /// Prints `sample` on one line; fails only for a JSON value that is not finite.
    func print(_ sample: IMUSample) throws {
        Swift.print(json ? try jsonLine(sample) : textLine(sample))
    }

    private func jsonLine(_ sample: IMUSample) throws -> String {
        let line = Line(timestamp: sample.timestamp, acceleration: sample.acceleration, rotationRate: sample.rotationRate)
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }

    private func textLine(_ sample: IMUSample) -> String {
        var line = String(
            format: "%14.6f s  acc %8.4f %8.4f %8.4f g", sample.timestamp, sample.acceleration.x, sample.acceleration.y,
            sample.acceleration.z)
        if let r = sample.rotationRate { line += String(format: "   rot %8.4f %8.4f %8.4f rad/s", r.x, r.y, r.z) }
        return line
    }
}

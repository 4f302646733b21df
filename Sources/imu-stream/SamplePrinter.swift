import Foundation
import MotionSamples

/// Writes samples to stdout as text or JSON lines.
struct SamplePrinter {
    /// Whether to print JSON lines (the sample in ``MotionField`` names) instead of text.
    let json: Bool

    /// Prints `sample` on one line; fails only for a JSON value that is not finite.
    func print(_ sample: IMUSample) throws {
        Swift.print(json ? try JSONLine.encode(sample) : textLine(sample))
    }

    private func textLine(_ sample: IMUSample) -> String {
        var line = String(
            format: "%14.6f s  acc %8.4f %8.4f %8.4f g", sample.timestamp, sample.acceleration.x, sample.acceleration.y,
            sample.acceleration.z)
        if let r = sample.rotationRate { line += String(format: "   rot %8.4f %8.4f %8.4f rad/s", r.x, r.y, r.z) }
        return line
    }
}

import Foundation
import MotionSamples

/// Writes samples to stdout as text or JSON lines.
struct SamplePrinter {
    /// Whether to print JSON lines (the sample in ``MotionField`` names) instead of text.
    let json: Bool

    /// Prints `printed` on one line; fails only for a JSON value that is not finite.
    func print(_ printed: PrintedSample) throws {
        Swift.print(json ? try JSONLine.encode(printed) : textLine(printed))
    }

    private func textLine(_ printed: PrintedSample) -> String {
        let sample = printed.sample
        var line = String(
            format: "%14.6f s  acc %8.4f %8.4f %8.4f g", sample.timestamp, sample.acceleration.x, sample.acceleration.y,
            sample.acceleration.z)
        if let r = sample.rotationRate { line += String(format: "   rot %8.4f %8.4f %8.4f rad/s", r.x, r.y, r.z) }
        if let m = printed.magneticField { line += String(format: "   mag %8.2f %8.2f %8.2f uT", m.x, m.y, m.z) }
        return line
    }
}

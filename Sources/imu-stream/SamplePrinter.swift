import Foundation
import MotionSamples

/// Writes samples to stdout as text or JSON lines.
struct SamplePrinter {
    let json: Bool

    func print(_ sample: IMUSample) {
        Swift.print(json ? jsonLine(sample) : textLine(sample))
    }

    private func jsonLine(_ sample: IMUSample) -> String {
        var line = "{\"timestamp\": \(sample.timestamp), \"acceleration\": \(object(sample.acceleration))"
        if let rotationRate = sample.rotationRate { line += ", \"rotationRate\": \(object(rotationRate))" }
        return line + "}"
    }

    private func object(_ v: Vector3) -> String { "{\"x\": \(v.x), \"y\": \(v.y), \"z\": \(v.z)}" }

    private func textLine(_ sample: IMUSample) -> String {
        var line = String(
            format: "%14.6f s  acc %8.4f %8.4f %8.4f g", sample.timestamp, sample.acceleration.x, sample.acceleration.y,
            sample.acceleration.z)
        if let r = sample.rotationRate { line += String(format: "   rot %8.4f %8.4f %8.4f rad/s", r.x, r.y, r.z) }
        return line
    }
}

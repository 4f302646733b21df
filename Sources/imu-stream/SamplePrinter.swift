import CommandLineSupport
import MotionSamples

/// Writes samples to stdout as text or JSON lines.
struct SamplePrinter {
    /// Whether to print JSON lines (the sample in ``MotionField`` names) instead of text.
    let json: Bool

    /// Prints `printed` on one line; fails only for a JSON value that is not finite.
    func print(_ printed: PrintedSample) throws {
        Swift.print(json ? try JSONLine.encode(printed) : textLine(printed))
    }

    /// `  12.345678 s  acc   0.0012  -0.9987   0.0311 g   rot ... rad/s   mag ... uT`, in printf's fixed-point columns.
    private func textLine(_ printed: PrintedSample) -> String {
        let sample = printed.sample
        var line: [UInt8] = []
        line.reserveCapacity(120)
        FixedPointText.append(sample.timestamp, decimals: 6, width: 14, to: &line)
        line.append(contentsOf: " s  acc".utf8)
        Self.append(sample.acceleration, decimals: 4, unit: " g", to: &line)
        if let rotationRate = sample.rotationRate {
            line.append(contentsOf: "   rot".utf8)
            Self.append(rotationRate, decimals: 4, unit: " rad/s", to: &line)
        }
        if let field = printed.magneticField {
            line.append(contentsOf: "   mag".utf8)
            Self.append(field, decimals: 2, unit: " uT", to: &line)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends ` x y z` (each `%8.Df`) and `unit`.
    private static func append(_ vector: Vector3, decimals: Int, unit: String, to line: inout [UInt8]) {
        for value in [vector.x, vector.y, vector.z] {
            line.append(UInt8(ascii: " "))
            FixedPointText.append(value, decimals: decimals, width: 8, to: &line)
        }
        line.append(contentsOf: unit.utf8)
    }
}

import DeviceMotionKit
import MotionSamples

/// Formats ``DeviceMotion`` estimates as one JSON object per line, in ``MotionField`` names.
enum MotionJSON {
    /// One JSON object (no trailing newline) for `motion`; fails only for a value that is not finite.
    static func line(_ motion: DeviceMotion) throws -> String {
        try JSONLine.encode(motion)
    }
}

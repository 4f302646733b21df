import DeviceMotionKit
import Foundation
import MotionSamples

/// Formats ``DeviceMotion`` estimates as one JSON object per line, through `JSONEncoder`.
enum MotionJSON {
    /// One estimate as it appears on a line: vectors and the quaternion (w, x, y, z) as arrays.
    private struct Line: Encodable {
        let timestamp: Double
        let quaternion: [Double]
        let gravity: [Double]
        let userAcceleration: [Double]
        let rotationRate: [Double]
    }

    /// One JSON object (no trailing newline) for `motion`; fails only for a value that is not finite.
    static func line(_ motion: DeviceMotion) throws -> String {
        let q = motion.attitude.quaternion
        func array(_ v: MotionSamples.Vector3) -> [Double] { [v.x, v.y, v.z] }
        let line = Line(
            timestamp: motion.timestamp, quaternion: [q.w, q.x, q.y, q.z], gravity: array(motion.gravity),
            userAcceleration: array(motion.userAcceleration), rotationRate: array(motion.rotationRate))
        return String(decoding: try sortedKeysEncoder().encode(line), as: UTF8.self)
    }
}

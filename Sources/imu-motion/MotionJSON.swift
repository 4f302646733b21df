import DeviceMotionKit
import Foundation
import MotionSamples

/// Formats ``DeviceMotion`` estimates as one JSON object per line.
enum MotionJSON {
    /// One JSON object (no trailing newline) for `motion`.
    static func line(_ motion: DeviceMotion) -> String {
        let q = motion.attitude.quaternion
        func vector(_ v: MotionSamples.Vector3) -> String { "[\(v.x),\(v.y),\(v.z)]" }
        return "{\"timestamp\":\(motion.timestamp),\"quaternion\":[\(q.w),\(q.x),\(q.y),\(q.z)],"
            + "\"gravity\":\(vector(motion.gravity)),\"userAcceleration\":\(vector(motion.userAcceleration)),"
            + "\"rotationRate\":\(vector(motion.rotationRate))}"
    }
}

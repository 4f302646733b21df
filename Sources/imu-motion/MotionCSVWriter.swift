import DeviceMotionKit
import Foundation

/// Formats ``DeviceMotion`` estimates as CSV rows.
enum MotionCSVWriter {
    /// The header row.
    static let header = "timestamp,qw,qx,qy,qz,gravity_x,gravity_y,gravity_z,user_x,user_y,user_z,rate_x,rate_y,rate_z"

    /// One CSV row for `motion`.
    static func row(_ motion: DeviceMotion) -> String {
        let q = motion.attitude.quaternion
        let values = [
            q.w, q.x, q.y, q.z,
            motion.gravity.x, motion.gravity.y, motion.gravity.z,
            motion.userAcceleration.x, motion.userAcceleration.y, motion.userAcceleration.z,
            motion.rotationRate.x, motion.rotationRate.y, motion.rotationRate.z,
        ]
        return String(format: "%.6f", motion.timestamp) + "," + values.map { String(format: "%.7f", $0) }.joined(separator: ",")
    }
}

import DeviceMotionKit
import MotionRecording

#if canImport(Glibc)
import Glibc
#endif

extension Quaternion {
    /// The attitude CoreMotion reports as `roll`, `pitch` and `yaw` (radians): yaw about z, then pitch about x, then roll about y.
    ///
    /// Equals `q_z(yaw) * q_x(pitch) * q_y(roll)`, CMAttitude's Z-X'-Y'' convention; it rotates
    /// device-frame vectors into the reference frame.
    public init(coreMotionRoll roll: Double, pitch: Double, yaw: Double) {
        let (sinRoll, cosRoll) = (sin(roll / 2), cos(roll / 2))
        let (sinPitch, cosPitch) = (sin(pitch / 2), cos(pitch / 2))
        let (sinYaw, cosYaw) = (sin(yaw / 2), cos(yaw / 2))
        self.init(
            w: cosYaw * cosPitch * cosRoll - sinYaw * sinPitch * sinRoll,
            x: cosYaw * sinPitch * cosRoll - sinYaw * cosPitch * sinRoll,
            y: cosYaw * cosPitch * sinRoll + sinYaw * sinPitch * cosRoll,
            z: cosYaw * sinPitch * sinRoll + sinYaw * cosPitch * cosRoll
        )
    }
}

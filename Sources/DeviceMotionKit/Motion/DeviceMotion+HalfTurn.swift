import MotionSamples

extension DeviceMotion {
    /// The same motion as the device would have measured turned half a turn about its own z axis (upside down in a
    /// pocket, its screen still facing the same way): x and y of every vector change sign, the attitude turns by pi
    /// about the device's z axis and the heading by 180°.
    public var turnedHalfAboutZ: DeviceMotion {
        let q = attitude.quaternion
        var turned = self
        // q · (0, 0, 0, 1): the device-to-reference rotation followed, on the device side, by pi about z.
        turned.attitude = Attitude(quaternion: Quaternion(w: -q.z, x: q.y, y: -q.x, z: q.w))
        turned.rotationRate = rotationRate.turnedHalfAboutZ
        turned.gravity = gravity.turnedHalfAboutZ
        turned.userAcceleration = userAcceleration.turnedHalfAboutZ
        turned.heading = heading.map { $0 < 180 ? $0 + 180 : $0 - 180 }
        turned.magneticField = magneticField.map {
            CalibratedMagneticField(field: $0.field.turnedHalfAboutZ, accuracy: $0.accuracy)
        }
        return turned
    }
}

extension Vector3 {
    /// The vector seen from a frame turned half a turn about z: x and y change sign.
    fileprivate var turnedHalfAboutZ: Vector3 { Vector3(x: -x, y: -y, z: z) }
}

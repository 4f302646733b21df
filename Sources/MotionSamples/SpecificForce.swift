/// Standard gravity, in m/s^2 per g (9.80665, the CGPM definition CoreMotion's g follows).
public let standardGravity = 9.80665

extension Vector3 {
    /// CoreMotion's acceleration, in g, from a specific force in m/s^2 with the sensor sign IIO drivers and
    /// datasets such as BROAD use (about +9.81 on the up axis at rest): lying face up, (0, 0, 9.81) becomes
    /// (0, 0, -1).
    @inlinable
    public init(accelerationFromSpecificForce specificForce: Vector3) {
        self = specificForce * (-1 / standardGravity)
    }
}

import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// The gravity estimate for devices without a gyroscope (many laptops and tablets): a second-order low-pass of
/// the accelerometer, normalised.
///
/// This is only right while the device is still or moves slowly: under rotation it lags, and sustained user
/// acceleration tilts it (on BROAD, any corner frequency gives 24-53° inclination error, against under 1° with a
/// gyroscope). The attitude built from it has a meaningful roll and pitch but no yaw (reported as zero), and
/// no rotation rate is known; ``MotionManager/availableFields`` says so. Readings far from 1 g (free fall, impacts,
/// hard shakes: more than ``magnitudeTolerance`` away) say nothing about the direction of gravity and are left out,
/// so the estimate holds instead of following the noise of a falling device.
public struct AccelerometerGravityFilter: Sendable {
    /// The low-pass time constant in seconds (0.75 s: a corner of 0.3 Hz, as the UCI HAR gravity split).
    public let timeConstant: Double
    /// How far, in g, a reading's magnitude may be from 1 g and still be averaged in (0.5 g by default).
    public let magnitudeTolerance: Double
    /// The low-pass of the raw acceleration.
    private var lowPass: VectorLowPass
    /// The last gravity estimate, in g, unit length; (0, 0, -1) before the first reading.
    public private(set) var gravity = Vector3(x: 0, y: 0, z: -1)

    /// Creates a filter for readings every `samplePeriod` seconds.
    public init(samplePeriod: Double, timeConstant: Double = 0.75, magnitudeTolerance: Double = 0.5) {
        self.timeConstant = timeConstant
        self.magnitudeTolerance = magnitudeTolerance
        lowPass = VectorLowPass(tau: timeConstant, period: samplePeriod)
    }

    /// Feeds one raw acceleration in g (CoreMotion signs); non-finite readings and readings whose magnitude is more
    /// than ``magnitudeTolerance`` away from 1 g are ignored.
    public mutating func update(acceleration: Vector3) {
        guard acceleration.x.isFinite, acceleration.y.isFinite, acceleration.z.isFinite,
            abs(acceleration.norm - 1) <= magnitudeTolerance
        else { return }
        let mean = lowPass.step(acceleration)
        let length = mean.norm
        if length > 0 { gravity = mean / length }
    }

    /// The attitude with the estimated inclination and zero yaw: `Rx(pitch) · Ry(roll)` in CoreMotion's Euler
    /// convention, so ``Attitude/roll`` and ``Attitude/pitch`` are the device's tilt and ``Attitude/yaw`` is zero
    /// (except upright at pitch ±90°, where roll and yaw are one rotation and cannot be told apart).
    public var orientation: Quaternion { Self.orientation(gravity: gravity) }

    /// The attitude ``orientation`` builds from a gravity estimate (unit length, device frame).
    static func orientation(gravity: Vector3) -> Quaternion {
        let up = -gravity
        let pitch = asin(max(-1, min(1, up.y)))
        let roll = atan2(-up.x, up.z)
        let (sinPitch, cosPitch) = (sin(pitch / 2), cos(pitch / 2))
        let (sinRoll, cosRoll) = (sin(roll / 2), cos(roll / 2))
        return Quaternion(w: cosPitch * cosRoll, x: sinPitch * cosRoll, y: cosPitch * sinRoll, z: sinPitch * sinRoll)
    }
}

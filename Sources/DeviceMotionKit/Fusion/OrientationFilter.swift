import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// A 6D orientation filter (gyroscope + accelerometer) after VQF (Laidig & Seel, "VQF: Highly Accurate IMU
/// Orientation Estimation with Bias Estimation and Magnetic Disturbance Rejection", Information Fusion 2023).
///
/// The gyroscope, minus its estimated bias, is integrated into an almost-inertial frame. The accelerometer is
/// rotated into that frame and low-passed there (second order, ``FusionParameters/accelerometerTimeConstant``),
/// where gravity is constant and user acceleration averages out even under fast rotation; the low-passed
/// direction then corrects the inclination in full. The bias is estimated by a Kalman filter from those
/// corrections and, at rest, from the mean gyroscope reading.
///
/// Feed it every reading at the sensor rate; it allocates nothing per update. Readings use CoreMotion units and
/// signs (acceleration in g, (0, 0, -1) face up; rotation rate in rad/s).
///
/// Magnetometer readings (``update(magneticField:interval:)``, optional) never touch ``orientation``: they drive a
/// separate heading correction about the vertical (``HeadingCorrection``, rejected while
/// ``MagneticDisturbanceDetector`` sees a disturbed field), and ``magneticNorthOrientation`` applies it, as VQF's 9D
/// estimate applies its heading correction to the 6D one.
///
/// ```swift
/// var filter = OrientationFilter(samplePeriod: 1 / 200)
/// filter.update(rotationRate: gyro, acceleration: accel)
/// let gravity = filter.gravity  // (0, 0, -1) lying face up
/// ```
public struct OrientationFilter: Sendable {
    /// The tuning in use.
    public let parameters: FusionParameters
    /// The nominal period between readings, in seconds.
    public let samplePeriod: Double
    /// Integrated gyroscope: device frame into the almost-inertial frame.
    private var gyroscopeQuaternion = Quaternion.identity
    /// Inclination correction: almost-inertial frame into the earth frame (z up).
    private var inclinationQuaternion = Quaternion.identity
    /// Low-pass of the specific force in the almost-inertial frame.
    private var inertialAccelerationLowPass: VectorLowPass
    /// Rest detection.
    private var restDetector: RestDetector
    /// Gyroscope bias estimation.
    private var biasEstimator: GyroBiasEstimator
    /// The last bias-corrected rotation rate, in rad/s.
    public private(set) var rotationRate = Vector3.zero
    /// Magnetic disturbance detection.
    private var disturbanceDetector: MagneticDisturbanceDetector
    /// The magnetometer's heading correction.
    private var headingCorrection: HeadingCorrection

    /// Creates a filter for readings every `samplePeriod` seconds, starting level (gravity along -z), and
    /// magnetometer readings every `magnetometerPeriod` seconds (by default `samplePeriod`).
    public init(samplePeriod: Double, parameters: FusionParameters = .init(), magnetometerPeriod: Double? = nil) {
        self.parameters = parameters
        self.samplePeriod = samplePeriod
        inertialAccelerationLowPass = VectorLowPass(tau: parameters.accelerometerTimeConstant, period: samplePeriod)
        restDetector = RestDetector(parameters: parameters, period: samplePeriod)
        biasEstimator = GyroBiasEstimator(parameters: parameters, period: samplePeriod)
        disturbanceDetector = MagneticDisturbanceDetector(
            parameters: parameters.magnetic, period: magnetometerPeriod ?? samplePeriod)
        headingCorrection = HeadingCorrection(parameters: parameters.magnetic)
    }

    /// The orientation: a unit quaternion rotating device-frame vectors into the earth frame (z up, yaw arbitrary).
    public var orientation: Quaternion { inclinationQuaternion * gyroscopeQuaternion }

    /// The integrated gyroscope alone: device frame into the almost-inertial frame, where the specific force is
    /// low-passed (``GravitySmoother`` low-passes it backwards there).
    var strapdownOrientation: Quaternion { gyroscopeQuaternion }

    /// Gravity in the device frame, in g, CoreMotion signs: (0, 0, -1) lying face up.
    public var gravity: Vector3 { -orientation.inverseRotate(Vector3(x: 0, y: 0, z: 1)) }

    /// The estimated gyroscope bias, in rad/s.
    public var gyroscopeBias: Vector3 { biasEstimator.bias }

    /// Whether the device is currently at rest (still long enough for a rest bias update).
    public var isResting: Bool { restDetector.isResting }

    /// The rotation about the vertical, in radians (-pi...pi, counter-clockwise seen from above), that turns
    /// ``orientation``'s earth frame into the magnetic-north one; 0 before any magnetometer reading.
    public var headingCorrectionAngle: Double { headingCorrection.angle }

    /// ``headingCorrectionAngle`` after the first magnetometer reading (the origin of
    /// ``AttitudeReferenceFrame/xArbitraryCorrectedZVertical``), or `nil` before any reading.
    public var initialHeadingCorrectionAngle: Double? { headingCorrection.initialAngle }

    /// The orientation in the magnetic-north frame (x towards magnetic north, y west, z up): ``orientation`` turned
    /// by ``headingCorrectionAngle`` about the vertical.
    public var magneticNorthOrientation: Quaternion {
        Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: headingCorrection.angle) * orientation
    }

    /// Whether the magnetometer currently sees a disturbed field (or has not learned the undisturbed one yet), so
    /// the heading holds on the gyroscope.
    public var isMagneticallyDisturbed: Bool { disturbanceDetector.isDisturbed }

    /// Feeds one magnetometer reading, after the ``update(rotationRate:acceleration:interval:)`` of the same instant.
    /// - Parameters:
    ///   - magneticField: The field in the device frame, in microtesla (any constant unit works); a non-finite or
    ///     all-zero reading corrects nothing.
    ///   - interval: Seconds since the previous magnetometer reading; `nil` uses the nominal period.
    public mutating func update(magneticField: Vector3, interval: Double? = nil) {
        guard magneticField.x.isFinite, magneticField.y.isFinite, magneticField.z.isFinite, magneticField != .zero
        else { return }
        let interval = interval ?? samplePeriod
        let earthField = orientation.rotate(magneticField)
        if parameters.magnetic.rejectsDisturbances {
            disturbanceDetector.update(
                earthField: earthField, rotationRate: restDetector.meanRotationRate.norm, interval: interval)
        }
        headingCorrection.update(
            earthField: earthField, isDisturbed: disturbanceDetector.isDisturbed, interval: interval)
    }

    /// Feeds one reading pair.
    /// - Parameters:
    ///   - rotationRate: Gyroscope reading in rad/s.
    ///   - acceleration: Raw accelerometer reading in g, CoreMotion signs; an all-zero reading corrects nothing.
    ///   - interval: Seconds since the previous reading, for the gyroscope integration and the rest duration; `nil`
    ///     uses the nominal period.
    public mutating func update(rotationRate gyroscope: Vector3, acceleration: Vector3, interval: Double? = nil) {
        let interval = interval ?? samplePeriod
        integrate(gyroscope: gyroscope, interval: interval)
        correct(specificForce: -acceleration, interval: interval)
    }

    /// Rest detection on the gyroscope, then integration of the bias-corrected rate over `interval`.
    @inline(__always)
    private mutating func integrate(gyroscope: Vector3, interval: Double) {
        guard gyroscope.x.isFinite, gyroscope.y.isFinite, gyroscope.z.isFinite else { return }
        restDetector.update(gyroscope: gyroscope)
        let unbiased = gyroscope - biasEstimator.bias
        rotationRate = unbiased
        let rate = unbiased.norm
        guard rate > 1e-12 else { return }
        let halfAngle = rate * interval / 2
        let scale = sin(halfAngle) / rate
        let step = Quaternion(w: cos(halfAngle), x: unbiased.x * scale, y: unbiased.y * scale, z: unbiased.z * scale)
        gyroscopeQuaternion = (gyroscopeQuaternion * step).normalized
    }

    /// Rest detection on the accelerometer (`interval` seconds more of stillness), inclination correction, bias update.
    @inline(__always)
    private mutating func correct(specificForce: Vector3, interval: Double) {
        guard specificForce.x.isFinite, specificForce.y.isFinite, specificForce.z.isFinite,
            specificForce != .zero
        else { return }
        restDetector.update(accelerometer: specificForce, interval: interval)
        let inertial = inertialAccelerationLowPass.step(gyroscopeQuaternion.rotate(specificForce))
        let earth = inclinationQuaternion.rotate(inertial)
        let length = earth.norm
        guard length > 0 else { return }
        let up = earth / length
        let halfCos = ((up.z + 1) / 2).squareRoot()
        let correction =
            halfCos > 1e-6
            ? Quaternion(w: halfCos, x: 0.5 * up.y / halfCos, y: -0.5 * up.x / halfCos, z: 0)
            : Quaternion(w: 0, x: 1, y: 0, z: 0)
        inclinationQuaternion = (correction * inclinationQuaternion).normalized
        biasEstimator.update(
            orientation: orientation, uncorrectedUp: up,
            restingRate: restDetector.isResting ? restDetector.meanRotationRate : nil)
    }
}

import MotionSamples

/// Decides whether the device lies still: gyroscope and accelerometer stay close to their own low-pass for
/// ``FusionParameters/restMinimumDuration`` seconds. At rest, the low-passed gyroscope is the bias.
struct RestDetector: Sendable {
    /// Squared gyroscope threshold, in (rad/s)^2.
    private let gyroscopeThresholdSquared: Double
    /// Squared accelerometer threshold, in g^2.
    private let accelerometerThresholdSquared: Double
    /// Largest plausible bias per axis, in rad/s; a larger mean rotation is motion.
    private let biasClip: Double
    /// Seconds of stillness needed.
    private let minimumDuration: Double
    /// Low-pass of the gyroscope.
    private var gyroscopeLowPass: VectorLowPass
    /// Low-pass of the accelerometer.
    private var accelerometerLowPass: VectorLowPass
    /// How long the device has been still, in seconds.
    private var stillTime = 0.0
    /// Whether the device is at rest.
    private(set) var isResting = false

    /// A detector with the thresholds of `parameters`, fed every `period` seconds.
    init(parameters: FusionParameters, period: Double) {
        let degree = Double.pi / 180
        gyroscopeThresholdSquared = (parameters.restGyroscopeThreshold * degree) * (parameters.restGyroscopeThreshold * degree)
        accelerometerThresholdSquared = parameters.restAccelerometerThreshold * parameters.restAccelerometerThreshold
        biasClip = parameters.biasClip * degree
        minimumDuration = parameters.restMinimumDuration
        gyroscopeLowPass = VectorLowPass(tau: parameters.restFilterTimeConstant, period: period)
        accelerometerLowPass = VectorLowPass(tau: parameters.restFilterTimeConstant, period: period)
    }

    /// The low-passed gyroscope, in rad/s: the bias measurement while resting.
    var meanRotationRate: Vector3 { gyroscopeLowPass.value }

    /// Feeds a gyroscope reading (rad/s); a reading far from the mean, or a mean too large to be bias, ends rest.
    @inline(__always)
    mutating func update(gyroscope: Vector3) {
        let mean = gyroscopeLowPass.step(gyroscope)
        let deviation = gyroscope - mean
        if deviation.dot(deviation) >= gyroscopeThresholdSquared || abs(mean.x) > biasClip || abs(mean.y) > biasClip
            || abs(mean.z) > biasClip
        {
            stillTime = 0
            isResting = false
        }
    }

    /// Feeds an accelerometer reading (g) taken `interval` seconds after the previous one; rest starts after
    /// enough still time.
    @inline(__always)
    mutating func update(accelerometer: Vector3, interval: Double) {
        let deviation = accelerometer - accelerometerLowPass.step(accelerometer)
        if deviation.dot(deviation) >= accelerometerThresholdSquared {
            stillTime = 0
            isResting = false
        } else {
            stillTime += interval
            if stillTime >= minimumDuration { isResting = true }
        }
    }
}

import MotionSamples

/// A Kalman filter for the gyroscope bias, after VQF (Laidig & Seel 2023): in motion it explains the inclination
/// corrections as bias (weakly about the vertical, which the accelerometer cannot observe); at rest it measures
/// the bias directly as the mean gyroscope reading. Covariances are in (0.01 °/s)^2, the bias in rad/s.
struct GyroBiasEstimator: Sendable {
    /// Period between updates, in seconds.
    private let period: Double
    /// Largest bias per axis, in rad/s.
    private let clip: Double
    /// Initial and largest variance.
    private let initialVariance: Double
    /// Variance added per update (bias drift).
    private let driftVariance: Double
    /// Measurement variance of the horizontal motion measurements.
    private let motionVariance: Double
    /// Measurement variance of the vertical motion measurement.
    private let verticalVariance: Double
    /// Measurement variance of the rest measurement.
    private let restVariance: Double
    /// Whether motion updates are made.
    private let inMotion: Bool
    /// Whether rest updates are made.
    private let atRest: Bool
    /// Low-pass of the orientation matrix, one filter per row.
    private var rotationLowPass: (VectorLowPass, VectorLowPass, VectorLowPass)
    /// Low-pass of the rotated bias's horizontal components.
    private var rotatedBiasLowPass: VectorLowPass
    /// Estimate covariance.
    private var covariance: Matrix3
    /// The bias estimate, in rad/s.
    private(set) var bias = Vector3.zero

    /// An estimator with the tuning of `parameters`, updated every `period` seconds.
    init(parameters: FusionParameters, period: Double) {
        self.period = period
        clip = parameters.biasClip * Double.pi / 180
        initialVariance = (parameters.initialBiasSigma * 100) * (parameters.initialBiasSigma * 100)
        driftVariance = (0.1 * 100) * (0.1 * 100) * period / parameters.biasForgettingTime
        let motion = (parameters.motionBiasSigma * 100) * (parameters.motionBiasSigma * 100)
        motionVariance = motion * motion / driftVariance + motion
        verticalVariance = motionVariance / max(parameters.verticalBiasForgettingFactor, 1e-10)
        let rest = (parameters.restBiasSigma * 100) * (parameters.restBiasSigma * 100)
        restVariance = rest * rest / driftVariance + rest
        inMotion = parameters.estimatesBiasInMotion
        atRest = parameters.estimatesBiasAtRest
        let lowPass = VectorLowPass(tau: parameters.accelerometerTimeConstant, period: period)
        rotationLowPass = (lowPass, lowPass, lowPass)
        rotatedBiasLowPass = lowPass
        covariance = .diagonal(Vector3(x: initialVariance, y: initialVariance, z: initialVariance))
    }

    /// One update after an inclination correction.
    /// - Parameters:
    ///   - orientation: The corrected orientation (device frame into the earth frame).
    ///   - uncorrectedUp: The low-passed, normalised specific force in the earth frame before the correction.
    ///   - restingRate: The mean gyroscope reading if the device is at rest, else `nil`.
    @inline(__always)
    mutating func update(orientation: Quaternion, uncorrectedUp: Vector3, restingRate: Vector3?) {
        var rotation = Matrix3(orientation)
        let rotatedBias = rotation * bias
        rotation = Matrix3(
            r0: rotationLowPass.0.step(rotation.r0),
            r1: rotationLowPass.1.step(rotation.r1),
            r2: rotationLowPass.2.step(rotation.r2))
        let meanRotatedBias = rotatedBiasLowPass.step(Vector3(x: rotatedBias.x, y: rotatedBias.y, z: 0))

        var diagonal = covariance.diagonal
        if diagonal.x < initialVariance { diagonal.x += driftVariance }
        if diagonal.y < initialVariance { diagonal.y += driftVariance }
        if diagonal.z < initialVariance { diagonal.z += driftVariance }
        covariance.diagonal = diagonal

        let error: Vector3
        let noise: Vector3
        if let restingRate, atRest {
            rotation = .identity
            error = restingRate - bias
            noise = Vector3(x: restVariance, y: restVariance, z: restVariance)
        } else if inMotion {
            let predicted = rotation * bias
            error = Vector3(
                x: -uncorrectedUp.y / period + meanRotatedBias.x - predicted.x,
                y: uncorrectedUp.x / period + meanRotatedBias.y - predicted.y,
                z: -predicted.z)
            noise = Vector3(x: motionVariance, y: motionVariance, z: verticalVariance)
        } else {
            return
        }
        let clipped = Vector3(
            x: min(max(error.x, -clip), clip), y: min(max(error.y, -clip), clip), z: min(max(error.z, -clip), clip))
        let rotationT = rotation.transposed
        let pRt = covariance * rotationT
        guard let innovationInverse = (rotation * pRt + .diagonal(noise)).inverse else { return }
        let gain = pRt * innovationInverse
        let updated = bias + gain * clipped
        covariance = covariance - gain * (rotation * covariance)
        bias = Vector3(
            x: min(max(updated.x, -clip), clip), y: min(max(updated.y, -clip), clip), z: min(max(updated.z, -clip), clip))
    }
}

import MotionSamples

/// Tuning of the ``OrientationFilter``; the defaults are the published VQF defaults (Laidig & Seel 2023) and suit
/// hand-held and body-worn IMUs from about 50 Hz to a few kHz. One set for every device: do not tune per recording.
public struct FusionParameters: Hashable, Sendable {
    /// Time constant, in seconds, of the accelerometer low-pass in the almost-inertial frame: how slowly the
    /// inclination follows the accelerometer. Longer rejects more user acceleration, shorter fixes gyro drift faster.
    public var accelerometerTimeConstant: Double
    /// Whether the gyroscope bias is estimated while the device moves (from the inclination corrections).
    public var estimatesBiasInMotion: Bool
    /// Whether the gyroscope bias is estimated while the device rests (from the mean gyroscope reading).
    public var estimatesBiasAtRest: Bool
    /// Standard deviation of the initial bias estimate, in degrees per second.
    public var initialBiasSigma: Double
    /// Time, in seconds, after which the bias estimate has forgotten its certainty (models bias drift).
    public var biasForgettingTime: Double
    /// Largest bias magnitude per axis, in degrees per second; estimates and disagreements are clipped to it.
    public var biasClip: Double
    /// Standard deviation of a motion bias measurement, in degrees per second.
    public var motionBiasSigma: Double
    /// How much weaker the motion bias measurement about the vertical axis is (which the accelerometer cannot see).
    public var verticalBiasForgettingFactor: Double
    /// Standard deviation of a rest bias measurement, in degrees per second.
    public var restBiasSigma: Double
    /// How long, in seconds, the device must stay still before it counts as at rest.
    public var restMinimumDuration: Double
    /// Time constant, in seconds, of the low-pass the rest detector compares readings with.
    public var restFilterTimeConstant: Double
    /// Largest gyroscope deviation from its low-pass, in degrees per second, that still counts as rest.
    public var restGyroscopeThreshold: Double
    /// Largest accelerometer deviation from its low-pass, in g, that still counts as rest (0.5 m/s^2).
    public var restAccelerometerThreshold: Double
    /// The magnetometer's heading correction (used only when magnetometer readings are fed).
    public var magnetic: MagneticFusionParameters

    /// Creates parameters; every one defaults to the published VQF value.
    public init(
        accelerometerTimeConstant: Double = 3,
        estimatesBiasInMotion: Bool = true,
        estimatesBiasAtRest: Bool = true,
        initialBiasSigma: Double = 0.5,
        biasForgettingTime: Double = 100,
        biasClip: Double = 2,
        motionBiasSigma: Double = 0.1,
        verticalBiasForgettingFactor: Double = 0.0001,
        restBiasSigma: Double = 0.03,
        restMinimumDuration: Double = 1.5,
        restFilterTimeConstant: Double = 0.5,
        restGyroscopeThreshold: Double = 2,
        restAccelerometerThreshold: Double = 0.5 / standardGravity,
        magnetic: MagneticFusionParameters = .init()
    ) {
        self.accelerometerTimeConstant = accelerometerTimeConstant
        self.estimatesBiasInMotion = estimatesBiasInMotion
        self.estimatesBiasAtRest = estimatesBiasAtRest
        self.initialBiasSigma = initialBiasSigma
        self.biasForgettingTime = biasForgettingTime
        self.biasClip = biasClip
        self.motionBiasSigma = motionBiasSigma
        self.verticalBiasForgettingFactor = verticalBiasForgettingFactor
        self.restBiasSigma = restBiasSigma
        self.restMinimumDuration = restMinimumDuration
        self.restFilterTimeConstant = restFilterTimeConstant
        self.restGyroscopeThreshold = restGyroscopeThreshold
        self.restAccelerometerThreshold = restAccelerometerThreshold
        self.magnetic = magnetic
    }
}

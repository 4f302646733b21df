/// Tuning of the magnetometer's heading correction in ``OrientationFilter``; the defaults are the published VQF
/// defaults (Laidig & Seel 2023, and the `vqf` package's `VQFParams`): one set for every device.
public struct MagneticFusionParameters: Hashable, Sendable {
    /// Time constant, in seconds, of the heading correction: how slowly the heading follows the magnetometer.
    public var headingTimeConstant: Double
    /// Whether magnetic disturbances are detected and the heading held on the gyroscope while they last.
    public var rejectsDisturbances: Bool
    /// Time constant, in seconds, of the low-pass of the field's norm and dip angle that disturbance detection uses.
    public var currentFieldTimeConstant: Double
    /// Time constant, in seconds, with which the undisturbed reference norm and dip follow the field.
    public var referenceTimeConstant: Double
    /// Largest relative deviation of the field's norm from the reference that is still undisturbed (0.1: 10 %).
    public var normThreshold: Double
    /// Largest deviation of the dip angle from the reference, in degrees, that is still undisturbed.
    public var dipThreshold: Double
    /// Seconds of a steady new field, while the device turns, after which it replaces the reference.
    public var newFieldTime: Double
    /// As ``newFieldTime``, for the first reference (none learned yet).
    public var firstFieldTime: Double
    /// Slowest rotation, in degrees per second, during which a steady new field counts towards ``newFieldTime``.
    public var newFieldMinimumRotationRate: Double
    /// Seconds the field must match the reference before a disturbance counts as over.
    public var minimumUndisturbedTime: Double
    /// Seconds of disturbance after which the magnetometer corrects the heading again, at a reduced gain.
    public var maximumRejectionTime: Double
    /// How much the gain is reduced after ``maximumRejectionTime``, and how much faster the rejection time
    /// recovers once undisturbed.
    public var rejectionFactor: Double

    /// Creates parameters; every one defaults to the published VQF value.
    public init(
        headingTimeConstant: Double = 9,
        rejectsDisturbances: Bool = true,
        currentFieldTimeConstant: Double = 0.05,
        referenceTimeConstant: Double = 20,
        normThreshold: Double = 0.1,
        dipThreshold: Double = 10,
        newFieldTime: Double = 20,
        firstFieldTime: Double = 5,
        newFieldMinimumRotationRate: Double = 20,
        minimumUndisturbedTime: Double = 0.5,
        maximumRejectionTime: Double = 60,
        rejectionFactor: Double = 2
    ) {
        self.headingTimeConstant = headingTimeConstant
        self.rejectsDisturbances = rejectsDisturbances
        self.currentFieldTimeConstant = currentFieldTimeConstant
        self.referenceTimeConstant = referenceTimeConstant
        self.normThreshold = normThreshold
        self.dipThreshold = dipThreshold
        self.newFieldTime = newFieldTime
        self.firstFieldTime = firstFieldTime
        self.newFieldMinimumRotationRate = newFieldMinimumRotationRate
        self.minimumUndisturbedTime = minimumUndisturbedTime
        self.maximumRejectionTime = maximumRejectionTime
        self.rejectionFactor = rejectionFactor
    }
}

/// What the fusion needs to express attitudes in a reference frame: the frame, the declination for true north and
/// the magnetometer's calibration.
public struct MagneticReference: Sendable, Hashable {
    /// The frame attitudes are expressed in.
    public var referenceFrame: AttitudeReferenceFrame
    /// Degrees east of true north of the magnetic field (west negative), for ``AttitudeReferenceFrame/xTrueNorthZVertical``.
    public var declination: Double?
    /// Corrects each magnetometer reading before use (`nil`: readings as they come).
    public var calibration: MagnetometerCalibration?

    /// Creates the reference; the defaults give CoreMotion's `xArbitraryZVertical` with no magnetometer.
    public init(
        referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical, declination: Double? = nil,
        calibration: MagnetometerCalibration? = nil
    ) {
        self.referenceFrame = referenceFrame
        self.declination = declination
        self.calibration = calibration
    }
}

/// What each ``MagneticFieldCalibrationAccuracy`` level asks of a magnetometer calibration: a share of the
/// ``DirectionGrid`` cells covered by readings and at most a residual (RMS of the corrected norms' relative
/// deviation from the field norm). Below ``low`` there is no calibration: too few directions to tell the device's
/// own field from the Earth's.
///
/// | level | coverage | residual | fit |
/// |---|---|---|---|
/// | low | ≥ 0.15 (a turn about one axis and some tilt) | ≤ 5 % | hard iron only (sphere) |
/// | medium | ≥ 0.35 | ≤ 3 % | hard and soft iron (ellipsoid) |
/// | high | ≥ 0.6 (turned through most orientations) | ≤ 1.5 % | hard and soft iron (ellipsoid) |
enum CalibrationAccuracyThresholds {
    /// The coverage and largest residual of ``MagneticFieldCalibrationAccuracy/low``.
    static let low = (coverage: 0.15, residual: 0.05)
    /// The coverage and largest residual of ``MagneticFieldCalibrationAccuracy/medium``.
    static let medium = (coverage: 0.35, residual: 0.03)
    /// The coverage and largest residual of ``MagneticFieldCalibrationAccuracy/high``.
    static let high = (coverage: 0.6, residual: 0.015)

    /// The level that `coverage` and `residual` reach.
    static func accuracy(coverage: Double, residual: Double) -> MagneticFieldCalibrationAccuracy {
        if coverage >= high.coverage && residual <= high.residual { return .high }
        if coverage >= medium.coverage && residual <= medium.residual { return .medium }
        if coverage >= low.coverage && residual <= low.residual { return .low }
        return .uncalibrated
    }
}

import MotionSamples

/// The magnetic field in the device frame with its calibration accuracy, as CoreMotion's
/// `CMCalibratedMagneticField`.
///
/// Without a ``MagnetometerCalibration`` the field is the magnetometer's reading as it came (Earth's field, the
/// surroundings and the device's own hard and soft iron) and the accuracy is
/// ``MagneticFieldCalibrationAccuracy/uncalibrated``; with one (``DeviceMotionPipeline/calibrationInUse``: the one
/// given, or the online estimate once it is better) the reading is corrected by it and the accuracy is the
/// calibration's.
public struct CalibratedMagneticField: Hashable, Sendable {
    /// The field in microtesla along the device's x, y and z axes.
    public var field: Vector3
    /// How well the device's own field is removed from ``field``.
    public var accuracy: MagneticFieldCalibrationAccuracy

    /// Creates a field with its accuracy.
    @inlinable
    public init(field: Vector3, accuracy: MagneticFieldCalibrationAccuracy) {
        self.field = field
        self.accuracy = accuracy
    }
}

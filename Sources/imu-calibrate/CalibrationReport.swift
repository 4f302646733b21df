import DeviceMotionKit
import MotionRecording
import MotionSamples

/// What `imu-calibrate` prints at the end: the calibration and where it was saved, as text or as one JSON line
/// (schema `calibration-result.schema.json`).
struct CalibrationReport: Encodable {
    /// The file written.
    let path: String
    /// The device's key.
    let device: String
    /// The calibration.
    let calibration: MagnetometerCalibration

    /// The human-readable lines.
    var text: String {
        let offset = calibration.offset
        return """
            accuracy \(calibration.accuracy.name): \(Int((calibration.coverage * 100).rounded())) % of directions covered, \
            residual \(DecimalText.string(calibration.residual * 100, decimals: 1)) % of the field, \
            \(calibration.sampleCount) readings
            field \(DecimalText.string(calibration.fieldNorm, decimals: 1)) µT after removing hard iron \
            (\(DecimalText.string(offset.x, decimals: 1)), \(DecimalText.string(offset.y, decimals: 1)), \
            \(DecimalText.string(offset.z, decimals: 1))) µT and soft iron
            saved to \(path)
            """
    }
}

import MotionSamples

/// A magnetometer's hard- and soft-iron calibration, as CoreMotion applies one to give `CMCalibratedMagneticField`:
/// a reading `r` (µT, device frame) corrected is `softIron · (r - offset)`, whose norm is close to ``fieldNorm``.
///
/// Made by ``MagnetometerCalibrator``, stored as JSON (docs/formats.md, keys in snake_case), given to
/// ``DeviceMotionPipeline`` to correct its magnetometer readings. ``problem`` checks every number against the
/// ranges below before a calibration is used, so a file cannot smuggle in a `NaN` or a reflection.
public struct MagnetometerCalibration: Hashable, Sendable, Codable {
    /// The hard-iron offset in µT: what the device's own magnetised parts add to every reading.
    public var offset: Vector3
    /// The soft-iron correction, three rows of three: symmetric, positive definite, determinant about 1.
    public var softIron: [[Double]]
    /// The norm of the corrected field, µT: the local Earth field's strength as the sensor sees it.
    public var fieldNorm: Double
    /// How well the readings pinned the calibration down.
    public var accuracy: MagneticFieldCalibrationAccuracy
    /// Readings the calibrator accepted.
    public var sampleCount: Int
    /// Share of the direction grid's cells the readings covered, 0...1.
    public var coverage: Double
    /// Root mean square of the corrected norms' relative deviation from ``fieldNorm`` over the readings fitted.
    public var residual: Double

    /// Largest offset component accepted, µT: the full scale of the widest common magnetometer (AK8963, ±4912 µT).
    public static let offsetLimit = 5_000.0
    /// Eigenvalues of ``softIron`` accepted: a correction stretching an axis by more than 3 or less than 1/3 is no
    /// soft iron a circuit board has.
    public static let softIronEigenvalueRange: ClosedRange<Double> = (1.0 / 3)...3
    /// Corrected field norms accepted, µT: Earth's field is 22...67 µT at the surface.
    public static let fieldNormRange: ClosedRange<Double> = 20...70
    /// Sample counts accepted.
    public static let sampleCountRange: ClosedRange<Int> = 0...1_000_000_000

    /// Creates a calibration.
    public init(
        offset: Vector3, softIron: [[Double]], fieldNorm: Double, accuracy: MagneticFieldCalibrationAccuracy,
        sampleCount: Int, coverage: Double, residual: Double
    ) {
        self.offset = offset
        self.softIron = softIron
        self.fieldNorm = fieldNorm
        self.accuracy = accuracy
        self.sampleCount = sampleCount
        self.coverage = coverage
        self.residual = residual
    }

    /// `reading` with the hard and soft iron removed, µT.
    public func apply(to reading: Vector3) -> Vector3 {
        Self.corrected(reading, offset: offset, softIron: softIron)
    }

    /// `softIron · (reading - offset)`, `softIron` three rows of three.
    static func corrected(_ reading: Vector3, offset: Vector3, softIron: [[Double]]) -> Vector3 {
        let d = reading - offset
        return Vector3(
            x: softIron[0][0] * d.x + softIron[0][1] * d.y + softIron[0][2] * d.z,
            y: softIron[1][0] * d.x + softIron[1][1] * d.y + softIron[1][2] * d.z,
            z: softIron[2][0] * d.x + softIron[2][1] * d.y + softIron[2][2] * d.z)
    }

    /// What is wrong with this calibration, naming the field, or `nil` when every number is in its range.
    public var problem: String? {
        let offsets = [offset.x, offset.y, offset.z]
        guard offsets.allSatisfy({ $0.isFinite && abs($0) <= Self.offsetLimit }) else {
            return "offset (\(offsets.map(\.messageText).joined(separator: ", "))) is not within ±\(Self.offsetLimit.messageText) µT"
        }
        guard softIron.count == 3, softIron.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }) else {
            return "soft_iron is not three rows of three finite numbers"
        }
        for i in 0..<3 {
            for j in 0..<i where abs(softIron[i][j] - softIron[j][i]) > 1e-6 * max(1, abs(softIron[i][j])) {
                return "soft_iron is not symmetric (row \(i + 1), column \(j + 1))"
            }
        }
        guard let eigen = SymmetricEigen(softIron), eigen.values.allSatisfy(Self.softIronEigenvalueRange.contains)
        else {
            return "soft_iron's eigenvalues are not all within 1/3...3 (a correction no circuit board needs)"
        }
        guard fieldNorm.isFinite, Self.fieldNormRange.contains(fieldNorm) else {
            return "field_norm \(fieldNorm.messageText) is not within 20...70 µT"
        }
        guard Self.sampleCountRange.contains(sampleCount) else { return "sample_count \(sampleCount) is not within 0...10^9" }
        guard coverage.isFinite, (0...1).contains(coverage) else { return "coverage \(coverage.messageText) is not within 0...1" }
        guard residual.isFinite, (0...1).contains(residual) else { return "residual \(residual.messageText) is not within 0...1" }
        return nil
    }
}

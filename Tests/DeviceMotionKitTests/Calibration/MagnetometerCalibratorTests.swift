import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// Hard- and soft-iron estimation (issue 12, point 2): a known distortion recovered, accuracy that grows with the
/// directions covered, degenerate and hostile readings refused without a crash or a `NaN`.
@Suite struct MagnetometerCalibratorTests {
    private let synthetic = SyntheticMagnetometer()

    @Test("A known hard and soft iron over all orientations: offset within 0.5 µT, corrected norms within 1 %, high")
    func recoversDistortion() throws {
        var calibrator = MagnetometerCalibrator()
        let readings = synthetic.readings(2000)
        calibrator.add(readings)
        calibrator.refit()
        let calibration = try #require(calibrator.calibration)
        #expect((calibration.offset - synthetic.offset).norm <= 0.5, "\(calibration.offset)")
        #expect(abs(calibration.fieldNorm / synthetic.fieldNorm - 1) <= 0.01, "\(calibration.fieldNorm)")
        for reading in readings {
            let norm = calibration.apply(to: reading).norm
            #expect(abs(norm / calibration.fieldNorm - 1) <= 0.01, "\(reading): \(norm)")
        }
        #expect(calibration.accuracy == .high && calibrator.accuracy == .high)
        #expect(calibration.problem == nil)
        #expect(calibration.sampleCount == 2000 && calibrator.sampleCount == 2000)
    }

    @Test("Accuracy follows coverage: one orientation and one turn about the vertical are uncalibrated, all are high")
    func accuracyProgression() throws {
        var calibrator = MagnetometerCalibrator()
        let still = synthetic.reading(Vector3(x: 0.3, y: 0.4, z: -0.866), index: 0)
        calibrator.add(Array(repeating: still, count: 500))
        #expect(calibrator.calibration == nil && calibrator.accuracy == .uncalibrated)
        // A turn about the vertical: the field's directions form a cone, all in one plane after the offset.
        let ring = (0..<360).map { degree -> Vector3 in
            let angle = Double(degree) * .pi / 180
            return synthetic.reading(Vector3(x: 0.5 * cos(angle), y: 0.5 * sin(angle), z: -0.866), index: degree)
        }
        calibrator.add(ring)
        #expect(calibrator.accuracy == .uncalibrated)
        let before = calibrator.coverage
        calibrator.add(synthetic.readings(2000))
        #expect(calibrator.coverage > before)
        #expect(calibrator.accuracy == .high)
    }

    @Test("Half the sphere gives a calibration below high; levels never exceed what coverage allows")
    func partialCoverage() throws {
        var calibrator = MagnetometerCalibrator()
        let upper = SyntheticMagnetometer.directions(2000).enumerated().filter { $1.z > 0.3 }
        calibrator.add(upper.map { synthetic.reading($1, index: $0) })
        #expect(calibrator.coverage < 0.6)
        #expect(calibrator.accuracy != .high)
        if let calibration = calibrator.calibration {
            #expect(calibration.problem == nil)
            #expect(calibration.coverage < 0.6)
        }
    }

    @Test("Identical, NaN, infinite, zero and huge readings: no calibration, no crash, ignored ones counted")
    func degenerateReadings() {
        var identical = MagnetometerCalibrator()
        identical.add(Array(repeating: Vector3(x: 10, y: 20, z: -40), count: 5000))
        #expect(identical.calibration == nil)
        var hostile = MagnetometerCalibrator()
        let values: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e300, 0, .greatestFiniteMagnitude]
        let readings = values.flatMap { a in values.map { b in Vector3(x: a, y: b, z: a) } }
        for _ in 0..<20 { hostile.add(readings) }
        #expect(hostile.calibration == nil && hostile.accuracy == .uncalibrated)
        #expect(hostile.sampleCount == 0 && hostile.ignoredCount == 20 * readings.count)
    }

    @Test("Hostile readings mixed into a good stream are ignored: the result is still the true one")
    func hostileAmongGood() throws {
        var calibrator = MagnetometerCalibrator()
        for (index, reading) in synthetic.readings(2000).enumerated() {
            calibrator.add(reading)
            if index.isMultiple(of: 7) { calibrator.add(Vector3(x: .nan, y: 1e308, z: .infinity)) }
        }
        let calibration = try #require(calibrator.calibration)
        #expect((calibration.offset - synthetic.offset).norm <= 0.5)
        #expect(calibration.fieldNorm.isFinite && calibration.problem == nil)
    }

    @Test("Randomly scattered readings (no ellipsoid) never give NaN, and any calibration passes its checks")
    func noise() {
        var calibrator = MagnetometerCalibrator()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            calibrator.add(
                Vector3(
                    x: Double.random(in: -200...200, using: &generator), y: Double.random(in: -200...200, using: &generator),
                    z: Double.random(in: -200...200, using: &generator)))
        }
        if let calibration = calibrator.calibration {
            #expect(calibration.problem == nil)
        }
    }
}

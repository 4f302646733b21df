import DeviceMotionKit
import MotionSamples
import Testing

/// Online magnetometer calibration in the pipeline (issue 12): without a given calibration the estimate takes over
/// as it improves and corrects field and heading; a given one is used from the start and replaced only by a better
/// estimate.
@Suite struct OnlineCalibrationTests {
    /// A hard iron of 30 µT against the 44.7 µT Earth field: uncorrected, the heading is tens of degrees off.
    static let offset = Vector3(x: 18, y: -12, z: 20)
    /// Two minutes of tumbling through all orientations with that hard iron.
    static let trace = TumblingTrace(duration: 120, offset: offset)

    /// Fuses ``trace`` into magnetic north at 25 Hz, with `calibration` given; returns the outputs and the
    /// calibration in use at the end.
    static func fuse(
        calibration: MagnetometerCalibration? = nil
    ) throws -> (motions: [DeviceMotion], inUse: MagnetometerCalibration?) {
        var pipeline = try DeviceMotionPipeline(
            outputRate: 25, hasGyroscope: true, referenceFrame: .xMagneticNorthZVertical,
            magnetometerCalibration: calibration)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: trace.samples, magnetometer: trace.magnetometer, into: &motions)
        pipeline.finish(into: &motions)
        return (motions, pipeline.calibrationInUse)
    }

    /// A calibration of `accuracy` that removes `offset` and nothing else.
    static func given(_ offset: Vector3, accuracy: MagneticFieldCalibrationAccuracy) -> MagnetometerCalibration {
        MagnetometerCalibration(
            offset: offset, softIron: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], fieldNorm: MagneticTrace.earthField.norm,
            accuracy: accuracy, sampleCount: 1000, coverage: 0.7, residual: 0.01)
    }

    @Test("No calibration given: the field's accuracy rises from uncalibrated to high, the hard iron is removed")
    func takesOverWithoutCalibration() throws {
        let (motions, inUse) = try Self.fuse()
        let calibration = try #require(inUse)
        #expect(calibration.accuracy == .high)
        #expect((calibration.offset - Self.offset).norm < 0.5, "\(calibration.offset)")
        let accuracies = motions.compactMap { $0.magneticField?.accuracy.rawValue }
        #expect(accuracies.first == MagneticFieldCalibrationAccuracy.uncalibrated.rawValue)
        #expect(zip(accuracies, accuracies.dropFirst()).allSatisfy { $0 <= $1 }, "the accuracy never falls")
        #expect(accuracies.last == MagneticFieldCalibrationAccuracy.high.rawValue)
        let late = motions.filter { $0.timestamp > 100 && $0.timestamp < 119 }
        #expect(late.count > 400)
        for motion in late {
            let field = try #require(motion.magneticField)
            #expect(abs(field.field.norm - MagneticTrace.earthField.norm) < 0.5, "\(motion.timestamp): \(field.field)")
            let error = motion.attitude.quaternion.angle(to: Self.trace.attitude(at: motion.timestamp)) * 180 / .pi
            #expect(error < 3, "\(motion.timestamp): attitude \(error)° from the truth")
        }
    }

    @Test("A given high calibration is used from the start and kept; a given low one is replaced by a better estimate")
    func givenCalibration() throws {
        let high = Self.given(Self.offset, accuracy: .high)
        let (motions, inUse) = try Self.fuse(calibration: high)
        #expect(inUse == high)
        #expect(motions.compactMap(\.magneticField).allSatisfy { $0.accuracy == .high })
        // A low calibration that is 5 µT off: the estimate takes over once it is better (medium, then high).
        let rough = Self.given(Self.offset + Vector3(x: 5, y: 0, z: 0), accuracy: .low)
        let (refined, refinedInUse) = try Self.fuse(calibration: rough)
        let estimate = try #require(refinedInUse)
        #expect(estimate.accuracy == .high && (estimate.offset - Self.offset).norm < 0.5, "\(estimate.offset)")
        let accuracies = refined.compactMap { $0.magneticField?.accuracy.rawValue }
        #expect(accuracies.first == MagneticFieldCalibrationAccuracy.low.rawValue)
        #expect(accuracies.last == MagneticFieldCalibrationAccuracy.high.rawValue)
    }

    @Test("x-arbitrary-z-vertical: no calibration runs, no field, the output as without the magnetometer")
    func noCalibrationInArbitraryFrame() throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: Self.trace.samples, magnetometer: Self.trace.magnetometer, into: &motions)
        pipeline.finish(into: &motions)
        #expect(pipeline.calibrationInUse == nil)
        #expect(!motions.isEmpty && motions.allSatisfy { $0.magneticField == nil && $0.heading == nil })
    }
}

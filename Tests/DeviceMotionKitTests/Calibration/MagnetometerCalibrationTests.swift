import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// The calibration value: its checks, its JSON, and its use in the pipeline.
@Suite struct MagnetometerCalibrationTests {
    /// A valid calibration.
    static let example = MagnetometerCalibration(
        offset: Vector3(x: 10, y: -5, z: 20), softIron: [[1.05, 0.02, 0], [0.02, 0.96, 0], [0, 0, 0.99]], fieldNorm: 48,
        accuracy: .medium, sampleCount: 1200, coverage: 0.5, residual: 0.012)

    @Test("Every number out of its range is named by problem")
    func problems() {
        #expect(Self.example.problem == nil)
        var cases: [(String, (inout MagnetometerCalibration) -> Void)] = [
            ("offset", { $0.offset.x = .nan }), ("offset", { $0.offset.y = 1e308 }),
            ("soft_iron", { $0.softIron = [[1, 0], [0, 1]] }), ("soft_iron", { $0.softIron[0][0] = .infinity }),
            ("soft_iron", { $0.softIron[0][1] = 0.5 }), ("soft_iron", { $0.softIron = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]] }),
            ("field_norm", { $0.fieldNorm = 200 }), ("field_norm", { $0.fieldNorm = .nan }),
            ("sample_count", { $0.sampleCount = -1 }), ("coverage", { $0.coverage = 2 }), ("residual", { $0.residual = -0.1 }),
        ]
        cases.append(("soft_iron", { $0.softIron = [[10, 0, 0], [0, 1, 0], [0, 0, 1]] }))
        for (field, change) in cases {
            var calibration = Self.example
            change(&calibration)
            #expect(calibration.problem?.contains(field) == true, "\(field): \(calibration.problem ?? "nil")")
        }
    }

    @Test("JSON round trip with snake_case keys and the accuracy's name; an unknown accuracy is refused")
    func codable() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(Self.example)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"soft_iron\"") && text.contains("\"accuracy\":\"medium\""), "\(text)")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(MagnetometerCalibration.self, from: data) == Self.example)
        let bad = Data(text.replacingOccurrences(of: "\"medium\"", with: "\"superb\"").utf8)
        #expect(throws: DecodingError.self) { try decoder.decode(MagnetometerCalibration.self, from: bad) }
    }

    @Test("The pipeline corrects readings by the calibration and reports its accuracy; none keeps uncalibrated")
    func pipeline() throws {
        func fuse(_ calibration: MagnetometerCalibration?) throws -> [DeviceMotion] {
            var pipeline = try DeviceMotionPipeline(
                outputRate: 25, hasGyroscope: true, referenceFrame: .xMagneticNorthZVertical,
                magnetometerCalibration: calibration)
            let samples = (0..<500).map {
                IMUSample(
                    timestamp: Double($0) / 100, acceleration: Vector3(x: 0, y: 0, z: -1), rotationRate: .zero)
            }
            let field = Vector3(x: 30, y: -5, z: -20)
            let readings = samples.map { MagnetometerSample(timestamp: $0.timestamp, field: field) }
            var output: [DeviceMotion] = []
            pipeline.append(samples: samples, magnetometer: readings, into: &output)
            pipeline.finish(into: &output)
            return output
        }
        let plain = try #require(try fuse(nil).last?.magneticField)
        #expect(plain.accuracy == .uncalibrated)
        let corrected = try #require(try fuse(Self.example).last?.magneticField)
        #expect(corrected.accuracy == .medium)
        let expected = Self.example.apply(to: Vector3(x: 30, y: -5, z: -20))
        #expect((corrected.field - expected).norm < 1e-6, "\(corrected.field) vs \(expected)")
        var broken = Self.example
        broken.fieldNorm = .nan
        #expect(throws: MotionError.self) { _ = try DeviceMotionPipeline(hasGyroscope: true, magnetometerCalibration: broken) }
    }
}

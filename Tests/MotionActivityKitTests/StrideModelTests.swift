import FoundationEssentials
import MotionActivityKit
import Testing

/// The stride model: height-based step length, calibration from a walk of known length, its file.
@Suite struct StrideModelTests {
    @Test("the default step length is 0.415 of the height at 1.8 steps per second, longer when faster")
    func defaults() throws {
        let model = try StrideModel(height: 1.80)
        #expect(abs(model.stepLength(atCadence: 1.8) - 0.415 * 1.80) < 1e-9)
        #expect(model.stepLength(atCadence: 3) > model.stepLength(atCadence: 1.8))
        #expect(model.stepLength(atCadence: .nan) == model.stepLength(atCadence: 1.8))
    }

    @Test("calibration scales the model so the walk measures the known distance")
    func calibration() throws {
        let model = try StrideModel(height: 1.70)
        let calibrated = try model.calibrated(knownDistance: 100, modelledDistance: 80)
        #expect(abs(calibrated.scale - 1.25) < 1e-12)
        #expect(abs(calibrated.stepLength(atCadence: 2) - 1.25 * model.stepLength(atCadence: 2)) < 1e-12)
        #expect(throws: PedometerError.self) { try model.calibrated(knownDistance: 100, modelledDistance: 0) }
        #expect(throws: PedometerError.self) { try model.calibrated(knownDistance: 1000, modelledDistance: 10) }
        #expect(throws: PedometerError.self) { try model.calibrated(knownDistance: .nan, modelledDistance: 10) }
    }

    @Test("writes and reads the calibration file; refuses damaged or out-of-range ones")
    func file() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stride-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("stride.json").path
        let model = try StrideModel(height: 1.62, scale: 1.1)
        try model.write(to: path)
        #expect(try StrideModel.read(from: path) == model)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"height_m\" : 1.62"))
        for damaged in ["{\"height_m\": 9}", "{\"height_m\": 1.7, \"scale\": -1}", "not json", "{}"] {
            try damaged.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: PedometerError.self) { try StrideModel.read(from: path) }
        }
        #expect(throws: PedometerError.self) { try StrideModel.read(from: folder.appendingPathComponent("missing").path) }
        #expect(throws: PedometerError.self) { try model.write(to: folder.appendingPathComponent("no/such/dir.json").path) }
    }

    @Test("refuses heights, scales and step lengths outside their ranges", arguments: [0.0, 0.49, 2.51, .nan, -.infinity])
    func hostile(value: Double) {
        #expect(throws: PedometerError.self) { try StrideModel(height: value) }
        #expect(throws: PedometerError.self) { try StrideModel(scale: value * 10) }
        #expect(throws: PedometerError.self) { try StrideModel(stepLength: value * 10 + (value == 0 ? 0 : 5)) }
    }
}

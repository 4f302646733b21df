import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// Recording format 3: the magnetometer's readings in raw.csv and its description, key and calibration in
/// recording.json (docs/formats.md "Recordings (format version 3)").
@Suite("Magnetometer recordings (format 3)")
struct MagnetometerRecordingTests {
    static let calibration = MagnetometerCalibration(
        offset: Vector3(x: 12, y: -3, z: 40), softIron: [[1.02, 0.01, 0], [0.01, 0.98, 0], [0, 0, 1]], fieldNorm: 48,
        accuracy: .high, sampleCount: 1500, coverage: 0.7, residual: 0.01)

    static func metadata(calibration: RecordingCalibration?) -> RecordingMetadata {
        var metadata = SampleData.metadata()
        metadata.magnetometer = RecordingMagnetometer(
            device: RecordingDevice(name: "ak8963", mountMatrix: [0, 1, 0, 1, 0, 0, 0, 0, -1]),
            key: "mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068", calibration: calibration)
        return metadata
    }

    static var noted: RecordingCalibration {
        var file = CalibrationFile(device: "mpu9250@bus", calibration: calibration)
        file.created = "2026-11-25T16:40:00Z"
        return RecordingCalibration(file: file, path: "/home/u/.local/state/imu-bridge/calibration/mpu9250@bus.json")
    }

    /// A 50 Hz IMU turning about z at 0.5 rad/s, with a 10 Hz magnetometer in the same scans every fifth instant.
    static func readings(seconds: Double) -> [SensorSample] {
        let count = Int(seconds * 50)
        return (0..<count).flatMap { index -> [SensorSample] in
            let timestamp = 100 + Double(index) / 50
            let yaw = 0.5 * Double(index) / 50
            var samples = [
                SensorSample(sensor: .accelerometer, timestamp: timestamp, value: Vector3(x: 0, y: 0, z: -1)),
                SensorSample(sensor: .gyroscope, timestamp: timestamp, value: Vector3(x: 0, y: 0, z: 0.5)),
            ]
            if index.isMultiple(of: 5) {
                // Earth's field (20 µT north, 40 µT down) seen from a device turned by `yaw` about z.
                samples.append(
                    SensorSample(
                        sensor: .magnetometer, timestamp: timestamp, value: Vector3(x: 20 * cos(yaw), y: -20 * sin(yaw), z: -40)))
            }
            return samples
        }
    }

    @Test("Written as format 3: the magnetometer's columns after the gyroscope's, a reading alone on its own row")
    func writtenAsFormatThree() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("magn.imurec"), metadata: Self.metadata(calibration: nil))
        let field = Vector3(x: 20, y: 0.5, z: -40.25)
        try await writer.append(raw: [
            SensorSample(sensor: .accelerometer, timestamp: 1, value: Vector3(x: 0, y: 0, z: -1)),
            SensorSample(sensor: .gyroscope, timestamp: 1, value: Vector3(x: 0.5, y: 0, z: 0)),
            SensorSample(sensor: .magnetometer, timestamp: 1, value: field),
            SensorSample(sensor: .magnetometer, timestamp: 1.5, value: .init(x: .nan, y: 0, z: 0)),
            SensorSample(sensor: .accelerometer, timestamp: 2, value: Vector3(x: 0, y: 0, z: -1)),
        ])
        let finished = try await writer.finish()
        #expect(
            try readText(writer.directory.appending("raw.csv"))
                == "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z,"
                + "magnetic_field_x,magnetic_field_y,magnetic_field_z\n"
                + "1.000000,0.00000000,0.00000000,-1.00000000,0.50000000,0.00000000,0.00000000,20.00000000,0.50000000,-40.25000000\n"
                + "1.500000,,,,,,,nan,0.00000000,0.00000000\n"
                + "2.000000,0.00000000,0.00000000,-1.00000000,,,,,,\n")
        let json = try readText(writer.directory.appending("recording.json"))
        #expect(json.contains("\"format_version\" : 3"))
        #expect(json.contains("\"calibration\" : null"))
        #expect(json.contains("\"magnetic_field\" : \"µT"))
        let recording = try RecordingReader.read(writer.directory)
        #expect(recording.metadata == finished)
        #expect(recording.metadata.magnetometer?.key == "mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068")
        #expect(recording.raw.map(\.sensor) == [.accelerometer, .gyroscope, .magnetometer, .magnetometer, .accelerometer])
        #expect(recording.raw[2].value == field)
        #expect(recording.raw[3].value.x.isNaN)
        #expect(recording.rawRowCount == 3)
    }

    @Test("The calibration used is noted whole (device key, path, fit date, the calibration) and read back")
    func calibrationNoted() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("cal.imurec"), metadata: Self.metadata(calibration: Self.noted))
        try await writer.append(raw: Self.readings(seconds: 1))
        try await writer.finish()
        let metadata = try RecordingReader.readMetadata(writer.directory)
        #expect(metadata.magnetometer?.calibration == Self.noted)
        let json = try readText(writer.directory.appending("recording.json"))
        #expect(json.contains("\"created\" : \"2026-11-25T16:40:00Z\""))
        #expect(json.contains("\"accuracy\" : \"high\""))
    }

    @Test("Replayed, the magnetometer reaches the fusion in a north frame; x-arbitrary-z-vertical is what it is without it")
    func replayFeedsTheFusion() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let readings = Self.readings(seconds: 20)
        let writer = try RecordingWriter(creating: temporary.path.appending("turn.imurec"), metadata: Self.metadata(calibration: nil))
        try await writer.append(raw: readings)
        try await writer.finish()
        let plain = try RecordingWriter(creating: temporary.path.appending("plain.imurec"), metadata: SampleData.metadata())
        try await plain.append(raw: readings)
        try await plain.finish()

        let source = try RecordingReplaySource(contentsOf: writer.directory)
        #expect(source.hasMagnetometer)
        #expect(try !RecordingReplaySource(contentsOf: plain.directory).hasMagnetometer)
        func fused(_ directory: FilePath, frame: AttitudeReferenceFrame) throws -> [DeviceMotion] {
            var updates = try MotionUpdateLoop(outputRate: 25, hasGyroscope: true, referenceFrame: frame)
            var output: [DeviceMotion] = []
            let batches = try RecordingReplaySource(contentsOf: directory).batchReader()
            while let batch = try batches.next() { updates.append(batch, into: &output) }
            updates.finish(into: &output)
            return output
        }
        // Byte for byte: the CSV rows are the same.
        func rows(_ motions: [DeviceMotion]) -> [String] { motions.map { "\($0.timestamp) \($0.columnValues)" } }
        #expect(
            rows(try fused(writer.directory, frame: .xArbitraryZVertical)) == rows(try fused(plain.directory, frame: .xArbitraryZVertical)))
        let north = try fused(writer.directory, frame: .xMagneticNorthZVertical)
        let last = try #require(north.last?.heading)
        // The device's x axis starts at north and turns counter-clockwise seen from above (+z) by 10 rad in 20 s; the
        // heading, clockwise from north to the x axis (DeviceMotion.heading), is then -10 rad: 147.04°.
        let expected = 360 - (10.0 * 180 / .pi).truncatingRemainder(dividingBy: 360)
        #expect(abs(last - expected) < 3, "heading \(last)° against \(expected)°")
    }

    @Test("Hostile magnetometer values: beyond ±10000 µT and wrong column counts refused with the line; nan dropped later")
    func hostileValues() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("bad.imurec"), metadata: Self.metadata(calibration: nil))
        try await writer.sync()
        let header =
            "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z,"
            + "magnetic_field_x,magnetic_field_y,magnetic_field_z\n"
        let raw = writer.directory.appending("raw.csv")
        for (row, reason) in [
            ("1.0,0,0,-1,0,0,0,1e300,0,0\n", "magnetic_field_x is 1e+300"),
            ("1.0,0,0,-1,0,0,0,0,-10000.5,0\n", "magnetic_field_y is -10000.5"),
            ("1.0,0,0,-1,0,0,0\n", "7 columns, expected 10"),
            ("1.0,0,0,-1,0,0,0,1,2,3,4\n", "11 columns, expected 10"),
            ("1.0,0,0,-1,0,0,0,north,0,0\n", "magnetic_field_x is 'north'"),
        ] {
            try writeText(header + "0.5,0,0,-1,0,0,0,1,2,3\n" + row, to: raw)
            let error = try #require(throws: RecordingError.self) { try RecordingReader.read(writer.directory) }
            guard case .corruptLine(_, let line, let message) = error else {
                Issue.record("\(row): \(error)")
                continue
            }
            #expect(line == 3 && message.contains(reason), "\(row): \(message)")
        }
        try writeText(header + "0.5,,,,,,,nan,inf,3\n", to: raw)
        let recording = try RecordingReader.read(writer.directory)
        #expect(recording.raw.count == 1 && recording.raw[0].sensor == .magnetometer && recording.raw[0].value.x.isNaN)
    }

    @Test("recording.json: a magnetometer needs format 3 and format 3 a magnetometer; a bad calibration refused")
    func metadataMatchesVersion() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(
            creating: temporary.path.appending("meta.imurec"), metadata: Self.metadata(calibration: Self.noted))
        try await writer.finish()
        let path = writer.directory.appending("recording.json")
        let original = try readText(path)
        let plain = try RecordingWriter(creating: temporary.path.appending("plain.imurec"), metadata: SampleData.metadata())
        try await plain.finish()
        let plainText = try readText(plain.directory.appending("recording.json"))
        for (name, text, directory) in [
            (
                "format 2 with a magnetometer", original.replacingOccurrences(of: "\"format_version\" : 3", with: "\"format_version\" : 2"),
                writer.directory
            ),
            (
                "format 3 without one", plainText.replacingOccurrences(of: "\"format_version\" : 2", with: "\"format_version\" : 3"),
                plain.directory
            ),
            ("offset 1e300", original.replacingOccurrences(of: "\"x\" : 12", with: "\"x\" : 1e300"), writer.directory),
            ("accuracy uncalibrated", original.replacingOccurrences(of: "\"high\"", with: "\"uncalibrated\""), writer.directory),
            ("no calibration key", original.replacingOccurrences(of: "\"calibration\" : {", with: "\"calibrated\" : {"), writer.directory),
        ] {
            let target = directory.appending("recording.json")
            let saved = try readText(target)
            try writeText(text, to: target)
            #expect(text != saved, "\(name): the edit did not apply")
            let error = try #require(throws: RecordingError.self, "\(name)") { try RecordingReader.readMetadata(directory) }
            guard case .corruptMetadata = error else {
                Issue.record("\(name): \(error)")
                continue
            }
            try writeText(saved, to: target)
        }
    }
}

import DeviceMotionKit
import Foundation
import IIOTestbed
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// `imu-record` on an MPU-9250 (umockdev): the magnetometer's readings in the recording (format 3), the IMU's saved
/// calibration found by its bus key and noted, `--calibration none`, a hostile saved calibration refused; then
/// `imu-motion` replays the recording into a north frame with the calibration it was recorded with.
@Suite("imu-record with a magnetometer", .enabled(if: canRunCLIs, cliMessage))
struct IMURecordMagnetometerTests {
    /// The MPU-9250's calibration key: its magnetometer's name and its i2c parent's path (`IMU.calibrationKey`).
    static let key = "mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068"

    /// A scratch directory holding `state/` (XDG_STATE_HOME) and `out/` (imu-record's -o).
    final class Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imu-record-magn-\(UUID().uuidString)")
        var state: URL { root.appendingPathComponent("state") }
        var output: URL { root.appendingPathComponent("out") }
        var savedCalibration: URL { state.appendingPathComponent("imu-bridge/calibration/\(IMURecordMagnetometerTests.key).json") }
        init() throws {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: savedCalibration.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: root) }
        var recording: URL? {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            return entries.first { $0.hasSuffix(".imurec") }.map { output.appendingPathComponent($0) }
        }
    }

    /// Records 4 s of an MPU-9250 lying still, its magnetometer reading (20, 0, -40) µT plus a (-5, 10, -3) µT hard
    /// iron (device frame), under `XDG_STATE_HOME=scratch.state`; returns the run.
    private func record(_ scratch: Scratch, _ arguments: [String]) throws -> ProcessResult {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "mpu9250")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device50"))
        let layout = try #require(FixtureScanLayout(device: device, excluding: ["temp"]))
        let scans = (0..<250).flatMap { n -> [UInt8] in
            // The device frame's (20, 0, -40) µT plus the hard iron (-5, 10, -3) is (15, 10, -43); in_magn_mount_matrix
            // swaps x and y and negates z, so the raw axes read (10, 15, 43).
            let raw = [10.0, 15.0, 43.0]
            let values: [String: Int64] = [
                "accel_z": 16384, "magn_x": Int64((raw[0] / 0.1781).rounded()), "magn_y": Int64((raw[1] / 0.1792).rounded()),
                "magn_z": Int64((raw[2] / 0.1722).rounded()), "timestamp": 1_000_000_000 + Int64(n) * 20_000_000,
            ]
            return layout.encode(values)
        }
        _ = try testbed.feed(device: "iio:device50", bytes: scans)
        return try testbed.runUnderPreload(
            executable: "/usr/bin/env",
            arguments: [
                "XDG_STATE_HOME=\(scratch.state.path)", try product("imu-record"), "--tag", "sitting", "--device", "mpu9250",
                "--sensor-rate", "50", "--duration", "4", "-o", scratch.output.path, "--json",
            ] + arguments)
    }

    /// A calibration file as imu-calibrate writes it, with a (-5, 10, -3) µT offset in the device frame.
    private static let calibrationText = """
        {"calibration": {"accuracy": "high", "coverage": 0.7, "field_norm": 44.7, "offset": {"x": -5, "y": 10, "z": -3},
         "residual": 0.01, "sample_count": 1200, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
         "created": "2026-11-25T16:40:00Z", "device": "\(key)", "format_version": 1}
        """

    @Test("The saved calibration is found by the bus key and noted; the magnetometer's readings are in raw.csv")
    func savedCalibrationNoted() throws {
        let scratch = try Scratch()
        try Self.calibrationText.write(to: scratch.savedCalibration, atomically: true, encoding: .utf8)
        let result = try record(scratch, [])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let directory = try #require(scratch.recording)
        try SchemaValidation.expectValidRecording(directory)
        let recording = try RecordingReader.read(FilePath(directory.path))
        #expect(recording.metadata.formatVersion == 3)
        let magnetometer = try #require(recording.metadata.magnetometer)
        #expect(magnetometer.key == Self.key)
        #expect(magnetometer.device.mountMatrix == [0, 1, 0, 1, 0, 0, 0, 0, -1])
        #expect(magnetometer.calibration?.path == scratch.savedCalibration.path)
        #expect(magnetometer.calibration?.created == "2026-11-25T16:40:00Z")
        #expect(magnetometer.calibration?.calibration.accuracy == .high)
        let fields = recording.raw.filter { $0.sensor == .magnetometer }.map(\.value)
        #expect(fields.count >= 150, "\(fields.count) magnetometer readings")
        // (20, 0, -40) µT plus the hard iron, in the device frame: (15, 10, -43), to the counts' resolution.
        #expect(
            fields.allSatisfy { abs($0.x - 15) < 0.2 && abs($0.y - 10) < 0.2 && abs($0.z - -43) < 0.2 },
            "\(fields.prefix(3)) \(fields.suffix(3))")

        // Replayed into magnetic north, the recorded calibration is applied: accuracy high, the offset removed.
        let replay = try runOutsidePreload(
            "imu-motion", [directory.path, "--reference-frame", "x-magnetic-north-z-vertical", "--json"])
        #expect(replay.status == 0, "\(replay.standardError)")
        let last = try #require(try jsonLines(replay.standardOutput).last)
        let field = try #require(last["magnetic_field"] as? [String: Any])
        #expect(field["accuracy"] as? String == "high")
        let components = ["x", "y", "z"].compactMap { field[$0] as? Double }
        #expect(close(components, [20, 0, -40], tolerance: 0.3), "\(field)")
        let uncalibrated = try runOutsidePreload(
            "imu-motion", [directory.path, "--reference-frame", "x-magnetic-north-z-vertical", "--json", "--calibration", "none"])
        let raw = try #require(try jsonLines(uncalibrated.standardOutput).last?["magnetic_field"] as? [String: Any])
        #expect(raw["accuracy"] as? String == "uncalibrated")

        // True north from the World Magnetic Model at Cambridge (52.2° N, 0.12° E) on 2026-06-21: the heading is the
        // magnetic one plus the declination there.
        let magnetic = try #require(last["heading"] as? Double)
        let trueNorth = try runOutsidePreload(
            "imu-motion",
            [
                directory.path, "--reference-frame", "x-true-north-z-vertical", "--json", "--latitude", "52.2", "--longitude", "0.12",
                "--date", "2026-06-21",
            ])
        #expect(trueNorth.status == 0, "\(trueNorth.standardError)")
        let heading = try #require(try jsonLines(trueNorth.standardOutput).last?["heading"] as? Double)
        let declination = try WorldMagneticModel.wmm2025.declination(
            latitude: 52.2, longitude: 0.12, decimalYear: WorldMagneticModel.decimalYear(year: 2026, month: 6, day: 21))
        let difference = (heading - magnetic - declination + 540).truncatingRemainder(dividingBy: 360) - 180
        #expect(abs(difference) < 0.01, "true \(heading)°, magnetic \(magnetic)°, declination \(declination)°")
    }

    @Test("--calibration none: the recording says so (null); the readings are the same")
    func calibrationNone() throws {
        let scratch = try Scratch()
        try Self.calibrationText.write(to: scratch.savedCalibration, atomically: true, encoding: .utf8)
        let result = try record(scratch, ["--calibration", "none"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let directory = try #require(scratch.recording)
        let json = try String(contentsOf: directory.appendingPathComponent("recording.json"), encoding: .utf8)
        #expect(json.contains("\"calibration\" : null"), "\(json)")
    }

    @Test("A hostile saved calibration is an error (status 12) naming the file, and nothing is recorded")
    func hostileSavedCalibration() throws {
        for text in [
            Self.calibrationText.replacingOccurrences(of: "\"x\": -5", with: "\"x\": 1e300"),
            Self.calibrationText.replacingOccurrences(of: "2026-11-25T16:40:00Z", with: "yesterday"), "{", "",
        ] {
            let scratch = try Scratch()
            try text.write(to: scratch.savedCalibration, atomically: true, encoding: .utf8)
            let result = try record(scratch, [])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(text): \(result.standardError)")
            #expect(result.standardError.contains(scratch.savedCalibration.path), "\(result.standardError)")
            #expect(scratch.recording == nil)
        }
    }

    @Test("imu-classify --replay and imu-motion give the same output for a recording and its format 3 copy with a magnetometer")
    func formatThreeReplaysAlike() async throws {
        let scratch = try Scratch()
        let demo = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec")
        let original = try RecordingReader.read(FilePath(demo.path))
        var metadata = original.metadata
        metadata.magnetometer = RecordingMagnetometer(device: RecordingDevice(name: "synthetic"), key: nil, calibration: nil)
        let writer = try RecordingWriter(creating: FilePath(scratch.output.appendingPathComponent("copy.imurec").path), metadata: metadata)
        // A magnetometer reading every third instant (the fixture's rows hold two readings).
        var raw: [SensorSample] = []
        for (index, reading) in original.raw.enumerated() {
            raw.append(reading)
            if index.isMultiple(of: 6) {
                // Every other one 1 ms after the reading: a row of its own.
                let timestamp = reading.timestamp + (index.isMultiple(of: 12) ? 0 : 0.001)
                raw.append(SensorSample(sensor: .magnetometer, timestamp: timestamp, value: Vector3(x: 20, y: Double(index % 7), z: -40)))
            }
        }
        try await writer.append(raw: raw)
        try await writer.append(motion: original.motion)
        try await writer.finish()
        let copy = writer.directory.string
        #expect(try RecordingReader.readMetadata(writer.directory).formatVersion == 3)
        for (tool, arguments) in [("imu-classify", ["--replay"]), ("imu-motion", [])] {
            let before = try runOutsidePreload(tool, arguments + [demo.path, "--json"])
            let after = try runOutsidePreload(tool, arguments + [copy, "--json"])
            #expect(before.status == 0 && after.status == 0, "\(tool): \(after.standardError)")
            #expect(!before.standardOutput.isEmpty && before.standardOutput == after.standardOutput, "\(tool)")
        }
    }

    @Test("An IMU without a magnetometer: format 2 as before; --calibration FILE is read (a bad one refused) but said to be unused")
    func noMagnetometer() throws {
        let scratch = try Scratch()
        let file = scratch.root.appendingPathComponent("cal.json")
        try Self.calibrationText.write(to: file, atomically: true, encoding: .utf8)
        let setup = try RecorderSetup()
        let result = try setup.launch(tag: "walking", ["--duration", "1", "--calibration", file.path]).wait()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("adxl345 has no magnetometer; --calibration \(file.path) is not used"))
        let recording = try setup.readRecording()
        #expect(recording.metadata.formatVersion == 2 && recording.metadata.magnetometer == nil)
        try "{".write(to: file, atomically: true, encoding: .utf8)
        let refused = try setup.launch(tag: "walking", ["--duration", "1", "--calibration", file.path]).wait()
        #expect(refused.status == ExitStatus.badInput.rawValue, "\(refused.standardError)")
    }
}

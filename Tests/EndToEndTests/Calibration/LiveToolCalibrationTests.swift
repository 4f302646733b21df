import Foundation
import IIOTestbed
import Testing

/// The live tools besides imu-record (imu-classify --live, imu-steps --live) on an MPU-9250 (umockdev) find the
/// magnetometer calibration saved for it by its bus key under `$XDG_STATE_HOME`, name it on stderr, refuse a saved
/// file that is not a calibration (status 12), and take `--calibration FILE|none` as imu-record does.
@Suite("Live tools load the saved magnetometer calibration", .enabled(if: canRunCLIs, cliMessage))
struct LiveToolCalibrationTests {
    /// The MPU-9250's calibration key (`IMU.calibrationKey`).
    static let key = "mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068"

    /// A calibration as imu-calibrate writes it.
    static let calibrationText = """
        {"calibration": {"accuracy": "high", "coverage": 0.7, "field_norm": 44.7, "offset": {"x": -5, "y": 10, "z": -3},
         "residual": 0.01, "sample_count": 1200, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
         "device": "\(key)", "format_version": 1}
        """

    /// A scratch `XDG_STATE_HOME` with `text` saved as the MPU-9250's calibration.
    final class State {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imu-live-calibration-\(UUID().uuidString)")
        var saved: URL { root.appendingPathComponent("imu-bridge/calibration/\(LiveToolCalibrationTests.key).json") }
        init(saving text: String) throws {
            try FileManager.default.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: saved, atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// An MPU-9250 lying still, its magnetometer reading a steady field: scans stamped 20 ms apart (50 Hz), written
    /// five times faster for as long as the tool reads, so the stream never runs dry and the tool is stopped, not
    /// timed out. Stop the feeder, then close the testbed.
    private static func testbed() throws -> (Testbed, PacedFeeder) {
        let testbed = try Testbed()
        let fixture = try SysfsFixture(named: "mpu9250")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device50"))
        let layout = try #require(FixtureScanLayout(device: device, excluding: ["temp"]))
        let feeder = try testbed.feedPaced(
            device: "iio:device50", scanSize: layout.size, interval: 0.004,
            timestamp: { index, _ in 1_000_000_000 + Int64(index) * 20_000_000 },
            scan: { _, timestamp in
                layout.encode(["accel_z": 16384, "magn_x": 56, "magn_y": 84, "magn_z": 250, "timestamp": timestamp])
            })
        return (testbed, feeder)
    }

    /// `tool` with `arguments` under the preload and `XDG_STATE_HOME=state`.
    private static func command(_ tool: String, _ arguments: [String], state: State) throws -> (String, [String]) {
        ("/usr/bin/env", ["XDG_STATE_HOME=\(state.root.path)", try product(tool)] + arguments)
    }

    @Test("imu-classify --live: the saved calibration named; a hostile one refused (12) unless --calibration none")
    func classify() throws {
        let arguments = ["--live", "--device", "mpu9250", "--sensor-rate", "50", "--history", "none", "--json"]
        let state = try State(saving: Self.calibrationText)
        do {
            let (testbed, feeder) = try Self.testbed()
            defer {
                feeder.stop()
                testbed.close()
            }
            let (executable, words) = try Self.command("imu-classify", arguments, state: state)
            let process = try testbed.launchUnderPreload(executable: executable, arguments: words)
            let line = "imu-classify: magnetometer calibration \(state.saved.path) (high)"
            #expect(process.waitUntil(timeLimit: 60) { process.errorSoFar.contains(line) }, "\(process.errorSoFar)")
            _ = process.waitForOutput(timeLimit: 60) { $0.contains("\"activity\"") }
            let result = process.stop()
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
            #expect(result.output.contains("\"activity\""), "a window classified: \(result.output)")
        }
        let hostile = try State(saving: Self.calibrationText.replacingOccurrences(of: "\"x\": -5", with: "\"x\": 1e999"))
        do {
            let (testbed, feeder) = try Self.testbed()
            defer {
                feeder.stop()
                testbed.close()
            }
            let (executable, words) = try Self.command("imu-classify", arguments, state: hostile)
            let result = try testbed.runUnderPreload(executable: executable, arguments: words)
            #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains(hostile.saved.path), "\(result.standardError)")
        }
        do {
            let (testbed, feeder) = try Self.testbed()
            defer {
                feeder.stop()
                testbed.close()
            }
            let (executable, words) = try Self.command("imu-classify", arguments + ["--calibration", "none"], state: hostile)
            let process = try testbed.launchUnderPreload(executable: executable, arguments: words)
            _ = process.waitForOutput(timeLimit: 60) { $0.contains("\"activity\"") }
            let result = process.stop()
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
            #expect(result.output.contains("\"activity\""), "\(result.output)")
            #expect(!result.standardError.contains("magnetometer calibration"), "\(result.standardError)")
        }
        let replay = try runOutsidePreload("imu-classify", ["--replay", "x.imurec", "--calibration", "none"])
        #expect(replay.status == ExitStatus.usage.rawValue && replay.standardError.contains("only apply with --live"))
    }

    @Test("imu-steps --live: a hostile saved calibration refused (12); --calibration FILE used and named instead")
    func steps() throws {
        let hostile = try State(saving: "{\"calibration\": null}")
        let arguments = ["--live", "--device", "mpu9250", "--sensor-rate", "50", "--json"]
        do {
            let (testbed, feeder) = try Self.testbed()
            defer {
                feeder.stop()
                testbed.close()
            }
            let (executable, words) = try Self.command("imu-steps", arguments, state: hostile)
            let result = try testbed.runUnderPreload(executable: executable, arguments: words)
            #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains(hostile.saved.path), "\(result.standardError)")
        }
        let given = try State(saving: Self.calibrationText)
        let (testbed, feeder) = try Self.testbed()
        defer {
            feeder.stop()
            testbed.close()
        }
        let (executable, words) = try Self.command(
            "imu-steps", arguments + ["--calibration", given.saved.path], state: hostile)
        let process = try testbed.launchUnderPreload(executable: executable, arguments: words)
        let line = "imu-steps: magnetometer calibration \(given.saved.path) (high)"
        #expect(process.waitUntil(timeLimit: 60) { process.errorSoFar.contains(line) }, "\(process.errorSoFar)")
        let result = process.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
    }
}

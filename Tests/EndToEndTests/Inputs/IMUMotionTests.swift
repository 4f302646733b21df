import CommandLineSupport
import Foundation
import IIOTestbed
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// `imu-motion` end to end: files in, the `DeviceMotion` stream out, in CoreMotion units and signs.
@Suite("imu-motion on CSV files and recordings", .enabled(if: PackageLocations.product(named: "imu-motion") != nil, cliMessage))
final class IMUMotionTests {
    /// A scratch directory for the inputs.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imu-motion-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to `name` in the scratch directory and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A BROAD-style CSV at 100 Hz for `seconds`: each row from `row(time)` (the values after `t_s`).
    func broadCSV(header: String, seconds: Double, row: (Double) -> String) -> String {
        let rows = (0..<Int(seconds * 100)).map { index -> String in
            let time = 10 + Double(index) / 100
            return "\(time),\(row(time))"
        }
        return ([header] + rows).joined(separator: "\n") + "\n"
    }

    /// Runs `imu-motion` with `arguments` and the JSON lines it printed.
    func run(_ arguments: [String]) throws -> (result: ProcessResult, lines: [[String: Any]]) {
        let result = try Testbed.runOutsidePreload(executable: try product("imu-motion"), arguments: arguments + ["--json"])
        return (result, result.status == ExitStatus.success.rawValue ? try jsonLines(result.output) : [])
    }

    /// The triple at `key` of a JSON line.
    func triple(_ line: [String: Any], _ key: String) -> [Double]? {
        guard let object = line[key] as? [String: Double], let x = object["x"], let y = object["y"], let z = object["z"] else { return nil }
        return [x, y, z]
    }

    @Test("BROAD columns lying face up: gravity (0, 0, -1) g, nothing else, at --rate")
    func faceUpStatic() throws {
        // Specific force +9.80665 m/s^2 on z (sensor sign) is CoreMotion's (0, 0, -1) g.
        let input = try file(
            "face-up.csv",
            broadCSV(header: "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x", seconds: 4) { _ in
                "0,0,0,0,0,9.80665,12.5"
            })
        for rate in [25.0, 50] {
            let (result, lines) = try run([input, "--rate", String(rate)])
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
            let times = lines.compactMap { $0["timestamp"] as? Double }
            #expect(times.count >= Int(4 * rate) - 1 && times.count <= Int(4 * rate) + 1)
            #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 1 / rate) < 1e-9 })
            for line in lines {
                #expect(close(triple(line, "gravity"), [0, 0, -1], tolerance: 1e-9))
                #expect(close(triple(line, "user_acceleration"), [0, 0, 0], tolerance: 1e-9))
                #expect(close(triple(line, "rotation_rate"), [0, 0, 0], tolerance: 1e-9))
            }
        }
    }

    @Test("BROAD columns on the left edge, turning: gravity +x g and the rotation rate as given")
    func leftEdgeTurning() throws {
        // Lying on its left edge, the +x axis points down: specific force -9.81 on x, CoreMotion gravity (1, 0, 0).
        // Turning about the vertical (the device's x) at 0.5 rad/s: gyr_x = -0.5 (right-hand rule about +x, down).
        let input = try file(
            "left-edge.csv",
            broadCSV(header: "t_s,acc_x,acc_y,acc_z,gyr_x,gyr_y,gyr_z", seconds: 4) { _ in
                "-9.80665,0,0,-0.5,0,0"
            })
        let (result, lines) = try run([input])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let middle = try #require(lines.dropFirst(40).first)
        #expect(close(triple(middle, "gravity"), [1, 0, 0], tolerance: 1e-4))
        #expect(close(triple(middle, "rotation_rate"), [-0.5, 0, 0], tolerance: 1e-3))
    }

    @Test("Without gyr_* columns the input is accelerometer-only: gravity from the accelerometer, no rotation")
    func accelerometerOnly() throws {
        // Tilted 30° about x: specific force (0, 9.81 sin 30°, 9.81 cos 30°) m/s^2 is gravity (0, -0.5, -0.866) g.
        let input = try file(
            "acc-only.csv",
            broadCSV(header: "t_s,acc_x,acc_y,acc_z", seconds: 4) { _ in
                "0,\(9.80665 * 0.5),\(9.80665 * 0.75.squareRoot())"
            })
        let (result, lines) = try run([input])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(lines.count >= 99)
        for line in lines {
            #expect(close(triple(line, "gravity"), [0, -0.5, -0.75.squareRoot()], tolerance: 1e-9))
            #expect(close(triple(line, "rotation_rate"), [0, 0, 0], tolerance: 0))
        }
    }

    @Test("A recording (directory or its raw.csv) is replayed through the pipeline like a live split IMU")
    func recording() async throws {
        let path = FilePath(directory.appendingPathComponent("still-20260101-000000-00000000.imurec").path)
        let metadata = RecordingMetadata(
            tag: "still", source: "test", device: RecordingDevice(name: "split"), hasGyroscope: true,
            rawRate: 104, motionRate: nil, wallClockStart: nil)
        let writer = try RecordingWriter(creating: path, metadata: metadata)
        // A 416 Hz gyroscope and a 104 Hz accelerometer on their own clocks, lying on the right edge: gravity -x.
        let gyroscope = (0..<(416 * 5)).map {
            SensorSample(sensor: .gyroscope, timestamp: 100.0007 + Double($0) / 416, value: Vector3(x: 0.001, y: 0, z: 0))
        }
        let accelerometer = (0..<(104 * 5)).map {
            SensorSample(sensor: .accelerometer, timestamp: 100 + Double($0) / 104, value: Vector3(x: -1, y: 0, z: 0))
        }
        try await writer.append(raw: (gyroscope + accelerometer).sorted { $0.timestamp < $1.timestamp })
        _ = try await writer.finish()
        for input in [path.string, path.appending("raw.csv").string] {
            let (result, lines) = try run([input, "--rate", "20"])
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
            #expect(lines.count >= 95 && lines.count <= 101)
            let last = try #require(lines.last)
            #expect(close(triple(last, "gravity"), [-1, 0, 0], tolerance: 1e-4))
            #expect(close(triple(last, "rotation_rate"), [0.001, 0, 0], tolerance: 1e-3))
        }
    }

    @Test("Repeated rows are dropped and counted on stderr, not integrated twice")
    func duplicatedRows() throws {
        // Face up, turning at 1 rad/s about z; every tenth row written twice.
        let rows = (0..<300).flatMap { index -> [String] in
            let row = "\(Double(index) / 100),0,0,1,0,0,9.80665"
            return index % 10 == 5 ? [row, row] : [row]
        }
        let input = try file("duplicates.csv", (["t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z"] + rows).joined(separator: "\n"))
        let (result, lines) = try run([input])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("dropped 60 readings with a repeated timestamp"))
        let last = try #require(lines.last)
        let time = try #require(last["timestamp"] as? Double)
        let attitude = try #require(last["attitude"] as? [String: Double])
        let q = try #require(["w", "x", "y", "z"].map { attitude[$0] } as? [Double])
        let yaw = atan2(2 * (q[0] * q[3] + q[1] * q[2]), 1 - 2 * (q[2] * q[2] + q[3] * q[3]))
        #expect(time > 2.9)
        #expect(abs(yaw - time) < 0.01)
    }

    @Test("-o through a link writes the file it names; other files beside it, and a failed run's target, are untouched")
    func outputFile() throws {
        let input = try file(
            "still.csv",
            broadCSV(header: "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z", seconds: 2) { _ in "0,0,0,0,0,9.80665" })
        let target = try file("motion.csv", "old\n")
        let neighbours = [try file("motion.tmp", "notes\n"), try file("motion.csv.partial", "more notes\n")]
        let link = directory.appendingPathComponent("latest.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try Testbed.runOutsidePreload(executable: try product("imu-motion"), arguments: [input, "-o", link])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let rows = try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n")
        #expect(rows.first?.hasPrefix("timestamp,attitude_w") == true && rows.count >= 50)
        #expect(try neighbours.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["notes\n", "more notes\n"])

        let bad = try file("bad.csv", "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0.01,0,zero,0,0,0,9.8\n")
        let failed = try Testbed.runOutsidePreload(executable: try product("imu-motion"), arguments: [bad, "-o", target])
        #expect(failed.status != ExitStatus.success.rawValue)
        #expect(try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n") == rows)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
                == ["still.csv", "motion.csv", "motion.tmp", "motion.csv.partial", "latest.csv", "bad.csv"])
    }

    @Test("A malformed line fails with the file, the line and what to fix")
    func malformedLine() throws {
        let input = try file("bad.csv", "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0.01,0,zero,0,0,0,9.8\n")
        let (result, _) = try run([input])
        #expect(result.status != ExitStatus.success.rawValue)
        #expect(result.standardError.contains("bad.csv:3: column gyr_y is \"zero\", not a number"))
        let missing = try file("missing.csv", "t_s,gyr_x,acc_x,acc_y,acc_z\n0,0,0,0,9.8\n")
        let (missingResult, _) = try run([missing])
        #expect(missingResult.status != ExitStatus.success.rawValue)
        #expect(missingResult.standardError.contains("missing column(s) gyr_y, gyr_z"))
    }

    @Test("--reference-frame with mag_* columns: face up, x pointing east, heading 90° (95° true with --declination 5, 85° with -5)")
    func referenceFrames() throws {
        // Flat, x east and y north: the field (20 µT north, 40 µT down) reads (0, 20, -40) µT in the device frame.
        let input = try file(
            "east.csv",
            broadCSV(header: "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z,mag_x,mag_y,mag_z", seconds: 4) { _ in
                "0,0,0,0,0,9.80665,0,20,-40"
            })
        for (arguments, expected) in [
            (["--reference-frame", "x-magnetic-north-z-vertical"], 90.0),
            (["--reference-frame", "xTrueNorthZVertical", "--declination", "5"], 95),
            // West and south are negative, written as the next argument as every other value is.
            (["--reference-frame", "xTrueNorthZVertical", "--declination", "-5"], 85),
            // The WMM2025 declination at 80° S, 120° W on 2027-07-02 (2027.5): 68.49° (the report's Table 6).
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "-80", "--longitude", "-120", "--date", "2027-07-02"],
                90 + 68.4864
            ),
            (["--reference-frame", "x-true-north-z-vertical", "--latitude=-80", "--longitude=-120", "--date", "2027-07-02"], 90 + 68.4864),
        ] {
            let (result, lines) = try run([input] + arguments)
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
            #expect(lines.count >= 99)
            for line in lines {
                let heading = try #require(line["heading"] as? Double)
                #expect(abs(heading - expected) < 1e-3, "\(arguments): \(heading)")
                // The field appears once the resampler's kernel holds readings only (its latency after the first).
                guard (line["timestamp"] as? Double ?? 0) > 11 else { continue }
                let field = try #require(line["magnetic_field"] as? [String: Any])
                #expect(field["accuracy"] as? String == "uncalibrated")
                #expect(abs((field["y"] as? Double ?? 0) - 20) < 1e-6)
            }
            let attitude = try #require(lines.last?["attitude"] as? [String: Double])
            let yaw = 2 * atan2(attitude["z"] ?? 0, attitude["w"] ?? 0) * 180 / .pi
            #expect(abs(yaw + expected) < 1e-3)  // yaw counter-clockwise: -90° (magnetic), -95° (true)
        }
        let (arbitrary, lines) = try run([input])
        #expect(arbitrary.status == ExitStatus.success.rawValue)
        #expect(lines.allSatisfy { $0["heading"] == nil && $0["magnetic_field"] == nil })
    }

    @Test("--reference-frame refusals: no mag_* columns, unknown frame, true north without or with a wild declination")
    func referenceFrameRefusals() throws {
        let plain = try file("plain.csv", "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n0,0,0,0,0,0,9.8\n0.01,0,0,0,0,0,9.8\n")
        let (noMagnetometer, _) = try run([plain, "--reference-frame", "x-magnetic-north-z-vertical"])
        #expect(noMagnetometer.status == ExitStatus.badInput.rawValue)
        #expect(noMagnetometer.standardError.contains("needs magnetometer and gyroscope readings (columns mag_x, mag_y, mag_z"))
        for (arguments, message) in [
            (["--reference-frame", "north"], "--reference-frame north is not a reference frame; pass one of"),
            (["--reference-frame", "x-true-north-z-vertical"], "needs --latitude DEG --longitude DEG"),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--declination", "200"],
                "--declination 200 is outside -180...180 degrees"
            ),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "91", "--longitude", "0"],
                "--latitude 91 is outside -90...90"
            ),
            (["--reference-frame", "x-true-north-z-vertical", "--latitude", "0", "--longitude=-180.5"], "--longitude -180.5 is outside"),
            (["--reference-frame", "x-true-north-z-vertical", "--latitude", "nan", "--longitude", "0"], "--latitude nan is outside"),
            (["--reference-frame", "x-true-north-z-vertical", "--latitude", "52"], "--latitude and --longitude go together"),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "52", "--longitude", "0", "--declination", "1"],
                "either --declination DEG or --latitude"
            ),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "52", "--longitude", "0", "--date", "2030-01-01"],
                "outside WMM-2025's validity"
            ),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "52", "--longitude", "0", "--date", "2024-12-31"],
                "outside WMM-2025's validity"
            ),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "52", "--longitude", "0", "--date", "2026-02-29"],
                "--date 2026-02-29 is not a calendar date"
            ),
            (
                ["--reference-frame", "x-true-north-z-vertical", "--latitude", "52", "--longitude", "0", "--date", "21/06/2026"],
                "--date 21/06/2026 is not a date; pass YYYY-MM-DD"
            ),
            (
                ["--reference-frame", "x-magnetic-north-z-vertical", "--latitude", "52", "--longitude", "0"],
                "only apply with --reference-frame x-true-north"
            ),
            (["--calibration", ""], "--calibration needs a file name, or none"),
        ] {
            let (result, _) = try run([plain] + arguments)
            #expect(result.status == ExitStatus.usage.rawValue)
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test("--offline: the same instants, gravity forward and backward; below 1 Hz it is a usage error")
    func offline() throws {
        // Still, lying face up for 20 s, then a sustained push that tilts the specific force 30° about x for 40 s
        // (no rotation). Forward-backward gravity is part-way at the step, where the causal one has not moved,
        // and each tilt away from it; the instants, the rotation rate and the reading's sum are the causal run's.
        let (sinTilt, cosTilt) = (0.5, 0.75.squareRoot())
        let input = try file(
            "pushed.csv",
            broadCSV(header: "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z", seconds: 60) { time in
                time < 30 ? "0,0,0,0,0,9.80665" : "0,0,0,0,\(9.80665 * sinTilt),\(9.80665 * cosTilt)"
            })
        let (live, liveLines) = try run([input])
        let (offline, offlineLines) = try run([input, "--offline"])
        #expect(live.status == ExitStatus.success.rawValue, "\(live.standardError)")
        #expect(offline.status == ExitStatus.success.rawValue, "\(offline.standardError)")
        #expect(offlineLines.count == liveLines.count)
        #expect(offlineLines.count >= 1499)
        #expect(offlineLines.map { $0["timestamp"] as? Double } == liveLines.map { $0["timestamp"] as? Double })
        /// The angle in degrees between a line's gravity and `direction`.
        func degrees(_ line: [String: Any], from direction: [Double]) -> Double {
            guard let gravity = triple(line, "gravity") else { return .nan }
            let cosine = zip(gravity, direction).map { $0 * $1 }.reduce(0, +)
            return acos(min(1, max(-1, cosine))) * 180 / .pi
        }
        let (level, tilted) = ([0.0, 0, -1], [0, -sinTilt, -cosTilt])
        for (causal, smoothed) in zip(liveLines, offlineLines) {
            let time = try #require(smoothed["timestamp"] as? Double)
            /// A line's gravity plus user acceleration: the reading.
            func reading(_ line: [String: Any]) throws -> [Double] {
                zip(try #require(triple(line, "gravity")), try #require(triple(line, "user_acceleration"))).map(+)
            }
            #expect(close(try reading(smoothed), try reading(causal), tolerance: 1e-6))
            #expect(close(triple(smoothed, "rotation_rate"), try #require(triple(causal, "rotation_rate"))))
            if abs(time - 30) < 0.02 {
                #expect(degrees(causal, from: level) < 0.5)
                #expect((12...18).contains(degrees(smoothed, from: level)))
            } else if time > 12 && time < 18 {
                #expect(degrees(smoothed, from: level) < 0.2)
            } else if time > 55 {
                #expect(degrees(smoothed, from: tilted) < 0.05)
            }
        }
        let (slow, _) = try run([input, "--offline", "--rate", "0.5"])
        #expect(slow.status == ExitStatus.usage.rawValue)
        #expect(slow.standardError.contains("--rate 0.5 is outside 1...1000 Hz with --offline"), "\(slow.standardError)")
    }
}

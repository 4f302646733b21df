import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// systemd's hwdb sets `ACCEL_MOUNT_MATRIX` on a wrongly mounted sensor's udev device (60-sensor.rules).
/// Its entries are written for iio-sensor-proxy, which applies them to the scaled readings and never
/// negates: imu-stream must read `H · v / g` on every driver, and iio-sensor-proxy's orientation of
/// imu-bridge's acceleration must be the one iio-sensor-proxy finds for the same raw data.
@Suite("hwdb ACCEL_MOUNT_MATRIX", .enabled(if: canRunCLIs, cliMessage))
struct HWDBMountMatrixTests {
    private let g = 9.80665

    /// One reading of a real device, with the matrix that applies to it and iio-sensor-proxy's expectation.
    struct RecordedReading: Sendable, CustomTestStringConvertible {
        let device: String
        let raw: [Int]
        let scale: Double
        /// The parent's modalias and the machine's DMI modalias: with the stock hwdb, the key finds the matrix.
        let parentModalias: String
        let dmiModalias: String?
        /// The matrix when the stock hwdb has no entry for the device (then from test-orientation.c).
        let matrixWithoutStockEntry: String?
        let expected: IIOSensorProxyOrientation
        var testDescription: String { "\(device) \(raw) -> \(expected.rawValue)" }

        /// Onda v975w's DMI modalias, built to match the stock entry's pattern (Fixtures/README.md).
        static let ondaV975wDMI =
            "dmi:bvnAmericanMegatrendsInc.:bvr5.6.5:bd07/25/2014:br4.6:svnTobefilledbyO.E.M.:pnTobefilledbyO.E.M.:"
            + "pvrTobefilledbyO.E.M.:rvnAMICorporation:rnAptioCRB:rvrTobefilledbyO.E.M.:cvnToBeFilledByO.E.M.:ct3:"
            + "cvrToBeFilledByO.E.M.:"

        /// iio-sensor-proxy's src/test-orientation.c, test_mount_matrix_orientation (Fixtures/README.md).
        static let all: [RecordedReading] = [
            .init(
                device: "Onda v975w", raw: [523, 13, 5], scale: 0.019163, parentModalias: "acpi:SMO8500:",
                dmiModalias: ondaV975wDMI, matrixWithoutStockEntry: nil, expected: .normal),
            .init(
                device: "Onda v975w", raw: [8, 521, -67], scale: 0.019163, parentModalias: "acpi:SMO8500:",
                dmiModalias: ondaV975wDMI, matrixWithoutStockEntry: nil, expected: .rightUp),
            .init(
                device: "Winbook TW100", raw: [24, 0, -21], scale: 0.306457,
                parentModalias: "acpi:SMO8500:",
                dmiModalias: nil, matrixWithoutStockEntry: "0, -1, 0; -1, 0, 0; 0, 0, 1", expected: .normal),
            .init(
                device: "Winbook TW100", raw: [15, -25, -14], scale: 0.306457,
                parentModalias: "acpi:SMO8500:",
                dmiModalias: nil, matrixWithoutStockEntry: "0, -1, 0; -1, 0, 0; 0, 0, 1", expected: .leftUp),
        ]
    }

    /// The ADXL345 fixture turned into `name` with `raw` counts of `scale`, its parent's modalias set,
    /// and the hwdb property on its IIO device, as udev would have it after 60-sensor.rules.
    private func accelerometer(
        name: String = "adxl345", raw: [Int]? = nil, scale: Double? = nil,
        parentModalias: String? = nil, hwdb: String
    ) throws -> SysfsFixture {
        var fixture = try SysfsFixture(named: "adxl345")
        let index = try #require(fixture.devices.firstIndex { $0.subsystem == "iio" })
        var values: [String: String] = ["name": name]
        if let raw {
            for (axis, value) in zip(["x", "y", "z"], raw) { values["in_accel_\(axis)_raw"] = "\(value)" }
        }
        if let scale { values["in_accel_scale"] = "\(scale)" }
        for (key, value) in values {
            let attribute = try #require(fixture.devices[index].attributes.firstIndex { $0.path == key })
            fixture.devices[index].attributes[attribute].contents = value + "\n"
        }
        if let parentModalias {
            let parent = try #require(fixture.devices.firstIndex { $0.subsystem == "i2c" })
            let attribute = try #require(
                fixture.devices[parent].attributes.firstIndex { $0.path == "modalias" })
            fixture.devices[parent].attributes[attribute].contents = parentModalias + "\n"
        }
        fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: hwdb))
        return fixture
    }

    /// imu-stream's first acceleration (g, CoreMotion's sign) of `fixture`, and imu-list's accelerometer.
    private func streamAndList(_ fixture: SysfsFixture) throws -> (
        acceleration: [Double], listing: [String: Any]
    ) {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let listing = try testbed.runUnderPreload(
            executable: try product("imu-list"), arguments: ["--json"])
        #expect(listing.status == ExitStatus.success.rawValue, "\(listing.standardError)")
        let accel = try #require(
            try jsonLines(listing.output).first?["accelerometer"] as? [String: Any])
        let stream = try testbed.runUnderPreload(
            executable: try product("imu-stream"),
            arguments: ["--samples", "1", "--json", "--sensor-rate", "50"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        let sample = try #require(try jsonLines(stream.output).first)
        return (try #require(vector(sample, "acceleration")), accel)
    }

    @Test(
        "a chip turned 180 degrees in the board's plane: the entry flips x and y, imu-stream reads H · v / g"
    )
    func listedAndApplied() throws {
        // Specific force (adxl345) turned about z: the kernel rotation is diag(-1, -1, 1), and the hwdb
        // entry, which includes the sign iio-sensor-proxy never applies, is -1 times it.
        let (acceleration, accel) = try streamAndList(
            try accelerometer(hwdb: "1, 0, 0; 0, 1, 0; 0, 0, -1"))
        #expect(accel["mount_matrix"] as? [[Double]] == [[-1, 0, 0], [0, -1, 0], [0, 0, 1]])
        #expect(accel["mount_matrix_source"] as? String == "hwdb ACCEL_MOUNT_MATRIX")
        #expect(accel["hwdb_mount_matrix"] as? String == "1, 0, 0; 0, 1, 0; 0, 0, -1")
        // The fixture reads (3, -5, 256) * 0.0383 m/s^2; the matrix gives (3, -5, -256) * 0.0383 in the HID sign.
        #expect(
            close(acceleration, [3 * 0.0383 / g, -5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12))

        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(try accelerometer(hwdb: "1, 0, 0; 0, 1, 0; 0, 0, -1"))
        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.success.rawValue, "\(table.standardError)")
        #expect(table.output.contains("mount       -1, 0, 0; 0, -1, 0; 0, 0, 1  [hwdb ACCEL_MOUNT_MATRIX]"), "\(table.output)")
        #expect(table.output.contains("hwdb        1, 0, 0; 0, 1, 0; 0, 0, -1  [ACCEL_MOUNT_MATRIX as written, in the HID sign]"))
    }

    @Test("an entry whose z row contradicts x and y keeps x and y, completes z and says so")
    func completedZ() throws {
        // x and y flipped with z left alone is a reflection for a specific-force chip: x and y still
        // match iio-sensor-proxy (-3, 5), z follows the right-hand rule (the chip is aligned: z reads -v/g).
        let (acceleration, accel) = try streamAndList(
            try accelerometer(hwdb: "-1, 0, 0; 0, -1, 0; 0, 0, 1"))
        #expect(accel["mount_matrix"] as? [[Double]] == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        #expect(
            accel["mount_matrix_source"] as? String
                == "hwdb ACCEL_MOUNT_MATRIX, z completed by the right-hand rule")
        #expect(
            close(acceleration, [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12))
    }

    @Test("non-orthogonal x and y rows are refused, naming the udev property")
    func refusesNonRotation() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(try accelerometer(hwdb: "1, 0, 0; 1, 0, 0; 0, 0, 1"))
        let listing = try testbed.runUnderPreload(
            executable: try product("imu-list"), arguments: ["--json"])
        #expect(listing.status == ExitStatus.malformedSysfsValue.rawValue)
        #expect(listing.standardError.contains("ACCEL_MOUNT_MATRIX"))
    }

    @Test(
        "the port of iio-sensor-proxy's orientation_calc passes test-orientation.c's own axis and threshold cases"
    )
    func orientationPort() {
        let oneG = 9.81
        #expect(IIOSensorProxyOrientation.of([0, -oneG, 0]) == .normal)
        #expect(IIOSensorProxyOrientation.of([-oneG, 0, 0]) == .rightUp)
        #expect(IIOSensorProxyOrientation.of([oneG, 0, 0]) == .leftUp)
        #expect(IIOSensorProxyOrientation.of([0, oneG, 0]) == .bottomUp)
        var previous = IIOSensorProxyOrientation.undefined
        for x in [0.0, 183, 176, 183] {
            previous = IIOSensorProxyOrientation.of([x * oneG / 256, -oneG, 0], previous: previous)
            #expect(previous == .normal)
        }
    }

    @Test(
        "recorded readings with their real hwdb entry: imu-bridge's acceleration gives iio-sensor-proxy's orientation",
        .enabled(if: StockSensorHWDB.isAvailable, "needs systemd's 60-sensor.hwdb and systemd-hwdb"),
        arguments: RecordedReading.all)
    func recordedOrientation(reading: RecordedReading) throws {
        let matrix: String
        if let dmi = reading.dmiModalias {
            let hwdb = try StockSensorHWDB()
            defer { hwdb.remove() }
            let key = StockSensorHWDB.key(
                label: nil, name: "kxcjk-1013", location: nil, parentModalias: reading.parentModalias,
                dmiModalias: dmi)
            matrix = try #require(try hwdb.accelMountMatrix(for: key), "no stock entry for \(key)")
        } else {
            matrix = try #require(reading.matrixWithoutStockEntry)
        }
        let (acceleration, _) = try streamAndList(
            try accelerometer(
                name: "kxcjk-1013", raw: reading.raw, scale: reading.scale,
                parentModalias: reading.parentModalias, hwdb: matrix))
        // iio-sensor-proxy: the matrix times the scaled reading, no sign change.
        let rows = matrix.split(separator: ";").map {
            $0.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
        }
        let scaled = reading.raw.map { Double($0) * reading.scale }
        let proxy = rows.map { row in zip(row, scaled).map(*).reduce(0, +) }
        #expect(IIOSensorProxyOrientation.of(proxy) == reading.expected)
        #expect(IIOSensorProxyOrientation.of(acceleration.map { $0 * g }) == reading.expected)
        #expect(
            close(Array(acceleration.prefix(2)), Array(proxy.prefix(2)).map { $0 / g }, tolerance: 1e-12))
    }

    /// The cros-ec fixture (lid accelerometer iio:device6; base accelerometer iio:device7 and gyroscope
    /// iio:device8) with every IIO device given what the stock hwdb has for it, looked up by its label,
    /// its parent's modalias and a Chromebook's DMI modalias as 60-sensor.rules does; the lookup keys too.
    private func crosECWithStockHWDB() throws -> (fixture: SysfsFixture, matrices: [String: String?]) {
        let hwdb = try StockSensorHWDB()
        defer { hwdb.remove() }
        var fixture = try SysfsFixture(named: "cros-ec")
        // Made up (Fixtures/README.md); the cros-ec entries match any DMI.
        let dmi =
            "dmi:bvncoreboot:bvrGoogle_Eve.9584.174.0:bd05/29/2018:br4.0:svnGoogle:pnEve:pvr1.0:rvnGoogle:rnEve:rvr1.0:cvnGoogle:ct9:cvr:"
        var matrices: [String: String?] = [:]
        for index in fixture.devices.indices where fixture.devices[index].subsystem == "iio" {
            let device = fixture.devices[index]
            let parentPath = device.devpath[..<(device.devpath.lastIndex(of: "/") ?? device.devpath.startIndex)]
            let parent = try #require(fixture.devices.first { $0.devpath == parentPath })
            let key = StockSensorHWDB.key(
                label: device.attribute("label")?.trimmingCharacters(in: .whitespacesAndNewlines),
                name: device.attribute("name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", location: nil,
                parentModalias: try #require(parent.attribute("modalias")).trimmingCharacters(in: .whitespacesAndNewlines),
                dmiModalias: dmi)
            let matrix = try hwdb.accelMountMatrix(for: key)
            matrices[device.sysname] = matrix
            if let matrix { fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: matrix)) }
        }
        return (fixture, matrices)
    }

    /// imu-stream's first sample of `fixture` polled from the IMU `device`.
    private func pollOnce(_ fixture: SysfsFixture, device: String) throws -> [String: Any] {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let stream = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", device, "--samples", "1", "--json", "--poll"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        return try #require(try jsonLines(stream.output).first)
    }

    @Test(
        "cros-ec with the stock hwdb, looked up by label as 60-sensor.rules does: upright reads y = -1 g ('normal')",
        .enabled(if: StockSensorHWDB.isAvailable, "needs systemd's 60-sensor.hwdb and systemd-hwdb"))
    func crosECStockEntry() throws {
        let (fixture, matrices) = try crosECWithStockHWDB()
        #expect(matrices["iio:device6"] == "-1, 0, 0; 0, -1, 0; 0, 0, -1")
        let acceleration = try #require(vector(try pollOnce(fixture, device: "lid"), "acceleration"))
        // The lid accelerometer reads (-130, 16200, 410) * 0.00059855 m/s^2 of specific force: held upright.
        #expect(
            close(
                acceleration, [130 * 0.00059855 / g, -16200 * 0.00059855 / g, -410 * 0.00059855 / g],
                tolerance: 1e-12))
        #expect(IIOSensorProxyOrientation.of(acceleration.map { $0 * g }) == .normal)
    }

    @Test(
        "cros-ec base with the stock hwdb: the base reads in the lid-closed display frame (keyboard up: z = +1 g), its gyroscope turned by the same proper rotation",
        .enabled(if: StockSensorHWDB.isAvailable, "needs systemd's 60-sensor.hwdb and systemd-hwdb"))
    func crosECBaseStockEntry() throws {
        let (fixture, matrices) = try crosECWithStockHWDB()
        // 60-sensor.hwdb: "Base accel reports the same as display when lid angle is 180 degrees (vs 0), so it
        // needs an additional 180 degree rotation around the X axis": the display's -I times a turn about x.
        #expect(matrices["iio:device7"] == "-1, 0, 0; 0, 1, 0; 0, 0, 1")
        // The gyroscope's parent is cros-ec-gyro: no entry, it takes the accelerometer's rotation.
        #expect(matrices["iio:device8"] == .some(nil))
        let sample = try pollOnce(fixture, device: "base")
        let acceleration = try #require(vector(sample, "acceleration"))
        // H · v / g, no sign change after it: the base lies keyboard up, (25, -60, 16390) counts of specific
        // force, and reads z = +1 g: the display's frame with the lid closed (display face down, HID z = +1 g).
        let scale = 0.00059855
        #expect(close(acceleration, [-25 * scale / g, -60 * scale / g, 16390 * scale / g], tolerance: 1e-12), "\(acceleration)")
        // The gyroscope: the proper rotation of the entry without its sign, diag(1, -1, -1) (180 degrees about x,
        // determinant +1), applied to (3, 0, -1) counts of 0.001065264 rad/s; a reflection would flip one axis only.
        let rotationRate = try #require(vector(sample, "rotation_rate"))
        #expect(close(rotationRate, [3 * 0.001065264, 0, 1 * 0.001065264], tolerance: 1e-12), "\(rotationRate)")

        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let listing = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(listing.status == ExitStatus.success.rawValue, "\(listing.standardError)")
        let base = try #require(try jsonLines(listing.output).first { $0["location"] as? String == "base" })
        let accelerometer = try #require(base["accelerometer"] as? [String: Any])
        let gyroscope = try #require(base["gyroscope"] as? [String: Any])
        #expect(accelerometer["mount_matrix"] as? [[Double]] == [[1, 0, 0], [0, -1, 0], [0, 0, -1]])
        #expect(gyroscope["mount_matrix"] as? [[Double]] == [[1, 0, 0], [0, -1, 0], [0, 0, -1]])
        #expect(gyroscope["mount_matrix_source"] as? String == "from the accelerometer's hwdb ACCEL_MOUNT_MATRIX")
    }
}

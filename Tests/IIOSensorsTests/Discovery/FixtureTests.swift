import Foundation
import Testing

@testable import IIOTestbed

/// Proves that every sysfs fixture is read correctly by the real libiio through umockdev, using the
/// libiio-utils tools (`iio_info`, `iio_attr`, `iio_readdev`) as subprocesses under the preload, and that the
/// testbed harness itself behaves as documented.
@Suite struct FixtureTests {
    // MARK: - libiio reads the fixtures

    @Test(
        "iio_info lists the device with its channels, formats, attributes and trigger",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)),
        arguments: DeviceExpectation.all)
    func iioInfoListsDevice(_ expected: DeviceExpectation) throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: expected.fixture)
        let result = try testbed.runUnderPreload(executable: "iio_info", arguments: ["-u", "local:"])
        #expect(result.status == 0, "iio_info failed: \(result.standardError)")
        let listing = IIOInfoListing(result.output)
        guard let device = listing.device(expected.id) else {
            Issue.record("iio_info did not list \(expected.id):\n\(result.output)")
            return
        }
        #expect(device.name == expected.name)
        #expect(device.label == expected.label)
        #expect(device.isBufferCapable == (expected.scanSize != nil))
        #expect(device.currentTrigger == expected.trigger)
        let listed = device.channels.filter { !$0.isUnknownType }.map { ChannelExpectation(id: $0.id, index: $0.index, format: $0.format) }
        #expect(listed.sorted() == expected.channels.sorted())
        for (channelID, attributes) in expected.channelAttributes {
            let channel = try #require(device.channel(channelID), "no channel \(channelID)")
            for (key, value) in attributes {
                #expect(channel.attributes[key] == value, "\(channelID) \(key)")
            }
        }
        for (key, value) in expected.deviceAttributes {
            #expect(device.attributes[key] == value, "device attribute \(key)")
        }
    }

    @Test(
        "iio_attr reads the driver's values",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)),
        arguments: AttributeRead.all)
    func iioAttrReadsValue(_ read: AttributeRead) throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: read.fixture)
        let result = try testbed.runUnderPreload(executable: "iio_attr", arguments: ["-u", "local:"] + read.arguments)
        #expect(result.status == 0, "iio_attr failed: \(result.standardError)")
        #expect(result.output.trimmingCharacters(in: .newlines) == read.value)
    }

    @Test(
        "iio_readdev returns exactly the scans the feeder wrote",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)),
        arguments: DeviceExpectation.all.filter { $0.scanSize != nil })
    func iioReaddevReturnsFedBytes(_ expected: DeviceExpectation) throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: expected.fixture)
        let layout = try Self.layout(expected.fixture, expected.id)
        #expect(layout.size == expected.scanSize)
        let scanCount = 8
        let bytes = (1...scanCount).flatMap {
            layout.encode(Self.scanValues(sample: $0, layout: layout, garbage: expected.hasUpperBitGarbage))
        }
        let feeder = try testbed.feed(device: expected.id, bytes: bytes)
        let result = try testbed.runUnderPreload(
            executable: "iio_readdev", arguments: ["-u", "local:", "-b", "\(scanCount)", "-s", "\(scanCount)", expected.id])
        #expect(result.status == 0, "iio_readdev failed: \(result.standardError)")
        #expect(result.standardOutput.count == scanCount * layout.size)
        #expect(result.standardOutput == bytes)
        #expect(feeder.waitUntilWritten())
        #expect(feeder.bytesWritten == bytes.count)
        #expect(try testbed.attribute("buffer/enable", of: expected.id) == "0", "libiio disables the buffer when done")
        feeder.close()
    }

    @Test(
        "a feed larger than the pipe capacity arrives complete and in order",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func feedLargerThanPipe() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "lsm6dso")
        let layout = try Self.layout("lsm6dso", "iio:device1")
        let scanCount = 8192
        let bytes = (1...scanCount).flatMap { layout.encode(Self.scanValues(sample: $0, layout: layout, garbage: false)) }
        #expect(bytes.count == 131_072, "twice the default 64 KiB pipe capacity")
        let feeder = try testbed.feed(device: "iio:device1", bytes: bytes)
        let result = try testbed.runUnderPreload(
            executable: "iio_readdev", arguments: ["-u", "local:", "-b", "1024", "-s", "\(scanCount)", "lsm6dso_accel"])
        #expect(result.status == 0, "iio_readdev failed: \(result.standardError)")
        #expect(result.standardOutput == bytes)
        #expect(feeder.waitUntilWritten())
    }

    @Test(
        "iio_attr writes land in the tree as libiio writes them (value and NUL)",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func iioAttrWriteIsVisibleToTheHarness() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "mpu6050")
        let result = try testbed.runUnderPreload(
            executable: "iio_attr", arguments: ["-u", "local:", "-d", "mpu6050", "sampling_frequency", "100"])
        #expect(result.status == 0, "iio_attr failed: \(result.standardError)")
        #expect(try testbed.attribute("sampling_frequency", of: "iio:device0") == "100")
        let raw = try Data(contentsOf: testbed.sysfsDirectory(of: "iio:device0").appendingPathComponent("sampling_frequency"))
        #expect(Array(raw) == Array("100".utf8) + [0])
        try testbed.setAttribute("sampling_frequency", of: "iio:device0", to: "200")
        let reread = try testbed.runUnderPreload(
            executable: "iio_attr", arguments: ["-u", "local:", "-d", "mpu6050", "sampling_frequency"])
        #expect(reread.output.trimmingCharacters(in: .newlines) == "200")
    }

    @Test(
        "every fixture installs side by side in one testbed",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func allFixturesCoexist() throws {
        let testbed = try Testbed()
        var installed: [InstalledDevice] = []
        for name in SysfsFixture.availableNames {
            installed += try testbed.install(fixtureNamed: name).devices
        }
        let result = try testbed.runUnderPreload(executable: "iio_info", arguments: ["-u", "local:"])
        let listing = IIOInfoListing(result.output)
        #expect(Set(listing.devices.map(\.id)) == Set(installed.map(\.sysname)))
        #expect(installed.filter { !$0.isTrigger }.count == DeviceExpectation.all.count)
        #expect(
            installed.filter(\.isTrigger).map(\.name).sorted()
                == [
                    "accel_3d-dev4", "accel_3d-dev40", "accel_3d-dev54", "bmi160-dev3", "bmi160-dev74", "bmm150_magn-dev75",
                    "gyro_3d-dev5", "gyro_3d-dev55", "lis3dh-trigger", "magn_3d-dev56", "mpu6050-dev0", "mpu6050-dev76",
                    "mpu9250-dev50",
                ])
    }

    @Test(
        "installing the same device twice is refused with a clear error",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func duplicateInstallIsRefused() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "lsm6dso")
        #expect(throws: TestbedError.self) { try testbed.install(fixtureNamed: "lsm6dso") }
    }

    // MARK: - Hotplug

    @Test(
        "remove hides the device from libiio and /dev, reinstall brings it back",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func removeAndReinstall() throws {
        let testbed = try Testbed()
        let installed = try testbed.install(fixtureNamed: "lsm6dso")
        #expect(installed.iioDevices.map(\.sysname) == ["iio:device1", "iio:device2"])
        #expect(installed.device(named: "lsm6dso_gyro")?.devnode == "/dev/iio:device2")
        #expect(
            installed.device(named: "lsm6dso_gyro")?.syspath
                == "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-006a/iio:device2")

        try testbed.remove(device: "iio:device2")
        let afterRemove = try testbed.runUnderPreload(executable: "iio_info", arguments: ["-u", "local:"])
        #expect(IIOInfoListing(afterRemove.output).devices.map(\.id) == ["iio:device1"])
        #expect(!FileManager.default.fileExists(atPath: testbed.root.appendingPathComponent("dev/iio:device2").path))
        #expect(try testbed.attribute("name", of: "iio:device2") == nil)

        let back = try testbed.reinstall(device: "iio:device2")
        #expect(back.name == "lsm6dso_gyro")
        let afterAdd = try testbed.runUnderPreload(executable: "iio_info", arguments: ["-u", "local:"])
        #expect(IIOInfoListing(afterAdd.output).devices.map(\.id) == ["iio:device1", "iio:device2"])
    }

    @Test(
        "a libudev monitor under the preload receives remove and add with the device's properties",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func libudevMonitorReceivesHotplug() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "mpu6050")
        let monitor = try testbed.launchUnderPreload(
            executable: "udevadm", arguments: ["monitor", "--udev", "--property", "--subsystem-match=iio"])
        #expect(testbed.waitForUEventListeners(), "udevadm monitor never opened its uevent socket")
        try testbed.remove(device: "iio:device0")
        try testbed.reinstall(device: "iio:device0")
        try testbed.uevent(action: "change", device: "trigger0")
        let output = monitor.waitForOutput { $0.components(separatedBy: "ACTION=").count == 4 }
        monitor.stop()
        let actions = output.split(separator: "\n").filter { $0.hasPrefix("ACTION=") }
        #expect(actions == ["ACTION=remove", "ACTION=add", "ACTION=change"])
        #expect(output.contains("DEVPATH=/devices/platform/soc/fe804000.i2c/i2c-1/1-0068/iio:device0"))
        #expect(output.contains("DEVNAME=/dev/iio:device0"))
        #expect(output.contains("DEVTYPE=iio_trigger"))
    }

    @Test(
        "in-process, under the preload, /sys and /dev are the testbed's while UMOCKDEV_DIR is set",
        .enabled(if: Testbed.isProcessPreloaded, "start the tests with LD_PRELOAD=libumockdev-preload.so.0 to run in-process checks"))
    func inProcessView() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "lis3dh")
        let (devices, name) = try testbed.withUMockdevDirectory {
            (
                try FileManager.default.contentsOfDirectory(atPath: "/sys/bus/iio/devices").sorted(),
                try String(contentsOfFile: "/sys/bus/iio/devices/iio:device9/name", encoding: .utf8)
            )
        }
        #expect(devices == ["iio:device9", "trigger4"])
        #expect(name == "lis3dh\n")
        #expect(ProcessInfo.processInfo.environment["UMOCKDEV_DIR"] == nil)
    }

    @Test("a uevent datagram carries the libudev header, filter hashes and properties")
    func ueventDatagramFormat() throws {
        let fixture = try SysfsFixture(named: "lsm6dso")
        let device = try #require(fixture.device("iio:device1"))
        let bytes = UEventMessage(action: "remove", device: device, sequenceNumber: 7).bytes
        #expect(Array(bytes[0..<8]) == Array("libudev".utf8) + [0])
        #expect(Array(bytes[8..<12]) == [0xFE, 0xED, 0xCA, 0xFE])
        #expect(Array(bytes[24..<28]) == [0xD5, 0x64, 0x51, 0x57], "MurmurHash2(\"iio\")")
        #expect(Array(bytes[28..<32]) == [0x66, 0x0A, 0x1D, 0xE3], "MurmurHash2(\"iio_device\")")
        let properties = bytes[40...].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            properties == [
                "ACTION=remove", "DEVPATH=/devices/platform/soc/fe804000.i2c/i2c-1/1-006a/iio:device1", "SUBSYSTEM=iio",
                "SEQNUM=7", "DEVTYPE=iio_device", "DEVNAME=iio:device1", "MAJOR=249", "MINOR=1",
            ])
    }

    // MARK: - Harness pieces without umockdev

    @Test("every fixture parses, ends every value in a newline and uses its own device numbers")
    func fixturesAreWellFormed() throws {
        let names = SysfsFixture.availableNames
        #expect(names.count == 21)
        var sysnames: [String] = []
        // The BNO055 tree sits apart: libiio 0.24 cannot open a context holding it.
        for name in names + ["libiio-0.24-unreadable/bno055"] {
            let fixture = try SysfsFixture(named: name)
            for device in fixture.devices {
                for attribute in device.attributes {
                    #expect(attribute.contents.hasSuffix("\n"), "\(name) \(device.sysname) \(attribute.path)")
                }
                if device.subsystem == "iio" {
                    sysnames.append(device.sysname)
                    #expect(device.attribute("name") != nil, "\(name) \(device.sysname) has no name")
                }
            }
        }
        #expect(Set(sysnames).count == sysnames.count, "two fixtures share a device number: \(sysnames.sorted())")
    }

    @Test("a malformed fixture line is reported with its line number")
    func malformedFixtureIsReported() {
        let cases: [(text: String, line: Int)] = [
            ("A: name=x\\n\n", 1),
            ("P: /devices/x\nE: SUBSYSTEM=iio\nA: no-equals-sign\n", 3),
            ("P: /devices/x\nE: SUBSYSTEM=iio\nA: name=x\\t\n", 3),
            ("# comment\nP: sys/devices/x\n", 2),
            ("P: /devices/x\nE: SUBSYSTEM=iio\nA: ../escape=1\\n\n", 3),
            ("P: /devices/x\nE: SUBSYSTEM=iio\n\nP: /devices/y\nA: name=y\\n\n", 4),
        ]
        for (text, expectedLine) in cases {
            do {
                _ = try SysfsFixture(name: "bad", text: text)
                Issue.record("accepted malformed fixture: \(text)")
            } catch {
                guard case .malformedFixture(_, let line, _) = error else {
                    Issue.record("wrong error \(error)")
                    continue
                }
                #expect(line == expectedLine, "\(text)")
            }
        }
    }

    @Test("the package root and the build products directory are found from the test executable")
    func packageLocations() {
        let manifest = PackageLocations.packageRoot.appendingPathComponent("Package.swift")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        #expect(["debug", "release"].contains(PackageLocations.productsDirectory.lastPathComponent))
        #expect(PackageLocations.product(named: "no-such-tool") == nil)
    }

    @Test("an unknown fixture name tells where fixtures are looked up")
    func unknownFixtureName() {
        #expect(throws: TestbedError.self) { try SysfsFixture(named: "no-such-driver") }
    }

    @Test("scan layouts follow the kernel alignment rule and encode each element in its byte order")
    func scanLayouts() throws {
        let mpu = try Self.layout("mpu6050", "iio:device0")
        #expect(mpu.elements.map(\.name) == ["accel_x", "accel_y", "accel_z", "temp", "anglvel_x", "anglvel_y", "anglvel_z", "timestamp"])
        #expect(mpu.elements.map(\.offset) == [0, 2, 4, 6, 8, 10, 12, 16])
        #expect(mpu.size == 24)
        let mpuScan = mpu.encode(["accel_x": 1, "accel_z": -2, "timestamp": 0x0102])
        #expect(Array(mpuScan[0..<6]) == [0x00, 0x01, 0x00, 0x00, 0xFF, 0xFE])
        #expect(Array(mpuScan[16..<24]) == [0x02, 0x01, 0, 0, 0, 0, 0, 0])

        let lis = try Self.layout("lis3dh", "iio:device9")
        #expect(lis.size == 16)
        #expect(Array(lis.encode(["accel_x": 1000])[0..<2]) == [0x80, 0x3E], "1000 << 4 = 0x3E80, little-endian")

        let bmi = try Self.layout("bmi160", "iio:device3")
        #expect(bmi.elements.map(\.name).prefix(4) == ["anglvel_x", "anglvel_y", "anglvel_z", "accel_x"])
        #expect(bmi.elements.map(\.offset) == [0, 2, 4, 6, 8, 10, 16])

        let hid = try Self.layout("hid-sensor-hub", "iio:device4")
        #expect(hid.elements.map(\.offset) == [0, 4, 8, 16])
        #expect(ScanElementType("le:s12/16>>4") == ScanElementType("le:s12/16>>4"))
        #expect(ScanElementType("xx:s16/16>>0") == nil)
        #expect(ScanElementType("le:s16/24>>0") == nil)
    }

    @Test(
        "a feeder closed before the buffer is enabled writes nothing",
        .enabled(if: Testbed.isUMockdevAvailable, Comment(rawValue: Testbed.unavailableMessage)))
    func feederClosedBeforeEnable() throws {
        let testbed = try Testbed()
        try testbed.install(fixtureNamed: "cros-ec")
        let feeder = try testbed.feed(device: "iio:device6", bytes: [UInt8](repeating: 1, count: 64))
        feeder.close()
        #expect(feeder.bytesWritten == 0)
        #expect(!feeder.waitUntilWritten(timeout: 0))
    }

    /// The scan layout of `sysname` in the fixture `fixture`.
    static func layout(_ fixture: String, _ sysname: String) throws -> FixtureScanLayout {
        let device = try #require(try SysfsFixture(named: fixture).device(sysname))
        return try #require(FixtureScanLayout(device: device))
    }

    /// Distinct, sign-varying raw values per element and sample, plus garbage in the upper bits when asked.
    static func scanValues(sample: Int, layout: FixtureScanLayout, garbage: Bool) -> [String: Int64] {
        var values: [String: Int64] = [:]
        for (position, element) in layout.elements.enumerated() {
            if element.name == "timestamp" {
                values[element.name] = 1_700_000_000_000_000_000 + Int64(sample) * 10_000_000
                continue
            }
            let magnitude = Int64(100 * sample + position)
            var value = position.isMultiple(of: 2) ? magnitude : -magnitude
            if garbage { value = Int64(UInt16(truncatingIfNeeded: value)) | Int64(0x5A5A_0000 + sample << 16) }
            values[element.name] = value
        }
        return values
    }
}

/// A channel as `iio_info` must list it: id, scan index and format (`nil` for polled-only channels).
struct ChannelExpectation: Sendable, Comparable {
    let id: String
    let index: Int?
    let format: String?

    static func < (lhs: ChannelExpectation, rhs: ChannelExpectation) -> Bool {
        (lhs.index ?? -1, lhs.id) < (rhs.index ?? -1, rhs.id)
    }

    /// The x, y, z channels of `type` at scan indexes `first`... with `format`.
    static func axes(_ type: String, first: Int, format: String) -> [ChannelExpectation] {
        ["x", "y", "z"].enumerated().map { ChannelExpectation(id: "\(type)_\($1)", index: first + $0, format: format) }
    }

    /// The soft timestamp channel at `index`.
    static func timestamp(_ index: Int) -> ChannelExpectation {
        ChannelExpectation(id: "timestamp", index: index, format: "le:S64/64>>0")
    }

    /// The x, y, z channels of a polled-only `type`.
    static func polled(_ type: String) -> [ChannelExpectation] {
        ["x", "y", "z"].map { ChannelExpectation(id: "\(type)_\($0)", index: nil, format: nil) }
    }
}

/// What libiio must see of one IIO device of a fixture (values from the kernel drivers, Fixtures/sysfs/README.md).
struct DeviceExpectation: Sendable, CustomTestStringConvertible {
    let fixture: String
    let id: String
    let name: String
    var label: String?
    let channels: [ChannelExpectation]
    var channelAttributes: [String: [String: String]] = [:]
    var deviceAttributes: [String: String] = [:]
    var trigger: String?
    /// Bytes per scan with every element enabled; `nil` for a device without a buffer.
    var scanSize: Int?
    var hasUpperBitGarbage = false

    var testDescription: String { "\(fixture) \(id) \(name)" }

    static let identity = "1, 0, 0; 0, 1, 0; 0, 0, 1"
    static let lsm6dsoRates = "12.500 26.000 52.000 104.000 208.000 416.000 833.000"

    static let all: [DeviceExpectation] = [
        DeviceExpectation(
            fixture: "mpu6050", id: "iio:device0", name: "mpu6050",
            channels: ChannelExpectation.axes("accel", first: 0, format: "be:S16/16>>0")
                + [ChannelExpectation(id: "temp", index: 3, format: "be:S16/16>>0")]
                + ChannelExpectation.axes("anglvel", first: 4, format: "be:S16/16>>0") + [.timestamp(7)],
            channelAttributes: [
                "accel_x": ["scale": "0.000598", "mount_matrix": identity],
                "accel_z": ["raw": "16402"],
                "anglvel_y": ["scale": "0.001064724", "mount_matrix": identity],
                "temp": ["raw": "-1520", "offset": "12420", "scale": "2.941176"],
            ],
            deviceAttributes: [
                "sampling_frequency": "50", "sampling_frequency_available": "10 20 50 100 200 500",
                "current_timestamp_clock": "realtime",
            ],
            trigger: "trigger0(mpu6050-dev0)", scanSize: 24),
        DeviceExpectation(
            fixture: "lsm6dso", id: "iio:device1", name: "lsm6dso_accel",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            channelAttributes: ["accel_y": ["scale": "0.000598205", "raw": "45"]],
            deviceAttributes: [
                "sampling_frequency": "12.500000", "sampling_frequency_available": lsm6dsoRates, "mount_matrix": identity,
            ],
            scanSize: 16),
        DeviceExpectation(
            fixture: "lsm6dso", id: "iio:device2", name: "lsm6dso_gyro",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            channelAttributes: ["anglvel_z": ["scale": "0.000152716"]],
            deviceAttributes: ["sampling_frequency": "12.500000", "mount_matrix": identity],
            scanSize: 16),
        DeviceExpectation(
            fixture: "bmi160", id: "iio:device3", name: "bmi160",
            channels: ChannelExpectation.axes("anglvel", first: 4, format: "le:S16/16>>0")
                + ChannelExpectation.axes("accel", first: 7, format: "le:S16/16>>0") + [.timestamp(10)],
            channelAttributes: [
                "accel_x": ["scale": "0.000598", "sampling_frequency": "100.000000"],
                "anglvel_x": ["scale": "0.001065", "sampling_frequency_available": "25 50 100 200 400 800 1600 3200"],
                "mount": ["matrix": "0, -1, 0; 1, 0, 0; 0, 0, 1"],
            ],
            trigger: "trigger1(bmi160-dev3)", scanSize: 24),
        DeviceExpectation(
            fixture: "hid-sensor-hub", id: "iio:device4", name: "accel_3d",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)],
            channelAttributes: [
                "accel_y": [
                    "raw": "-1000", "scale": "0.009806650", "offset": "0", "sampling_frequency": "10.000000",
                    "hysteresis": "0.000000",
                ]
            ],
            trigger: "trigger2(accel_3d-dev4)", scanSize: 24, hasUpperBitGarbage: true),
        DeviceExpectation(
            fixture: "hid-sensor-hub", id: "iio:device5", name: "gyro_3d",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)],
            channelAttributes: ["anglvel_x": ["scale": "0.000174533", "offset": "0"]],
            trigger: "trigger3(gyro_3d-dev5)", scanSize: 24, hasUpperBitGarbage: true),
        DeviceExpectation(
            fixture: "cros-ec", id: "iio:device6", name: "cros-ec-accel", label: "accel-display",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            channelAttributes: ["accel_y": ["raw": "16200", "calibbias": "0"]],
            deviceAttributes: [
                "scale": "0.000598550", "sampling_frequency": "0.000000",
                "sampling_frequency_available": "0.000000 12.500000 100.000000", "current_timestamp_clock": "boottime",
            ],
            scanSize: 16),
        DeviceExpectation(
            fixture: "cros-ec", id: "iio:device7", name: "cros-ec-accel", label: "accel-base",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["scale": "0.000598550", "id": "1"],
            scanSize: 16),
        DeviceExpectation(
            fixture: "cros-ec", id: "iio:device8", name: "cros-ec-gyro", label: "accel-base",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["scale": "0.001065264", "sampling_frequency_available": "0.000000 25.000000 100.000000"],
            scanSize: 16),
        DeviceExpectation(
            fixture: "lis3dh", id: "iio:device9", name: "lis3dh",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:s12/16>>4") + [.timestamp(3)],
            channelAttributes: ["accel_x": ["scale": "0.009806"], "accel_z": ["raw": "1000", "scale": "0.009806"]],
            deviceAttributes: [
                "sampling_frequency": "1", "sampling_frequency_available": "1 10 25 50 100 200 400 1600",
                "mount_matrix": identity,
            ],
            trigger: "trigger4(lis3dh-trigger)", scanSize: 16),
        DeviceExpectation(
            fixture: "adxl345", id: "iio:device10", name: "adxl345",
            channels: ChannelExpectation.polled("accel"),
            channelAttributes: ["accel_z": ["raw": "256", "scale": "0.038300", "sampling_frequency": "100.000000000"]]),
        DeviceExpectation(
            fixture: "malformed-mount-matrix", id: "iio:device11", name: "faulty_matrix_accel",
            channels: ChannelExpectation.polled("accel"),
            channelAttributes: ["accel_x": ["mount_matrix": "1, 0, 0; 0, 1", "scale": "0.009806"]]),
        DeviceExpectation(
            fixture: "malformed-scale", id: "iio:device12", name: "faulty_scale_accel",
            channels: ChannelExpectation.polled("accel"),
            channelAttributes: ["accel_x": ["scale": "garbage", "raw": "0"], "accel_z": ["raw": "1000"]]),
        DeviceExpectation(
            fixture: "buffer-only-accel", id: "iio:device40", name: "accel_3d",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)],
            channelAttributes: ["accel_x": ["scale": "0.009806650", "offset": "0"]], scanSize: 24),
        DeviceExpectation(
            fixture: "buffer-only-no-trigger", id: "iio:device41", name: "accel_3d",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)], scanSize: 24),
        DeviceExpectation(
            fixture: "no-accel-adc-gyro", id: "iio:device42", name: "ad7291",
            channels: ["voltage0", "voltage1", "temp0"].map { ChannelExpectation(id: $0, index: nil, format: nil) },
            channelAttributes: ["voltage1": ["raw": "2048", "scale": "0.610351562"]]),
        DeviceExpectation(
            fixture: "no-accel-adc-gyro", id: "iio:device43", name: "l3g4200d", channels: ChannelExpectation.polled("anglvel"),
            channelAttributes: ["anglvel_y": ["raw": "-20", "scale": "0.000152716"]]),
        DeviceExpectation(
            fixture: "no-accel-adc-gyro", id: "iio:device44", name: "dual_axis_accel",
            channels: ["x", "y"].map { ChannelExpectation(id: "accel_\($0)", index: nil, format: nil) }),
        DeviceExpectation(
            fixture: "cros-ec-lid-base-location", id: "iio:device45", name: "cros-ec-accel",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["location": "lid"], scanSize: 16),
        DeviceExpectation(
            fixture: "cros-ec-lid-base-location", id: "iio:device46", name: "cros-ec-accel",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["location": "base"], scanSize: 16),
        DeviceExpectation(
            fixture: "cros-ec-lid-base-location", id: "iio:device47", name: "cros-ec-gyro",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["location": "base"], scanSize: 16),
        DeviceExpectation(
            fixture: "mpu9250", id: "iio:device50", name: "mpu9250",
            channels: ChannelExpectation.axes("accel", first: 0, format: "be:S16/16>>0")
                + [ChannelExpectation(id: "temp", index: 3, format: "be:S16/16>>0")]
                + ChannelExpectation.axes("anglvel", first: 4, format: "be:S16/16>>0")
                + ChannelExpectation.axes("magn", first: 7, format: "be:S16/16>>0") + [.timestamp(10)],
            channelAttributes: [
                "magn_x": ["raw": "100", "scale": "0.001781", "mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, -1"],
                "magn_z": ["scale": "0.001722"],
                "temp": ["offset": "7011", "scale": "2.995178"],
            ],
            deviceAttributes: ["sampling_frequency": "50"],
            trigger: "trigger50(mpu9250-dev50)", scanSize: 32),
        DeviceExpectation(
            fixture: "lsm6dsox-lis3mdl", id: "iio:device51", name: "lsm6dsox_accel",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            deviceAttributes: ["mount_matrix": identity], scanSize: 16),
        DeviceExpectation(
            fixture: "lsm6dsox-lis3mdl", id: "iio:device52", name: "lsm6dsox_gyro",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:S16/16>>0") + [.timestamp(3)], scanSize: 16),
        DeviceExpectation(
            fixture: "lsm6dsox-lis3mdl", id: "iio:device53", name: "lis3mdl",
            channels: ChannelExpectation.axes("magn", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            channelAttributes: ["magn_y": ["raw": "-2000", "scale": "0.000146"]],
            deviceAttributes: [
                "sampling_frequency": "1", "sampling_frequency_available": "1 2 3 5 10 20 40 80",
                "mount_matrix": "0, -1, 0; 1, 0, 0; 0, 0, 1",
            ],
            scanSize: 16),
        DeviceExpectation(
            fixture: "hid-sensor-hub-magn", id: "iio:device54", name: "accel_3d",
            channels: ChannelExpectation.axes("accel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)],
            trigger: "trigger54(accel_3d-dev54)", scanSize: 24, hasUpperBitGarbage: true),
        DeviceExpectation(
            fixture: "hid-sensor-hub-magn", id: "iio:device55", name: "gyro_3d",
            channels: ChannelExpectation.axes("anglvel", first: 0, format: "le:s16/32>>0") + [.timestamp(3)],
            trigger: "trigger55(gyro_3d-dev55)", scanSize: 24, hasUpperBitGarbage: true),
        DeviceExpectation(
            fixture: "hid-sensor-hub-magn", id: "iio:device56", name: "magn_3d",
            // libiio 0.24 lists no channel for the heading (`in_rot_from_north_magnetic_tilt_comp_*`, scan index 3).
            channels: ChannelExpectation.axes("magn", first: 0, format: "le:s16/32>>0") + [.timestamp(4)],
            channelAttributes: ["magn_y": ["raw": "220", "scale": "0.001000000", "offset": "0", "sampling_frequency": "10.000000"]],
            trigger: "trigger56(magn_3d-dev56)", scanSize: 24, hasUpperBitGarbage: true),
        DeviceExpectation(
            fixture: "bmp280", id: "iio:device60", name: "bmp280",
            channels: ["pressure", "temp"].map { ChannelExpectation(id: $0, index: nil, format: nil) },
            channelAttributes: ["pressure": ["input": "100.125000000", "oversampling_ratio": "16"], "temp": ["input": "21450"]]),
        DeviceExpectation(
            fixture: "lps22hb", id: "iio:device61", name: "lps22hb",
            channels: [ChannelExpectation(id: "pressure", index: nil, format: nil)],
            channelAttributes: ["pressure": ["raw": "4149248", "scale": "0.000024414"]],
            deviceAttributes: ["sampling_frequency": "1", "sampling_frequency_available": "1 10 25 50 75"]),
        DeviceExpectation(
            fixture: "lsm9ds1", id: "iio:device70", name: "lsm9ds1-imu_accel", channels: ChannelExpectation.polled("accel"),
            channelAttributes: ["accel_z": ["raw": "16390", "scale": "0.000598205"]],
            deviceAttributes: ["sampling_frequency": "10.000000", "mount_matrix": identity]),
        DeviceExpectation(
            fixture: "lsm9ds1", id: "iio:device71", name: "lsm9ds1-imu_gyro", channels: ChannelExpectation.polled("anglvel"),
            channelAttributes: ["anglvel_x": ["raw": "6", "scale": "0.000152716"]],
            deviceAttributes: ["sampling_frequency_available": "14.900 59.500 119.000 238.000 476.000 952.000"]),
        DeviceExpectation(
            fixture: "lsm9ds1", id: "iio:device72", name: "lsm9ds1_magn",
            channels: ChannelExpectation.axes("magn", first: 0, format: "le:S16/16>>0") + [.timestamp(3)],
            channelAttributes: ["magn_x": ["raw": "1370", "scale": "0.000146"]],
            deviceAttributes: ["mount_matrix": "-1, 0, 0; 0, 1, 0; 0, 0, 1"], scanSize: 16),
        DeviceExpectation(
            fixture: "bmi160-bmm150", id: "iio:device74", name: "bmi160",
            channels: ChannelExpectation.axes("anglvel", first: 4, format: "le:S16/16>>0")
                + ChannelExpectation.axes("accel", first: 7, format: "le:S16/16>>0") + [.timestamp(10)],
            channelAttributes: ["mount": ["matrix": identity]], trigger: "trigger74(bmi160-dev74)", scanSize: 24),
        DeviceExpectation(
            fixture: "bmi160-bmm150", id: "iio:device75", name: "bmm150_magn",
            channels: ChannelExpectation.axes("magn", first: 0, format: "le:S32/32>>0") + [.timestamp(3)],
            channelAttributes: [
                "magn_z": ["raw": "-640", "scale": "0.000625", "sampling_frequency": "10", "oversampling_ratio": "15"],
                "mount": ["matrix": "0, -1, 0; 1, 0, 0; 0, 0, 1"],
            ],
            deviceAttributes: ["sampling_frequency_available": "2 6 8 10 15 20 25 30"],
            trigger: "trigger75(bmm150_magn-dev75)", scanSize: 24),
        DeviceExpectation(
            fixture: "gy87-mpu6050-hmc5883l", id: "iio:device76", name: "mpu6050",
            channels: ChannelExpectation.axes("accel", first: 0, format: "be:S16/16>>0")
                + [ChannelExpectation(id: "temp", index: 3, format: "be:S16/16>>0")]
                + ChannelExpectation.axes("anglvel", first: 4, format: "be:S16/16>>0") + [.timestamp(7)],
            trigger: "trigger76(mpu6050-dev76)", scanSize: 24),
        DeviceExpectation(
            fixture: "gy87-mpu6050-hmc5883l", id: "iio:device77", name: "hmc5883l",
            // hmc5883_channels: z before y.
            channels: [
                ChannelExpectation(id: "magn_x", index: 0, format: "be:S16/16>>0"),
                ChannelExpectation(id: "magn_z", index: 1, format: "be:S16/16>>0"),
                ChannelExpectation(id: "magn_y", index: 2, format: "be:S16/16>>0"), .timestamp(3),
            ],
            channelAttributes: [
                "magn_y": ["raw": "55", "scale": "0.000009174", "sampling_frequency": "15.000000", "meas_conf": "normal"],
                "mount": ["matrix": "-1, 0, 0; 0, -1, 0; 0, 0, 1"],
            ],
            deviceAttributes: ["sampling_frequency_available": "0.750000 1.500000 3.0 7.500000 15.0 30.0 75.0"], scanSize: 16),
    ]
}

/// One `iio_attr` call and the value it must print.
struct AttributeRead: Sendable, CustomTestStringConvertible {
    let fixture: String
    let arguments: [String]
    let value: String

    var testDescription: String { "\(fixture): iio_attr \(arguments.joined(separator: " "))" }

    static let all: [AttributeRead] = [
        AttributeRead(fixture: "mpu6050", arguments: ["-c", "mpu6050", "accel_z", "raw"], value: "16402"),
        AttributeRead(fixture: "mpu6050", arguments: ["-c", "mpu6050", "anglvel_x", "scale"], value: "0.001064724"),
        AttributeRead(fixture: "mpu6050", arguments: ["-d", "mpu6050", "current_timestamp_clock"], value: "realtime"),
        AttributeRead(
            fixture: "lsm6dso", arguments: ["-d", "lsm6dso_accel", "sampling_frequency_available"],
            value: DeviceExpectation.lsm6dsoRates),
        AttributeRead(fixture: "lsm6dso", arguments: ["-c", "lsm6dso_gyro", "anglvel_z", "scale"], value: "0.000152716"),
        AttributeRead(fixture: "bmi160", arguments: ["-c", "bmi160", "accel_x", "sampling_frequency"], value: "100.000000"),
        AttributeRead(fixture: "hid-sensor-hub", arguments: ["-c", "accel_3d", "accel_y", "raw"], value: "-1000"),
        AttributeRead(fixture: "hid-sensor-hub", arguments: ["-c", "gyro_3d", "anglvel_x", "scale"], value: "0.000174533"),
        AttributeRead(fixture: "cros-ec", arguments: ["-d", "iio:device6", "scale"], value: "0.000598550"),
        AttributeRead(fixture: "cros-ec", arguments: ["-d", "iio:device8", "current_timestamp_clock"], value: "boottime"),
        AttributeRead(fixture: "lis3dh", arguments: ["-c", "lis3dh", "accel_y", "scale"], value: "0.009806"),
        AttributeRead(fixture: "adxl345", arguments: ["-c", "adxl345", "accel_z", "raw"], value: "256"),
        AttributeRead(
            fixture: "malformed-mount-matrix", arguments: ["-c", "faulty_matrix_accel", "accel_x", "mount_matrix"],
            value: "1, 0, 0; 0, 1"),
        AttributeRead(fixture: "malformed-scale", arguments: ["-c", "faulty_scale_accel", "accel_y", "scale"], value: "garbage"),
    ]
}

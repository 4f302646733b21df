import DeviceMotionKit
import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// Every `ACCEL_MOUNT_MATRIX` of systemd's stock 60-sensor.hwdb on an IMU with a gyroscope: the
/// gyroscope gets a proper rotation (never a reflection) that turns the physical device's rotation
/// into the right-hand-rule rate on the right axis, and the fused output keeps `raw == gravity + user`.
extension UMockdev {
    @Suite(
        "hwdb ACCEL_MOUNT_MATRIX on an IMU with a gyroscope",
        .enabled(if: StockMatrices.isAvailable, "needs systemd's 60-sensor.hwdb"))
    struct HWDBGyroscopeTests {
        /// A combined specific-force IMU (bmi160 without firmware matrix: the kernel's identity) and a
        /// split HID hub, whose gyroscope is paired with its accelerometer in IMUGrouping.
        enum Chip: String, CaseIterable, Sendable {
            case bmi160
            case hidSensorHub = "hid-sensor-hub"
        }

        @Test(
            "right-hand rotation rates, gravity and raw == gravity + user for every stock matrix",
            arguments: Chip.allCases)
        func everyStockMatrix(chip: Chip) async throws {
            let matrices = try StockMatrices.distinct()
            #expect(matrices.count >= 20)
            for text in matrices {
                let imu = try discover(chip, hwdb: text)
                let accelerometer = try #require(imu.accelerometer)
                let gyroscope = try #require(imu.gyroscope)
                let rotation = gyroscope.mountMatrix(for: .angularVelocity)
                #expect(
                    determinant(rotation) == 1, "\(chip) \(text): gyroscope matrix \(rotation.description)")
                #expect(rotation == accelerometer.mountMatrix(for: .acceleration))
                #expect(
                    gyroscope.mountMatrixSource(for: .angularVelocity) == HWDBMountMatrix.gyroscopeSource)
                let sign: Double = accelerometer.accelerationSign == .specificForce ? -1 : 1
                let physical = try #require(
                    try physicalMounting(hwdb: text, sign: sign), "\(text): no rotation fits its x and y rows"
                )
                #expect(
                    rotation == physical,
                    "\(chip) \(text): \(rotation.description), the mounting is \(physical.description)")
                try checkFusion(
                    accelerometer, gyroscope, physical: physical, sign: sign, label: "\(chip) \(text)")
            }
        }

        /// The device turning at 0.5 rad/s about each of its own axes while that axis is vertical
        /// (so gravity stays put in the device frame), read by a chip mounted as `physical`.
        private func checkFusion(
            _ accelerometer: IIODeviceInfo, _ gyroscope: IIODeviceInfo, physical: MountMatrix,
            sign: Double, label: String
        ) throws {
            let accel = try #require(SampleConverter(device: accelerometer, type: .acceleration))
            let gyro = try #require(SampleConverter(device: gyroscope, type: .angularVelocity))
            for axis in 0..<3 {
                let up = unit(axis)
                let rate = up * 0.5
                // What the chip measures: specific force (+g on the up axis) or its negation (HID), in its own axes.
                let chipAcceleration = transposed(physical).apply(up * (standardGravity * -sign))
                let chipRate = transposed(physical).apply(rate)
                let raw = accel.convert(physical: chipAcceleration)
                let measuredRate = gyro.convert(physical: chipRate)
                #expect(distance(raw, up * -1) < 1e-12, "\(label) axis \(axis): acceleration \(raw)")
                #expect(
                    distance(measuredRate, rate) < 1e-12,
                    "\(label) axis \(axis): rotation rate \(measuredRate)")
                var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
                var motions: [DeviceMotion] = []
                let samples = (0..<300).map {
                    IMUSample(timestamp: Double($0) / 100, acceleration: raw, rotationRate: measuredRate)
                }
                pipeline.append(samples: samples, into: &motions)
                pipeline.finish(into: &motions)
                let last = try #require(motions.dropLast(5).last)
                #expect(
                    distance(last.rotationRate, rate) < 0.02,
                    "\(label) axis \(axis): fused rotation rate \(last.rotationRate)")
                #expect(
                    distance(last.gravity, up * -1) < 0.02, "\(label) axis \(axis): gravity \(last.gravity)")
                #expect(
                    distance(last.gravity + last.userAcceleration, raw) < 1e-3,
                    "\(label) axis \(axis): gravity + user")
            }
        }

        /// The bmi160 or HID fixture with `hwdb` as its accelerometer's udev property, discovered.
        private func discover(_ chip: Chip, hwdb: String) throws -> IMU {
            var fixture = try SysfsFixture(named: chip.rawValue)
            for index in fixture.devices.indices where fixture.devices[index].subsystem == "iio" {
                let name = fixture.devices[index].attribute("name")?.trimmingCharacters(
                    in: .whitespacesAndNewlines)
                if let matrix = fixture.devices[index].attributes.firstIndex(where: {
                    $0.path == "in_mount_matrix"
                }) {
                    fixture.devices[index].attributes[matrix].contents = "1, 0, 0; 0, 1, 0; 0, 0, 1\n"
                }
                if name == "bmi160" || name == "accel_3d" {
                    fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: hwdb))
                }
            }
            let testbed = try Testbed()
            defer { testbed.close() }
            _ = try testbed.install(fixture)
            setenv("UMOCKDEV_DIR", testbed.root.path, 1)
            defer { unsetenv("UMOCKDEV_DIR") }
            return try #require(
                try IMUDiscovery().imus().first { $0.accelerometer != nil && $0.gyroscope != nil })
        }

        /// The chip's physical mounting, found without imu-bridge's formula: of the 24 proper rotations
        /// that map axes onto axes, the one for which iio-sensor-proxy's reading (`hwdb · chip`) has the
        /// right x and y in the HID sign with gravity along each device axis.
        private func physicalMounting(hwdb text: String, sign: Double) throws -> MountMatrix? {
            let hwdb = try MountMatrix(parsing: text)
            var candidates: [MountMatrix] = []
            for permutation in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
                for signs in [
                    [1.0, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1], [-1, 1, 1], [-1, 1, -1], [-1, -1, 1],
                    [-1, -1, -1],
                ] {
                    let rows = (0..<3).map { row in
                        (0..<3).map { column in column == permutation[row] ? signs[row] : 0 }
                    }
                    let candidate = try MountMatrix(
                        parsing: rows.map { $0.map { "\($0)" }.joined(separator: ",") }.joined(separator: ";"))
                    if determinant(candidate) == 1 { candidates.append(candidate) }
                }
            }
            return candidates.first { candidate in
                (0..<3).allSatisfy { axis in
                    let hidTruth = unit(axis) * -standardGravity
                    let chip = transposed(candidate).apply(unit(axis) * (standardGravity * -sign))
                    let proxy = hwdb.apply(chip)
                    return abs(proxy.x - hidTruth.x) < 1e-9 && abs(proxy.y - hidTruth.y) < 1e-9
                }
            }
        }

        private func unit(_ axis: Int) -> Vector3 {
            Vector3(x: axis == 0 ? 1 : 0, y: axis == 1 ? 1 : 0, z: axis == 2 ? 1 : 0)
        }

        private func transposed(_ matrix: MountMatrix) -> MountMatrix {
            let r = matrix.rows
            return MountMatrix(
                xRow: Vector3(x: r[0][0], y: r[1][0], z: r[2][0]),
                yRow: Vector3(x: r[0][1], y: r[1][1], z: r[2][1]),
                zRow: Vector3(x: r[0][2], y: r[1][2], z: r[2][2]))
        }

        private func determinant(_ matrix: MountMatrix) -> Double {
            matrix.xRow.dot(matrix.yRow.cross(matrix.zRow))
        }

        private func distance(_ a: Vector3, _ b: Vector3) -> Double { (a - b).norm }
    }
}

/// The `ACCEL_MOUNT_MATRIX` values of the machine's own systemd 60-sensor.hwdb.
enum StockMatrices {
    static let path = "/usr/lib/udev/hwdb.d/60-sensor.hwdb"
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: path) }

    /// Every value the file sets (property lines start with a space), each once, in file order.
    static func distinct() throws -> [String] {
        var seen: [String] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        where line.first == " " {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("ACCEL_MOUNT_MATRIX=") else { continue }
            let value = String(trimmed.dropFirst("ACCEL_MOUNT_MATRIX=".count))
            if !seen.contains(value) { seen.append(value) }
        }
        return seen
    }
}

import Foundation
import IIOTestbed
import Testing

@testable import IIOSensors

extension UMockdev {
    /// libudev's monitor receiving umockdev's uevents, and libiio re-enumerated after each burst.
    @Suite("Hotplug monitor")
    struct HotplugMonitor {
        @Test("unplugging and replugging one half of a split IMU is seen as IMUs changing")
        func splitDeviceHalfUnplugged() async throws {
            try await withTestbed(["lsm6dso"]) { testbed, _ in
                var changes = IMUMonitor(settleTime: 0.1).changes().makeAsyncIterator()
                try testbed.remove(device: "iio:device2")
                let unplugged = [try await changes.next(), try await changes.next()].compactMap { $0 }
                #expect(unplugged.map { "\($0.kind) \($0.imu.name)" } == ["removed lsm6dso", "added lsm6dso_accel"])
                #expect(unplugged.last?.present.map(\.name) == ["lsm6dso_accel"])
                try testbed.reinstall(device: "iio:device2")
                let replugged = [try await changes.next(), try await changes.next()].compactMap { $0 }
                #expect(replugged.map { "\($0.kind) \($0.imu.name)" } == ["removed lsm6dso_accel", "added lsm6dso"])
                #expect(replugged.last?.imu.gyroscope?.id == "iio:device2")
            }
        }

        @Test("removed and re-added inside one burst (the kernel reuses iio:deviceN): still removed, then added")
        func removedAndAddedInOneBurst() async throws {
            try await withTestbed(["mpu6050", "lis3dh"]) { testbed, _ in
                // A settle time far longer than the two uevents take, so both land in one burst.
                var changes = IMUMonitor(settleTime: 2).changes().makeAsyncIterator()
                try testbed.remove(device: "iio:device0")
                try testbed.reinstall(device: "iio:device0")
                let replugged = [try await changes.next(), try await changes.next()].compactMap { $0 }
                #expect(replugged.map { "\($0.kind) \($0.imu.name)" } == ["removed mpu6050", "added mpu6050"])
                #expect(replugged.last?.present.map(\.name).sorted() == ["lis3dh", "mpu6050"])
            }
        }

        @Test("the IMUs present, then every change after that scan")
        func presentThenChanges() async throws {
            try await withTestbed(["mpu6050", "lis3dh"]) { testbed, _ in
                let (present, stream) = try IMUMonitor(settleTime: 0.1).presentIMUsAndChanges()
                #expect(present.map(\.name).sorted() == ["lis3dh", "mpu6050"])
                var changes = stream.makeAsyncIterator()
                let lis3dh = try #require(present.first { $0.name == "lis3dh" }?.accelerometer)
                try testbed.remove(device: lis3dh.id)
                let removed = try #require(try await changes.next())
                #expect("\(removed.kind) \(removed.imu.name)" == "removed lis3dh")
                #expect(removed.present.map(\.name) == ["mpu6050"])
            }
        }

        @Test("a whole IMU unplugged and plugged back")
        func wholeIMU() async throws {
            try await withTestbed(["mpu6050", "lis3dh"]) { testbed, _ in
                var changes = IMUMonitor(settleTime: 0.1).changes().makeAsyncIterator()
                try testbed.remove(device: "iio:device0")
                let removed = try #require(try await changes.next())
                #expect(removed.kind == .removed && removed.imu.name == "mpu6050")
                #expect(removed.present.map(\.name) == ["lis3dh"])
                try testbed.reinstall(device: "iio:device0")
                let added = try #require(try await changes.next())
                #expect(added.kind == .added && added.imu.name == "mpu6050")
            }
        }
    }
}

@Suite("Hotplug diff")
struct HotplugDiffTests {
    @Test("changes between enumerations, by device identity")
    func diff() {
        let a = IMU(name: "a", uri: "local:", accelerometer: device(name: "a", id: "iio:device0"), gyroscope: nil)
        let b = IMU(name: "b", uri: "local:", accelerometer: device(name: "b", id: "iio:device1"), gyroscope: nil)
        #expect(IMUMonitor.changes(from: [a], to: [a, b]).map(\.kind) == [.added])
        #expect(IMUMonitor.changes(from: [a, b], to: [b]).map { "\($0.kind) \($0.imu.name)" } == ["removed a"])
        #expect(IMUMonitor.changes(from: [a], to: [a]).isEmpty)
        #expect(
            IMUMonitor.changes(from: [a, b], to: [a, b], removedDuringBurst: ["iio:device0"]).map { "\($0.kind) \($0.imu.name)" }
                == ["removed a", "added a"])
        #expect(
            IMUMonitor.changes(from: [a, b], to: [b], removedDuringBurst: ["iio:device0"]).map { "\($0.kind) \($0.imu.name)" }
                == ["removed a"])
    }
}

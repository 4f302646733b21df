import Foundation
import IIOTestbed
import MotionSamples
import StreamExecution
import Synchronization
import Testing

@testable import IIOSensors

extension UMockdev {
    /// A live source keeps going across an unplug and replug of its IMU.
    @Suite("Surviving unplug and replug")
    struct SurvivingUnplug {
        private func scans(_ range: ClosedRange<Int>) -> [UInt8] {
            range.flatMap { n -> [UInt8] in
                [Int16(n), 0, 16384, 0, 0, 0].flatMap(be) + [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
            }
        }

        @Test("readings before and after the gap arrive, with 'removed' then 'streaming' reported between")
        func unplugAndReplug() async throws {
            try await withTestbed(["mpu6050"]) { testbed, _ in
                let statuses = Mutex<[String]>([])
                let firstFeeder = try testbed.feed(device: "iio:device0", bytes: scans(1...4))
                let secondScans = scans(5...8)
                let source = LiveIMUSource(
                    query: "mpu6050", configuration: StreamConfiguration(rate: 100, timeout: 0.5)
                ) { status in
                    switch status {
                    case .streaming(let imu): statuses.withLock { $0.append("streaming \(imu.name)") }
                    case .removed(let imu):
                        statuses.withLock { $0.append("removed \(imu.name)") }
                        // Plug it back in only once the removal was seen, as a person would.
                        _ = try? testbed.reinstall(device: "iio:device0")
                        _ = try? testbed.feed(device: "iio:device0", bytes: secondScans)
                    case .waiting(let query): statuses.withLock { $0.append("waiting \(query)") }
                    }
                }
                var accelerometer: [SensorSample] = []
                for try await batch in source.readings() {
                    accelerometer += batch.filter { $0.sensor == .accelerometer }
                    if accelerometer.count == 4 {
                        #expect(firstFeeder.waitUntilWritten())
                        firstFeeder.close()
                        try testbed.remove(device: "iio:device0")
                    }
                    if accelerometer.count >= 8 { break }
                }
                #expect(accelerometer.map(\.timestamp) == (1...8).map { Double($0) / 100 })
                #expect(statuses.withLock { $0 } == ["streaming mpu6050", "removed mpu6050", "streaming mpu6050"])
            }
        }

        @Test("the gyroscope of a split IMU removed alone: the accelerometer streams on by itself, without waiting for it")
        func gyroscopeRemovedAlone() async throws {
            try await withTestbed(["lsm6dso"]) { testbed, _ in
                let scan: @Sendable (Int, Int64) -> [UInt8] = { _, timestamp in
                    [Int16(0), 0, 16000].flatMap(le) + [0, 0] + le(timestamp)
                }
                let statuses = Mutex<[String]>([])
                // The accelerometer is fed as a sensor streams, so it never falls silent; the gyroscope four scans.
                let accelerometerFeeder = try testbed.feedPaced(device: "iio:device1", scanSize: 16, interval: 0.01, scan: scan)
                defer { accelerometerFeeder.stop() }
                let gyroscopeFeeder = try testbed.feed(device: "iio:device2", bytes: (1...4).flatMap { scan($0, Int64($0) * 10_000_000) })
                var source = LiveIMUSource(query: "lsm6dso", configuration: StreamConfiguration(rate: 100, timeout: 0.5)) { status in
                    switch status {
                    case .streaming(let imu): statuses.withLock { $0.append("streaming \(imu.name)") }
                    case .removed(let imu): statuses.withLock { $0.append("removed \(imu.name)") }
                    case .waiting(let query): statuses.withLock { $0.append("waiting \(query)") }
                    }
                }
                source.partnerSettleTime = .milliseconds(200)
                var gyroscopeCount = 0
                var accelerometerAlone = 0
                for try await batch in source.readings() {
                    let gyroscope = batch.filter { $0.sensor == .gyroscope }.count
                    if gyroscopeCount < 4 && gyroscopeCount + gyroscope >= 4 {
                        #expect(gyroscopeFeeder.waitUntilWritten())
                        gyroscopeFeeder.close()
                        try testbed.remove(device: "iio:device2")
                    }
                    gyroscopeCount += gyroscope
                    if statuses.withLock({ $0.last == "streaming lsm6dso_accel" }) {
                        accelerometerAlone += batch.filter { $0.sensor == .accelerometer }.count
                    }
                    if accelerometerAlone >= 10 { break }
                }
                #expect(gyroscopeCount == 4)
                #expect(statuses.withLock { $0 } == ["streaming lsm6dso", "removed lsm6dso", "streaming lsm6dso_accel"])
            }
        }

        @Test("a split IMU whose gyroscope half appears after its accelerometer half is taken complete")
        func splitIMUSettles() async throws {
            try await withTestbed(["lsm6dso"]) { testbed, _ in
                try testbed.remove(device: "iio:device1")
                try testbed.remove(device: "iio:device2")
                var source = LiveIMUSource(waitsForFirstIMU: true, configuration: StreamConfiguration(rate: 25))
                source.partnerSettleTime = .seconds(5)
                let resolving = Task { try await source.resolve() }
                #expect(testbed.waitForUEventListeners())
                try testbed.reinstall(device: "iio:device1")
                // After the monitor's burst (0.25 s) has ended, so it reports lsm6dso_accel alone first;
                // well within the partner settle time.
                try await Task.sleep(for: .seconds(1))
                try testbed.reinstall(device: "iio:device2")
                let imu = try await resolving.value
                #expect(imu.name == "lsm6dso")
                #expect(imu.accelerometer?.id == "iio:device1")
                #expect(imu.gyroscope?.id == "iio:device2")
            }
        }

        @Test("the task following the IMU runs on the executor a stream's tasks prefer, when one is set")
        func followsOnThePreferredExecutor() async throws {
            try await withTestbed(["mpu6050"]) { testbed, _ in
                let feeder = try testbed.feed(device: "iio:device0", bytes: scans(1...4))
                let executor = SerialThreadExecutor(threadName: "follow-test")
                let reportedOn = Mutex<[String?]>([])
                let source = LiveIMUSource(query: "mpu6050", configuration: StreamConfiguration(rate: 100)) { _ in
                    reportedOn.withLock { $0.append(Thread.current.name) }
                }
                let readings = StreamExecution.$preferredExecutor.withValue(executor) { source.readings() }
                var accelerometer = 0
                for try await batch in readings {
                    accelerometer += batch.filter { $0.sensor == .accelerometer }.count
                    if accelerometer >= 4 { break }
                }
                #expect(feeder.waitUntilWritten())
                #expect(reportedOn.withLock { $0 } == ["follow-test"])
            }
        }

        @Test("started with no IMU present, it waits for one instead of failing")
        func waitsForFirst() async throws {
            try await withTestbed(["lis3dh"]) { testbed, _ in
                try testbed.remove(device: "iio:device9")
                let source = LiveIMUSource(waitsForFirstIMU: true, configuration: StreamConfiguration(rate: 25)) { status in
                    if case .waiting = status {
                        _ = try? testbed.reinstall(device: "iio:device9")
                        _ = try? testbed.feed(device: "iio:device9", bytes: [Int16(0), 0, 1000 << 4].flatMap(le) + [0, 0] + le(Int64(1)))
                    }
                }
                var received: [SensorSample] = []
                for try await batch in source.readings() {
                    received += batch
                    break
                }
                #expect(received.first?.timestamp == 1e-9)
            }
        }
    }
}

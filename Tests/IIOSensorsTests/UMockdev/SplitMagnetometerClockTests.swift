import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

#if canImport(Glibc)
import Glibc
#endif

/// A magnetometer on its own IIO device (the BMM150 beside a BMI160), buffered with its own trigger, is delivered on
/// the accelerometer's clock: each device's scan timestamps go through its own `current_timestamp_clock`
/// (`ScanClockChoice`) onto the monotonic clock, whether the two devices' clocks agree or differ.
extension UMockdev {
    @Suite("A split magnetometer on the accelerometer's clock")
    struct SplitMagnetometerClock {
        /// Nanoseconds of `clock` now.
        private func now(_ clock: clockid_t) -> Int64 {
            var time = timespec()
            clock_gettime(clock, &time)
            return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
        }

        /// Four BMI160 scans (face up) stamped `start + n·40 ms`, n = 1...4.
        private func bmi160Scans(start: Int64) -> [UInt8] {
            (1...4).flatMap { n -> [UInt8] in
                let values: [Int16] = [0, 0, 0, 0, 0, 16384]
                return values.flatMap { le($0) } + [UInt8](repeating: 0, count: 4) + le(start + Int64(n) * 40_000_000)
            }
        }

        /// Four BMM150 scans of (320, 80, -640) counts stamped `start + n·40 ms`, n = 1...4.
        private func bmm150Scans(start: Int64) -> [UInt8] {
            (1...4).flatMap { n -> [UInt8] in
                let values: [Int32] = [320, 80, -640]
                return values.flatMap { le($0) } + [UInt8](repeating: 0, count: 4) + le(start + Int64(n) * 40_000_000)
            }
        }

        /// Streams the IMU of the BMI160 + BMM150 tree until four readings of each sensor arrived, feeding both devices.
        private func stream(_ testbed: Testbed, accelerometerStart: Int64, magnetometerStart: Int64) async throws -> (
            accelerometer: [Double], magnetometer: [Double]
        ) {
            let accelerometer = try testbed.feed(device: "iio:device74", bytes: bmi160Scans(start: accelerometerStart))
            let magnetometer = try testbed.feed(device: "iio:device75", bytes: bmm150Scans(start: magnetometerStart))
            defer {
                accelerometer.close()
                magnetometer.close()
            }
            let imu = try IMUDiscovery().imu(matching: "bmi160")
            var samples: [SensorSample] = []
            for try await batch in IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 25)).readings() {
                samples += batch
                let counts = [SensorKind.accelerometer, .magnetometer].map { kind in samples.filter { $0.sensor == kind }.count }
                if counts.allSatisfy({ $0 >= 4 }) { break }
            }
            return (
                samples.filter { $0.sensor == .accelerometer }.map(\.timestamp),
                samples.filter { $0.sensor == .magnetometer }.map(\.timestamp)
            )
        }

        @Test("clocks agree (both realtime, both switched to monotonic): the magnetometer keeps its scans' own stamps")
        func clocksAgree() async throws {
            try await withTestbed(["bmi160-bmm150"]) { testbed, _ in
                let start = now(CLOCK_MONOTONIC)
                let (accelerometer, magnetometer) = try await stream(
                    testbed, accelerometerStart: start, magnetometerStart: start + 5_000_000)
                // Both devices were switched to monotonic for the stream, and put back afterwards.
                #expect(accelerometer == (1...4).map { Double(start + Int64($0) * 40_000_000) / 1e9 })
                #expect(magnetometer == (1...4).map { Double(start + 5_000_000 + Int64($0) * 40_000_000) / 1e9 })
                #expect(try testbed.attribute("current_timestamp_clock", of: "iio:device75") == "realtime")
            }
        }

        @Test("clocks differ (the magnetometer stamps realtime and cannot be switched): converted onto the monotonic clock")
        func clocksDiffer() async throws {
            try await withTestbed(["bmi160-bmm150"]) { testbed, _ in
                // No current_timestamp_clock to write: the reader takes the kernel's default, realtime, and converts.
                let file = try testbed.sysfsDirectory(of: "iio:device75").appendingPathComponent("current_timestamp_clock")
                try FileManager.default.removeItem(at: file)
                let start = now(CLOCK_MONOTONIC)
                let realtimeStart = start + (now(CLOCK_REALTIME) - now(CLOCK_MONOTONIC))
                let (accelerometer, magnetometer) = try await stream(
                    testbed, accelerometerStart: start, magnetometerStart: realtimeStart + 5_000_000)
                #expect(accelerometer == (1...4).map { Double(start + Int64($0) * 40_000_000) / 1e9 })
                // Realtime and monotonic advance together here; the conversion is measured per refill (within 5 ms).
                #expect(magnetometer.count >= 4)
                for (index, timestamp) in magnetometer.prefix(4).enumerated() {
                    #expect(abs(timestamp - (accelerometer[index] + 0.005)) < 0.005)
                }
            }
        }
    }
}

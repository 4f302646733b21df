import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// A sensor hub's report latency (`buffer/hwfifo_timeout`: the Chromebook EC's, `cros_ec_sensors_core.c`, and a batching
/// HID hub's, `hid-sensor-trigger.c`): 0 sends every scan at once; a buffered stream sets it to one refill's duration
/// and puts the value it found back.
extension UMockdev {
    @Suite("A sensor hub's report latency")
    struct HardwareFIFOLatencyStreaming {
        /// Streams the cros-ec fixture's base IMU until both sensors delivered, and returns each device's
        /// `buffer/hwfifo_timeout` read then (both readers have written theirs before their first refill).
        private func latenciesWhileStreaming(_ testbed: Testbed) async throws -> [String?] {
            func scans(_ v: [Int16]) -> [UInt8] {
                (0..<4).flatMap { n in v.flatMap(le) + [0, 0] + le(5_000_000_000 + Int64(n) * 10_000_000) }
            }
            let accel = try testbed.feed(device: "iio:device7", bytes: scans([25, -60, 16390]))
            let gyro = try testbed.feed(device: "iio:device8", bytes: scans([3, 0, -1]))
            defer {
                accel.close()
                gyro.close()
            }
            let imu = try IMUDiscovery().imu(matching: "cros-ec")
            var kinds: Set<SensorKind> = []
            for try await batch in IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 100)).readings() {
                kinds.formUnion(batch.map(\.sensor))
                if kinds.isSuperset(of: [.accelerometer, .gyroscope]) {
                    return ["iio:device7", "iio:device8"].map { try? testbed.attribute("buffer/hwfifo_timeout", of: $0) }
                }
            }
            return []
        }

        @Test("cros-ec: the EC holds scans for one refill (4 scans at 100 Hz) while streaming, and gets its 0 back")
        func crosECLatencySetAndRestored() async throws {
            try await withTestbed(["cros-ec"]) { testbed, _ in
                let during = try await latenciesWhileStreaming(testbed)
                #expect(during == ["0.040000", "0.040000"])
                #expect(try testbed.attribute("buffer/hwfifo_timeout", of: "iio:device7") == "0.000000")
                #expect(try testbed.attribute("buffer/hwfifo_timeout", of: "iio:device8") == "0.000000")
            }
        }

        @Test("a latency found that is not one (garbage, beyond an int of milliseconds) is not written back")
        func unreadableLatencyIsNotRestored() async throws {
            try await withTestbed(["cros-ec"]) { testbed, _ in
                for (device, value) in [("iio:device7", "fast"), ("iio:device8", "2147484.000000")] {
                    let file = try testbed.sysfsDirectory(of: device).appendingPathComponent("buffer/hwfifo_timeout")
                    try Data("\(value)\n".utf8).write(to: file)
                }
                let during = try await latenciesWhileStreaming(testbed)
                #expect(during == ["0.040000", "0.040000"])
                #expect(try testbed.attribute("buffer/hwfifo_timeout", of: "iio:device7") == "0.040000")
                #expect(try testbed.attribute("buffer/hwfifo_timeout", of: "iio:device8") == "0.040000")
            }
        }
    }
}

@Suite("The report latency's text")
struct HardwareFIFOLatencyTextTests {
    @Test(
        "seconds as the kernel prints them, to the millisecond, within an int of milliseconds",
        arguments: [
            (0.5, "0.500000"), (0.04, "0.040000"), (0.0104, "0.010000"), (0, "0.000000"), (2.25, "2.250000"),
            (65.535, "65.535000"), (1e12, "2147483.647000"), (-1, "0.000000"), (.nan, "0.000000"),
            (.infinity, "2147483.647000"),
        ])
    func text(seconds: Double, expected: String) {
        #expect(HardwareFIFOLatency.text(seconds: seconds) == expected)
    }

    @Test("a value read back is a latency only when it is a number of seconds in an int of milliseconds")
    func parsing() {
        #expect(HardwareFIFOLatency.seconds(in: "0.000000") == 0)
        #expect(HardwareFIFOLatency.seconds(in: "65.535000") == 65.535)
        #expect(HardwareFIFOLatency.seconds(in: "2147483.647000") == 2_147_483.647)
        for text in ["", "fast", "nan", "-0.5", "2147483.648", "1e9", "0.5 s"] {
            #expect(HardwareFIFOLatency.seconds(in: text) == nil, "\(text)")
        }
    }
}

import ActivityKit
import CommandLineSupport
import DeviceMotionKit
import IIOSensors
import Logging
import Synchronization

/// The live IMU as a device-motion stream: imu-record's `LiveIMUSource` (waits for the IMU with --wait, says
/// "sensor removed, waiting" on unplug and resumes on replug), fused at the model's rate.
struct LiveMotionInput: Sendable {
    /// The IMU: a name, device name, iio:deviceN id or index; nil for the first.
    let device: String?
    /// Whether to wait for an IMU when none is present at the start.
    let wait: Bool
    /// Whether any IMU may take over after an unplug.
    let any: Bool
    /// The libiio context URI.
    let uri: String
    /// Sensor sampling rate to ask for, in Hz.
    let sensorRate: Double?
    /// Where the source logs.
    let logger: Logger

    /// Seconds of readings per kernel-buffer refill: a window is classified every hop (seconds), so a quarter of a
    /// second of latency costs nothing and wakes the process a few times a second instead of 25 times per device.
    static let bufferDuration = 0.25

    /// Resolves the IMU (waiting for it with --wait) and returns its fused stream at `rate` Hz.
    func motions(rate: Double) async throws -> AsyncThrowingStream<DeviceMotion, any Error> {
        // Whether the IMU streaming now has a gyroscope: after a return it may not (a split IMU's gyroscope left alone).
        let gyroscopePresent = GyroscopePresence()
        let source = LiveIMUSource(
            query: device, acceptAnyIMU: any, waitsForFirstIMU: wait, uri: uri,
            configuration: StreamConfiguration(rate: sensorRate, bufferDuration: Self.bufferDuration), logger: logger
        ) { status in
            printStatus("imu-classify: \(status)")
            if case .streaming(let imu) = status { gyroscopePresent.value.withLock { $0 = imu.gyroscope != nil } }
        }
        let imu = try await source.resolve()
        guard imu.accelerometer != nil else { throw IIOSensorError.noAccelerometer(devices: imu.devices.map(\.name)) }
        return FusedMotionStream(
            source: source.streaming(imu), rate: rate, hasGyroscope: imu.gyroscope != nil,
            gyroscopePresence: { gyroscopePresent.value.withLock { $0 } }
        ).motions()
    }
}

/// Whether the IMU streaming now has a gyroscope, set by the source's status reports and read by the fusion.
private final class GyroscopePresence: Sendable {
    /// True until a return without a gyroscope says otherwise.
    let value = Mutex(true)
}

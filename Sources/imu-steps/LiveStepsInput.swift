import CommandLineSupport
import DeviceMotionKit
import IIOSensors
import LiveMotion
import Logging

/// The live IMU as a device-motion stream (waits with --wait, follows unplug and replug through `LiveIMU`).
struct LiveStepsInput: Sendable {
    /// The IMU: a name, device name, iio:deviceN id or index; nil for the first.
    let device: String?
    /// Whether to wait for an IMU when none is present at the start.
    let wait: Bool
    /// Whether any IMU may take over after an unplug.
    let any: Bool
    /// The libiio context URI.
    let uri: String
    /// Sensor sampling rate to ask for, in Hz.
    let sensorRate: Double
    /// Where the source logs.
    let logger: Logger

    /// Seconds of readings per kernel-buffer refill: a step is reported within a quarter of a second.
    static let bufferDuration = 0.25

    /// Resolves the IMU and returns a motion manager delivering its device motion at `rate` Hz.
    func motionManager(rate: Double) async throws -> MotionManager {
        let live = try await LiveIMU.open(
            device: device, uri: uri, waitsForIMU: wait, acceptsAnyIMU: any,
            configuration: StreamConfiguration(rate: sensorRate, bufferDuration: Self.bufferDuration), logger: logger
        ) { status in printStatus("imu-steps: \(status)") }
        return live.motionManager(rate: rate, logger: logger)
    }
}

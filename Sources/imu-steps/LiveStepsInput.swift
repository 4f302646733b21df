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
    /// The magnetometer calibration to apply (`--calibration`): the IMU's saved one unless a file or none is given.
    let calibration: CalibrationOptions
    /// Where the source logs.
    let logger: Logger

    /// Seconds of readings per kernel-buffer refill: a step is reported within a quarter of a second.
    static let bufferDuration = 0.25

    /// Resolves the IMU and returns a motion manager delivering its device motion at `rate` Hz, and the barometer
    /// that goes with the IMU (`IIOInventory.barometer(for:)`), if there is one.
    func open(rate: Double) async throws -> (manager: MotionManager, barometer: IIOPressureReader?) {
        let live = try await LiveIMU.open(
            device: device, uri: uri, waitsForIMU: wait, acceptsAnyIMU: any,
            configuration: StreamConfiguration(rate: sensorRate, bufferDuration: Self.bufferDuration), logger: logger
        ) { status in printStatus("imu-steps: \(status)") }
        let found = try calibration.liveCalibration(for: live.imu, tool: "imu-steps")
        let barometer = try IMUDiscovery(uri: uri, logger: logger).inventory().barometer(for: live.imu)
        if let barometer { logger.info("floors from the barometer \(barometer.name) (\(barometer.id))") }
        let manager = live.motionManager(rate: rate, magnetometerCalibration: found?.calibration, logger: logger)
        return (manager, try barometer.map { try IIOPressureReader(barometer: $0, uri: uri) })
    }
}

import ActivityKit
import CommandLineSupport
import DeviceMotionKit
import IIOSensors
import LiveMotion
import Logging

/// The live IMU as a device-motion stream: waits for the IMU with --wait, says "sensor removed, waiting" on unplug
/// and resumes on replug (`LiveIMU`), fused at the model's rate by its `MotionManager`.
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
    /// The magnetometer calibration to apply (`--calibration`): the IMU's saved one unless a file or none is given.
    let calibration: CalibrationOptions
    /// Where the source logs.
    let logger: Logger

    /// The bounds of ``bufferDuration(forHop:)``, in seconds: the stream arrives in bursts at most
    /// `upperBound` apart (the history's commit interval counts on it).
    static let bufferDurations = 0.1...0.5

    /// Seconds of readings per kernel-buffer refill for windows classified every `hop` seconds: a quarter of the hop,
    /// within ``bufferDurations``. A window waits at most that long for its newest readings, a small part of the hop
    /// (at most 0.1 s for the short hops that name a change fastest, where refilling more often would cost a third more
    /// CPU), and the process wakes twice a second per IIO device at the default hop (2 s) instead of once per reading
    /// (`Benchmarks/Activity/RESULTS.md`).
    static func bufferDuration(forHop hop: Double) -> Double {
        min(max(hop / 4, bufferDurations.lowerBound), bufferDurations.upperBound)
    }

    /// Resolves the IMU (waiting for it with --wait) and returns a motion manager delivering its device motion at
    /// `rate` Hz for windows classified every `hop` seconds, and the IMU's name; the caller keeps the manager for as
    /// long as it reads the updates.
    /// `onStatus` hears every status change too (the history's device events).
    func motionManager(
        rate: Double, hop: Double, onStatus: @escaping @Sendable (LiveIMUSource.Status) -> Void
    ) async throws -> (manager: MotionManager, imu: String) {
        let live = try await LiveIMU.open(
            device: device, uri: uri, waitsForIMU: wait, acceptsAnyIMU: any,
            configuration: StreamConfiguration(rate: sensorRate, bufferDuration: Self.bufferDuration(forHop: hop)), logger: logger
        ) { status in
            printStatus("imu-classify: \(status)")
            onStatus(status)
        }
        let found = try calibration.liveCalibration(for: live.imu, tool: "imu-classify")
        return (
            live.motionManager(rate: rate, magnetometerCalibration: found?.calibration, logger: logger), live.imu.name
        )
    }
}

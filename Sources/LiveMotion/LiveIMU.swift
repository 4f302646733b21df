import DeviceMotionKit
import IIOSensors
import Logging
import MotionSamples

/// A live IIO IMU, found and opened the one way every tool does it: the place where the IIO sources meet
/// ``DeviceMotionKit``, which knows sources only through the `MotionSource` protocol.
///
/// ```swift
/// let live = try await LiveIMU.open(device: nil, waitsForIMU: true)
/// for try await motion in live.motionManager(rate: 25).deviceMotionUpdates() { print(motion.gravity) }
/// ```
public struct LiveIMU: Sendable {
    /// The IMU streamed first (after a removal, the source's status names the one streaming then).
    public let imu: IMU
    /// Its readings, and with ``open(device:uri:waitsForIMU:followsRemovals:acceptsAnyIMU:configuration:logger:onStatus:)``'s
    /// `followsRemovals` its removals and returns, in order.
    public let source: any MotionSource

    /// Finds the IMU matching `device` (a name, device name, `iio:deviceN` id, index or location; `nil` for the
    /// first) and opens it.
    /// - Parameters:
    ///   - waitsForIMU: Waits for a matching IMU when none is present instead of failing.
    ///   - followsRemovals: Survives unplug and replug (the source waits for the IMU to come back and says so in its
    ///     status) instead of ending with `IIOSensorError.deviceRemoved`.
    ///   - acceptsAnyIMU: After a removal, any IMU with an accelerometer may take over.
    ///   - onStatus: Called on every status change (waiting, streaming, removed), from a background thread.
    /// - Throws: `IIOSensorError` when no such IMU is present (or it has no accelerometer), `CancellationError` when
    ///   the task is cancelled while waiting.
    public static func open(
        device: String?, uri: String = "local:", waitsForIMU: Bool = false, followsRemovals: Bool = true,
        acceptsAnyIMU: Bool = false, configuration: StreamConfiguration = .init(),
        logger: Logger = Logger(label: "imu-bridge.iio"),
        onStatus: @escaping @Sendable (LiveIMUSource.Status) -> Void = { _ in }
    ) async throws -> LiveIMU {
        let live = LiveIMUSource(
            query: device, acceptAnyIMU: acceptsAnyIMU, waitsForFirstIMU: waitsForIMU, uri: uri,
            configuration: configuration, logger: logger, onStatus: onStatus)
        let imu = try await live.resolve()
        guard imu.accelerometer != nil else { throw IIOSensorError.noAccelerometer(devices: imu.devices.map(\.summary)) }
        let source: any MotionSource =
            followsRemovals ? live.streaming(imu) : IIOMotionSource(imu: imu, configuration: configuration, logger: logger)
        return LiveIMU(imu: imu, source: source)
    }

    /// A motion manager on this IMU delivering device motion every `1 / rate` seconds, correcting the magnetometer's
    /// readings in the magnetic frames with `magnetometerCalibration` (the one saved for ``IMU/calibrationKey``, which
    /// the tools find through `CalibrationOptions`) and refining it online (``DeviceMotionPipeline``).
    public func motionManager(
        rate: Double, magnetometerCalibration: MagnetometerCalibration? = nil,
        logger: Logger = Logger(label: "imu-bridge.motion")
    ) -> MotionManager {
        let manager = MotionManager(source: source, magnetometerCalibration: magnetometerCalibration, logger: logger)
        manager.deviceMotionUpdateInterval = 1 / rate
        return manager
    }
}

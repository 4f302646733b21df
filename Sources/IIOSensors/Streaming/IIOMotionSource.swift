import Dispatch
import Logging
import MotionSamples
import StreamExecution
import Synchronization

/// A live IMU as a `MotionSource`: streams its accelerometer (and gyroscope) through libiio.
///
/// Each IIO device of the IMU is read on its own thread (split devices have two), in buffered
/// mode when possible and by polling otherwise; the threads start delivering once every device is
/// set up, and readings of both devices share the monotonic clock. The stream ends with `IIOSensorError.deviceRemoved` when the device disappears.
///
/// ```swift
/// let imu = try IMUDiscovery().imu(matching: nil)
/// for try await batch in IIOMotionSource(imu: imu).readings() { ... }
/// ```
public struct IIOMotionSource: MotionSource {
    /// The IMU being streamed.
    public let imu: IMU
    /// How to stream it.
    public let configuration: StreamConfiguration
    /// Where the reader logs its choices (buffered or polled, rate, clock).
    public let logger: Logger

    /// Creates a source for `imu`.
    public init(imu: IMU, configuration: StreamConfiguration = .init(), logger: Logger = Logger(label: "imu-bridge.iio")) {
        self.imu = imu
        self.configuration = configuration
        self.logger = logger
    }

    /// The IMU's name.
    public var name: String { imu.name }
    /// Whether the IMU has a gyroscope.
    public var hasGyroscope: Bool { imu.gyroscope != nil }
    /// Whether the IMU has a magnetometer (its readings come in the same batches).
    public var hasMagnetometer: Bool { imu.magnetometer != nil }
    /// The requested rate, else the accelerometer's current sampling frequency.
    public var nominalRate: Double? { configuration.rate ?? imu.accelerometer?.samplingFrequency?.current }

    /// Starts one reader thread per device; ending the consumption stops them and waits (briefly)
    /// until each has closed its buffer and restored the device's settings.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [SensorSample].self, throwing: (any Error).self)
        let control = ReaderControl(readerCount: imu.devices.count)
        let running = RunningReaders(count: imu.devices.count, continuation: continuation)
        let threadsDone = DispatchGroup()
        for device in imu.devices {
            threadsDone.enter()
            let reader = DeviceReader(device: device, uri: imu.uri, configuration: configuration, logger: logger)
            startDedicatedThread(named: device.id) {
                var failure: IIOSensorError?
                do throws(IIOSensorError) {
                    try reader.run(control: control) { continuation.yield($0) }
                } catch {
                    control.stop()
                    failure = error
                }
                // The device is closed and restored here: release a waiting consumer before finishing.
                threadsDone.leave()
                running.finished(with: failure)
            }
        }
        continuation.onTermination = { termination in
            // A finished stream was finished by the last reader itself, which must not wait for itself.
            guard case .cancelled = termination else { return }
            control.stop()
            _ = threadsDone.wait(timeout: .now() + 3)
        }
        return stream
    }
}

/// Finishes the stream once every reader thread has ended, with the first error any of them hit.
private final class RunningReaders: Sendable {
    private let state: Mutex<(remaining: Int, error: IIOSensorError?)>
    private let continuation: AsyncThrowingStream<[SensorSample], any Error>.Continuation

    init(count: Int, continuation: AsyncThrowingStream<[SensorSample], any Error>.Continuation) {
        state = Mutex((count, nil))
        self.continuation = continuation
    }

    func finished(with error: IIOSensorError?) {
        let (done, firstError) = state.withLock { state -> (Bool, IIOSensorError?) in
            state.remaining -= 1
            if state.error == nil { state.error = error }
            return (state.remaining == 0, state.error)
        }
        guard done else { return }
        continuation.finish(throwing: firstError)
    }
}

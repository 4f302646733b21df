import Logging
import MotionSamples

/// A live IMU that survives unplug and replug: it waits for the IMU, streams it, and when it
/// disappears reports that and waits until it (or, with `acceptAnyIMU`, any IMU) comes back.
///
/// The readings stream only ends on a failure other than removal, or when the consumer stops.
/// Status changes ("sensor removed, waiting", "streaming") go to `onStatus`, so a recorder can mark
/// the gap and a live view can say what is happening.
public struct LiveIMUSource: MotionSource {
    /// What the source is doing.
    public enum Status: Hashable, Sendable, CustomStringConvertible {
        /// No matching IMU is present; waiting for one to appear.
        case waiting(for: String)
        /// Streaming this IMU.
        case streaming(IMU)
        /// The IMU disappeared (unplugged, driver unbound); waiting for it to come back.
        case removed(IMU)

        /// The line the tools print for it, e.g. "sensor removed, waiting: mpu6050".
        public var description: String {
            switch self {
            case .waiting(let query): "waiting for an IMU (\(query))"
            case .streaming(let imu): "streaming from \(imu.name)"
            case .removed(let imu): "sensor removed, waiting: \(imu.name)"
            }
        }
    }

    /// The IMU to follow: a name, device name or id (see `IMU.matches`), or `nil` for the first.
    public var query: String?
    /// Whether, after a removal, any IMU with an accelerometer may take over.
    public var acceptAnyIMU: Bool
    /// Whether to wait for an IMU when none is present at the start, instead of failing.
    public var waitsForFirstIMU: Bool
    /// The libiio URI (hotplug following needs `local:`).
    public var uri: String
    /// How to stream.
    public var configuration: StreamConfiguration
    /// Where the source logs.
    public var logger: Logger
    /// Called on every status change.
    public var onStatus: @Sendable (Status) -> Void

    /// Creates a source; `onStatus` is called from a background thread.
    public init(
        query: String? = nil, acceptAnyIMU: Bool = false, waitsForFirstIMU: Bool = false, uri: String = "local:",
        configuration: StreamConfiguration = .init(), logger: Logger = Logger(label: "imu-bridge.iio"),
        onStatus: @escaping @Sendable (Status) -> Void = { _ in }
    ) {
        self.query = query
        self.acceptAnyIMU = acceptAnyIMU
        self.waitsForFirstIMU = waitsForFirstIMU
        self.uri = uri
        self.configuration = configuration
        self.logger = logger
        self.onStatus = onStatus
    }

    /// The followed IMU's query, or "first IMU".
    public var name: String { query ?? "first IMU" }
    /// Unknown until an IMU is found; true so consumers prepare for rotation rates.
    public var hasGyroscope: Bool { true }
    /// The requested rate.
    public var nominalRate: Double? { configuration.rate }

    /// Streams the IMU across removals until the consumer stops or a non-removal failure occurs.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        let source = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await source.follow { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func follow(_ deliver: ([SensorSample]) -> Void) async throws {
        var current = try await resolve()
        while !Task.isCancelled {
            onStatus(.streaming(current))
            do {
                for try await batch in IIOMotionSource(imu: current, configuration: configuration, logger: logger).readings() {
                    deliver(batch)
                }
                return
            } catch IIOSensorError.deviceRemoved {
                onStatus(.removed(current))
                logger.warning("sensor removed: \(current.name); waiting for it to come back")
                let wanted = current.name
                current = try await waitForIMU { acceptAnyIMU ? $0.accelerometer != nil : $0.name == wanted }
            }
        }
    }

    /// The IMU the source starts with: the one matching `query`, waited for when none is present
    /// and `waitsForFirstIMU` is set. Lets a consumer describe the IMU before streaming it.
    public func resolve() async throws -> IMU {
        do {
            return try IMUDiscovery(uri: uri, logger: logger).imu(matching: query)
        } catch {
            switch error {
            case .noIIOSubsystem, .noAccelerometer, .deviceNotFound: guard waitsForFirstIMU else { throw error }
            default: throw error
            }
            onStatus(.waiting(for: name))
            let query = self.query
            return try await waitForIMU { imu in query.map(imu.matches) ?? (imu.accelerometer != nil) }
        }
    }

    /// Waits until an IMU accepted by `accepts` is present and returns it.
    private func waitForIMU(_ accepts: @escaping @Sendable (IMU) -> Bool) async throws -> IMU {
        let monitor = IMUMonitor(uri: uri, logger: logger)
        let changes = monitor.changes()
        if let present = try monitor.currentIMUs().first(where: accepts) { return present }
        for try await change in changes where change.kind == .added && accepts(change.imu) {
            return change.imu
        }
        throw CancellationError()
    }
}

import Logging
import MotionSamples
import StreamExecution

/// A live IMU that survives unplug and replug: it waits for the IMU, streams it, and when it
/// disappears reports that and waits until it (or, with `acceptAnyIMU`, any IMU) comes back.
///
/// The readings stream only ends on a failure other than removal, or when the consumer stops.
/// Status changes ("sensor removed, waiting", "streaming") go to `onStatus`, so a recorder can mark
/// the gap and a live view can say what is happening.
public struct LiveIMUSource: MotionSource {
    /// What the source is doing.
    public enum Status: Hashable, MotionSourceStatus {
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

        /// Whether the IMU streaming from now on has a gyroscope; `nil` while waiting or after a removal.
        public var streamsGyroscope: Bool? {
            guard case .streaming(let imu) = self else { return nil }
            return imu.gyroscope != nil
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
    /// How long an IMU that appeared without a gyroscope is given to complete before it is taken: the
    /// gyroscope half of a split device (HID `gyro_3d`, `lsm6dso_gyro`) may be probed a moment after the
    /// accelerometer half.
    public var partnerSettleTime: Duration = .seconds(1)
    /// The IMU to stream first, already resolved; `nil` resolves it when streaming starts.
    private var resolvedIMU: IMU?
    /// The name of the threads that scan the IIO devices for an IMU.
    private static let scanThreadName = "iio-scan"

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
    /// Whether the resolved IMU has a gyroscope; true while unresolved, so consumers prepare for rotation rates.
    public var hasGyroscope: Bool { resolvedIMU.map { $0.gyroscope != nil } ?? true }
    /// The requested rate.
    public var nominalRate: Double? { configuration.rate }

    /// Streams the IMU across removals until the consumer stops or a non-removal failure occurs.
    public func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
        stream { input, continuation in
            if case .readings(let batch) = input { continuation.yield(batch) }
        }
    }

    /// Streams the IMU across removals, with every status change in order among the readings (a removal after the
    /// last reading before it, a return before the first reading after it).
    public func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error> {
        stream { input, continuation in continuation.yield(input) }
    }

    /// Follows the IMU on a task of its own, handing each input to `forward`; ending the consumption stops it.
    private func stream<Element>(
        _ forward: @escaping @Sendable (MotionSourceInput, AsyncThrowingStream<Element, any Error>.Continuation) -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        let source = self
        return AsyncThrowingStream { continuation in
            let task = Task(executorPreference: StreamExecution.preferredExecutor) {
                do {
                    try await source.follow { forward($0, continuation) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Streams the IMU, and the IMU that returns after each removal, handing readings and statuses to `deliver`.
    private func follow(_ deliver: (MotionSourceInput) -> Void) async throws {
        /// Reports `status` to `onStatus` and, in order, to the consumer.
        func report(_ status: Status) {
            onStatus(status)
            deliver(.status(status, at: MonotonicClock.now))
        }
        var current = if let resolvedIMU { resolvedIMU } else { try await resolve(reporting: report) }
        while !Task.isCancelled {
            report(.streaming(current))
            do {
                for try await batch in IIOMotionSource(imu: current, configuration: configuration, logger: logger).readings() {
                    deliver(.readings(batch))
                }
                return
            } catch IIOSensorError.deviceRemoved {
                report(.removed(current))
                logger.info("sensor removed: \(current.name); waiting for it to come back")
                let removed = current
                current = try await waitForIMU { acceptAnyIMU ? $0.accelerometer != nil : Self.isReturn(of: removed, $0) }
            }
        }
    }

    /// Whether `candidate` is `removed` back again: the same IMU by name, or its accelerometer alone (the gyroscope of
    /// a split IMU unplugged or unbound on its own), so the accelerometer goes on streaming without its partner.
    static func isReturn(of removed: IMU, _ candidate: IMU) -> Bool {
        if candidate.name == removed.name { return true }
        guard let accelerometer = candidate.accelerometer, let previous = removed.accelerometer else { return false }
        return accelerometer.name == previous.name && accelerometer.parentPath == previous.parentPath
    }

    /// The IMU the source starts with: the one matching `query`, waited for when none is present
    /// and `waitsForFirstIMU` is set. Lets a consumer describe the IMU before streaming it.
    public func resolve() async throws -> IMU {
        try await resolve(reporting: onStatus)
    }

    /// ``resolve()``, reporting a wait to `report`. The scans run on a thread of their own, off the cooperative pool.
    private func resolve(reporting report: (Status) -> Void) async throws -> IMU {
        do {
            let (uri, logger, query) = (uri, logger, query)
            return try await onDedicatedThread(named: Self.scanThreadName) { () throws(IIOSensorError) in
                try IMUDiscovery(uri: uri, logger: logger).imu(matching: query)
            }
        } catch {
            switch error {
            case .noIIOSubsystem, .noAccelerometer, .deviceNotFound: guard waitsForFirstIMU else { throw error }
            default: throw error
            }
            report(.waiting(for: name))
            let query = self.query
            return try await waitForIMU { imu in query.map(imu.matches) ?? (imu.accelerometer != nil) }
        }
    }

    /// This source, streaming `imu` (from `resolve()`) first instead of looking the IMU up again, so a
    /// consumer's description of the IMU is the one streamed.
    public func streaming(_ imu: IMU) -> LiveIMUSource {
        var source = self
        source.resolvedIMU = imu
        return source
    }

    /// Waits until an IMU accepted by `accepts` is present and returns it, complete: one found without a
    /// gyroscope is looked up again after `partnerSettleTime`, in case its gyroscope half was still probing, and
    /// waited for again if it went away meanwhile (the accelerometer of an IMU being unplugged, seen before its
    /// removal finished).
    private func waitForIMU(_ accepts: @escaping @Sendable (IMU) -> Bool) async throws -> IMU {
        let monitor = IMUMonitor(uri: uri, logger: logger)
        let (present, stream) = try await onDedicatedThread(named: Self.scanThreadName, monitor.presentIMUsAndChanges)
        var changes = stream.makeAsyncIterator()
        var candidate = present.first(where: accepts)
        while true {
            let found: IMU
            if let candidate {
                found = candidate
            } else {
                found = try await Self.nextAddition(from: &changes, accepted: accepts)
            }
            guard found.gyroscope == nil, let accelerometer = found.accelerometer else { return found }
            try await Task.sleep(for: partnerSettleTime)
            let present = try await onDedicatedThread(named: Self.scanThreadName, monitor.currentIMUs)
            if let settled = present.first(where: { $0.accelerometer?.id == accelerometer.id && accepts($0) }) { return settled }
            candidate = present.first(where: accepts)
        }
    }

    /// The next IMU accepted by `accepts` that the monitor reports added; a monitor that ends means the consumer stopped.
    private static func nextAddition(
        from changes: inout AsyncThrowingStream<IMUChange, any Error>.Iterator, accepted accepts: (IMU) -> Bool
    ) async throws -> IMU {
        while let change = try await changes.next() {
            if change.kind == .added && accepts(change.imu) { return change.imu }
        }
        throw CancellationError()
    }
}

import Dispatch
import FoundationEssentials
import Logging
import MotionSamples
import StreamExecution
import Synchronization

/// The handler of push-mode updates, as CoreMotion's `CMDeviceMotionHandler`: an estimate, or `nil` and the
/// error that ended the updates.
public typealias DeviceMotionHandler = @Sendable (DeviceMotion?, (any Error)?) -> Void

/// Device motion from one ``MotionSource``, shaped like CoreMotion's `CMMotionManager`.
///
/// Pull mode: ``startDeviceMotionUpdates()`` then read ``deviceMotion`` whenever you like. Push mode:
/// ``startDeviceMotionUpdates(to:withHandler:)`` calls a handler on a `DispatchQueue` (where CoreMotion takes an
/// `OperationQueue`: `to: .main` reads the same; a dispatch queue keeps Foundation out of every tool), or iterate
/// ``deviceMotionUpdates(using:bufferingPolicy:)``. ``stopDeviceMotionUpdates()`` ends all of them. Estimates come
/// every ``deviceMotionUpdateInterval`` seconds of sensor time, fused at the sensor rate by
/// ``DeviceMotionPipeline``; units and signs are CoreMotion's (lying face up at rest, `gravity == (0, 0, -1)`).
///
/// Reference frames: every source gives ``AttitudeReferenceFrame/xArbitraryZVertical``; a source with a gyroscope and
/// a magnetometer (``MotionSource/hasMagnetometer``) also gives the magnetic frames, and true north given a
/// declination (``init(source:parameters:declination:magnetometerCalibration:logger:)``, where CoreMotion asks Core
/// Location: Linux has no location service to ask). ``availableAttitudeReferenceFrames()`` is therefore a property of
/// the manager's source, where CoreMotion's is a class method of the one device.
///
/// Without a gyroscope, ``isDeviceMotionAvailable`` is `false`, yet updates still start: they carry gravity,
/// user acceleration and the inclination (roll, pitch) from ``AccelerometerGravityFilter``, with zero yaw and
/// zero rotation rate; ``availableFields`` says which fields mean something.
///
/// ```swift
/// let manager = try MotionManager(imuMatching: nil)   // the first IIO IMU (module LiveMotion)
/// for try await motion in manager.deviceMotionUpdates() {
///     print(motion.gravity, motion.userAcceleration)
/// }
/// ```
///
/// Thread-safe: every member may be used from any thread or task. Use one manager per sensor.
public final class MotionManager: Sendable {
    /// The shortest update interval, in seconds (1 kHz).
    public static let minimumUpdateInterval = 0.001
    /// The longest update interval, in seconds (1 Hz).
    public static let maximumUpdateInterval = 1.0

    /// Where the readings come from.
    private let source: any MotionSource
    /// The fusion tuning.
    private let parameters: FusionParameters
    /// The declination (degrees east) for true north, and the magnetometer calibration, used in magnetic frames.
    private let magnetic: MagneticReference
    /// Where the manager logs starts, stops, gaps and failures.
    private let logger: Logger
    /// Everything that changes, behind one lock.
    private let state = Mutex(MotionManagerState())

    /// Creates a manager for `source` (a live IMU, a recording being replayed, a ``SampleSequenceSource``).
    /// - Parameters:
    ///   - declination: Degrees east of true north of the magnetic field where the device is (west negative; the
    ///     World Magnetic Model gives it: ``WorldMagneticModel``), which makes ``AttitudeReferenceFrame/xTrueNorthZVertical``
    ///     available.
    ///   - magnetometerCalibration: Corrects each magnetometer reading (hard and soft iron) in the magnetic frames from
    ///     the start, and gives ``DeviceMotion/magneticField`` its accuracy, until the calibration estimated online
    ///     from the readings is better (``DeviceMotionPipeline``); `nil`: the online estimate alone.
    public init(
        source: some MotionSource, parameters: FusionParameters = .init(), declination: Double? = nil,
        magnetometerCalibration: MagnetometerCalibration? = nil, logger: Logger = Logger(label: "imu-bridge.motion")
    ) {
        self.source = source
        self.parameters = parameters
        self.magnetic = MagneticReference(declination: declination, calibration: magnetometerCalibration)
        self.logger = logger
    }

    deinit {
        state.withLock { $0.task?.cancel() }
    }

    /// The reference frames this manager's source can deliver attitudes in: ``AttitudeReferenceFrame/xArbitraryZVertical``
    /// always; with a gyroscope and a magnetometer also `xArbitraryCorrectedZVertical` and `xMagneticNorthZVertical`,
    /// and `xTrueNorthZVertical` when a declination was given.
    public func availableAttitudeReferenceFrames() -> AttitudeReferenceFrame {
        guard source.hasGyroscope, source.hasMagnetometer else { return .xArbitraryZVertical }
        let magnetic: AttitudeReferenceFrame = [.xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical]
        return self.magnetic.declination == nil ? magnetic : magnetic.union(.xTrueNorthZVertical)
    }

    /// Whether full device motion (attitude with yaw, rotation rate) is available: the source has a gyroscope.
    public var isDeviceMotionAvailable: Bool { source.hasGyroscope }

    /// Which fields of each ``DeviceMotion`` carry real information with this source.
    public var availableFields: DeviceMotionFields { source.hasGyroscope ? .all : .accelerometerOnly }

    /// Seconds between estimates, capped to ``minimumUpdateInterval`` ... ``maximumUpdateInterval`` (0.04 s, 25 Hz,
    /// by default); a change takes effect at the next start. Non-finite values are ignored.
    public var deviceMotionUpdateInterval: TimeInterval {
        get { state.withLock { $0.updateInterval } }
        set {
            guard newValue.isFinite else { return }
            let capped = min(max(newValue, Self.minimumUpdateInterval), Self.maximumUpdateInterval)
            state.withLock { $0.updateInterval = capped }
        }
    }

    /// Whether updates are running: from a start until ``stopDeviceMotionUpdates()``, the end of a finite source,
    /// or a source failure.
    public var isDeviceMotionActive: Bool { state.withLock { $0.isActive } }

    /// The most recent estimate (pull mode), or `nil` before the first; kept after updates end.
    public var deviceMotion: DeviceMotion? { state.withLock { $0.latest } }

    /// The reference frame of the current or last updates (``AttitudeReferenceFrame/xArbitraryZVertical`` before any).
    public var attitudeReferenceFrame: AttitudeReferenceFrame { state.withLock { $0.referenceFrame } }

    /// The error that ended the last updates, or `nil` if they ran or ended normally.
    public var lastError: MotionError? { state.withLock { $0.lastError } }

    /// Starts updates for pull mode: read ``deviceMotion`` when you need it. Does nothing if already active.
    public func startDeviceMotionUpdates() {
        start(referenceFrame: .xArbitraryZVertical) { _ in }
    }

    /// Starts pull-mode updates in `referenceFrame`.
    ///
    /// - Throws: ``MotionError/referenceFrameUnavailable(_:)`` for a frame not in ``availableAttitudeReferenceFrames()``.
    public func startDeviceMotionUpdates(using referenceFrame: AttitudeReferenceFrame) throws(MotionError) {
        try checkAvailable(referenceFrame)
        start(referenceFrame: referenceFrame) { _ in }
    }

    /// Starts push-mode updates: `handler` runs on `queue` for every estimate, in order on a serial queue, and once
    /// with `nil` and the error if the source fails. A second call replaces the handler.
    public func startDeviceMotionUpdates(to queue: DispatchQueue, withHandler handler: @escaping DeviceMotionHandler) {
        start(referenceFrame: .xArbitraryZVertical) { $0.handler = MotionHandlerTarget(queue: queue, handler: handler) }
    }

    /// Starts push-mode updates in `referenceFrame`; see ``startDeviceMotionUpdates(to:withHandler:)``.
    ///
    /// - Throws: ``MotionError/referenceFrameUnavailable(_:)`` for a frame not in ``availableAttitudeReferenceFrames()``.
    public func startDeviceMotionUpdates(
        using referenceFrame: AttitudeReferenceFrame, to queue: DispatchQueue, withHandler handler: @escaping DeviceMotionHandler
    ) throws(MotionError) {
        try checkAvailable(referenceFrame)
        start(referenceFrame: referenceFrame) { $0.handler = MotionHandlerTarget(queue: queue, handler: handler) }
    }

    /// The estimates from now on, as an asynchronous sequence; it finishes at ``stopDeviceMotionUpdates()`` or the
    /// end of a finite source and throws the source's failure.
    ///
    /// If this call starts the updates, ending the iteration (`break`, task cancellation) stops them again;
    /// otherwise it only unsubscribes. A consumer slower than the sensor loses the oldest estimates beyond
    /// `bufferingPolicy` (pass `.unbounded` to keep every estimate of a finite source).
    public func deviceMotionUpdates(
        using referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical,
        bufferingPolicy: AsyncThrowingStream<DeviceMotion, any Error>.Continuation.BufferingPolicy = .bufferingNewest(256)
    ) -> AsyncThrowingStream<DeviceMotion, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: DeviceMotion.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        do throws(MotionError) {
            try checkAvailable(referenceFrame)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        var id: UInt64 = 0
        let (session, started) = start(referenceFrame: referenceFrame) { id = $0.addSubscriber(continuation) }
        continuation.onTermination = { [weak self, id] _ in
            self?.unsubscribe(id, session: session, stopping: started)
        }
        return stream
    }

    /// Stops all updates: the handler is released, sequences finish, and the source is closed. ``deviceMotion``
    /// keeps the last estimate.
    public func stopDeviceMotionUpdates() {
        let subscribers = state.withLock { state in
            state.session &+= 1
            state.isActive = false
            state.handler = nil
            state.task?.cancel()
            return state.removeSubscribers()
        }
        for continuation in subscribers { continuation.finish() }
        logger.debug("device-motion updates stopped", metadata: ["source": "\(source.name)"])
    }

    /// Waits until the task reading the source has ended (the end of a finite source, a failure, or after a stop
    /// until the source is closed); returns at once if updates never started.
    public func waitUntilUpdatesEnd() async {
        await state.withLock { $0.task }?.value
    }

    /// Throws unless `referenceFrame` is one this manager can deliver.
    private func checkAvailable(_ referenceFrame: AttitudeReferenceFrame) throws(MotionError) {
        guard availableAttitudeReferenceFrames().isSuperset(of: referenceFrame), AttitudeReferenceFrame.all.contains(referenceFrame)
        else {
            throw .referenceFrameUnavailable(referenceFrame)
        }
    }

    /// Applies `configure` to the state and, unless updates are active, starts a new session reading the source.
    /// - Returns: The session now running and whether this call started it.
    @discardableResult
    private func start(
        referenceFrame: AttitudeReferenceFrame, configure: (inout MotionManagerState) -> Void
    ) -> (session: UInt64, started: Bool) {
        state.withLock { state in
            configure(&state)
            guard !state.isActive else { return (state.session, false) }
            state.session &+= 1
            state.isActive = true
            state.lastError = nil
            state.referenceFrame = referenceFrame
            let session = state.session
            let outputRate = 1 / state.updateInterval
            logger.info(
                "device-motion updates started",
                metadata: ["source": "\(source.name)", "rate": "\(outputRate)", "gyroscope": "\(source.hasGyroscope)"])
            var magnetic = magnetic
            magnetic.referenceFrame = referenceFrame
            state.task = Task(executorPreference: StreamExecution.preferredExecutor) { [weak self, source, parameters, magnetic, logger] in
                do {
                    try await MotionUpdateLoop.run(
                        source: source, outputRate: outputRate, parameters: parameters, magnetic: magnetic, logger: logger
                    ) {
                        self?.publish($0, session: session) ?? false
                    }
                    guard !Task.isCancelled else { return }
                    self?.end(session: session, error: nil)
                } catch {
                    self?.end(session: session, error: error)
                }
            }
            return (session, true)
        }
    }

    /// Hands `motions` to pull mode, the handler and the subscribers; `false` once the session is over.
    private func publish(_ motions: [DeviceMotion], session: UInt64) -> Bool {
        guard let last = motions.last else { return state.withLock { $0.session == session } }
        let targets = state.withLock { state -> (MotionHandlerTarget?, MotionManagerState.Subscribers)? in
            guard state.session == session else { return nil }
            state.latest = last
            return (state.handler, state.subscribers)
        }
        guard let (handler, subscribers) = targets else { return false }
        for continuation in subscribers {
            for motion in motions { continuation.yield(motion) }
        }
        handler?.deliver(motions)
        return true
    }

    /// Ends a session whose source ended (`error == nil`) or failed: ``lastError`` keeps the failure as a
    /// ``MotionError`` and so does the handler; the sequences finish with it as the source threw it.
    private func end(session: UInt64, error: (any Error)?) {
        let motionError = error.map { $0 as? MotionError ?? .sourceFailed(String(describing: $0)) }
        let ended = state.withLock { state -> (MotionHandlerTarget?, MotionManagerState.Subscribers)? in
            guard state.session == session else { return nil }
            state.session &+= 1
            state.isActive = false
            state.lastError = motionError
            defer { state.handler = nil }
            return (state.handler, state.removeSubscribers())
        }
        guard let (handler, subscribers) = ended else { return }
        if let error, let motionError {
            logger.info("device-motion updates failed", metadata: ["source": "\(source.name)", "error": "\(error)"])
            handler?.deliver(motionError)
            for continuation in subscribers { continuation.finish(throwing: error) }
        } else {
            logger.info("device-motion source ended", metadata: ["source": "\(source.name)"])
            for continuation in subscribers { continuation.finish() }
        }
    }

    /// Removes one subscriber; stops the updates if that subscriber started them and they still run.
    private func unsubscribe(_ id: UInt64, session: UInt64, stopping: Bool) {
        let stillRunning = state.withLock { state in
            state.removeSubscriber(id)
            return state.session == session
        }
        if stopping, stillRunning { stopDeviceMotionUpdates() }
    }
}

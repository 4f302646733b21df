import Logging
import MotionSamples
import SystemPackage

/// Streams one IIO device on the calling thread until stopped or failed: buffered capture when
/// the device has a usable buffer (its current or its own trigger, or a trigger-less kfifo) that no
/// other reader holds, polling of the `*_raw` attributes otherwise, where it has them.
struct DeviceReader {
    let device: IIODeviceInfo
    let uri: String
    let configuration: StreamConfiguration
    let logger: Logger

    /// Runs until `control` stops it, handing each batch of readings to `deliver`.
    /// Waits at `control`'s start gate for the other devices of the IMU once this one is set up.
    ///
    /// Buffered capture when the device has a buffer, a trigger (its current one, else its own, which
    /// is attached and detached again on exit), a device node, and nobody else holds the buffer; polling of
    /// `*_raw` otherwise, where the device has them. A device with neither is an error, never a poll of
    /// attributes that do not exist.
    func run(control: ReaderControl, deliver: ([SensorSample]) -> Void) throws(IIOSensorError) {
        var arrivedAtStart = false
        defer { if !arrivedAtStart { control.arriveAtStart(wait: false) } }
        let context = try openContext(uri: uri)
        guard let live = context.devices.first(where: { $0.id == device.id }) else {
            throw .deviceRemoved(device: "\(device.name) (\(device.id))")
        }
        // A buffer another reader streams is left as that reader set it, its rate included.
        let isHeldByAnother = device.isBufferCapable && !configuration.forcePolling && isBufferEnabled(live)
        let rate = isHeldByAnother ? rateInForce() : try applyRate(to: live)
        let plan = try plan(for: live, in: context, rate: rate, isHeldByAnother: isHeldByAnother)
        defer { if plan == .buffered(attachedTrigger: true) { detachTrigger(of: live) } }
        arrivedAtStart = true
        control.arriveAtStart(wait: true)
        guard case .buffered = plan else {
            return try poll(live, rate: rate, control: control, deliver: deliver)
        }
        do {
            try streamBuffered(live, context: context, rate: rate, control: control, deliver: deliver)
        } catch .bufferBusy(_, let holder) where device.isPollable {
            logPollingInstead(holder: holder, rate: rate)
            try poll(live, rate: rate, control: control, deliver: deliver)
        }
    }

    /// How this device will be read.
    private enum Plan: Equatable {
        /// Through its kernel buffer; `attachedTrigger` when this reader attached the trigger (and detaches it).
        case buffered(attachedTrigger: Bool)
        /// By polling `*_raw`.
        case polled
    }

    /// Chooses buffered capture or polling, and attaches the device's own trigger when a buffered
    /// capture needs it. Throws when neither works: a device without `*_raw` cannot be polled.
    private func plan(
        for live: LibIIODevice, in context: LibIIOContext, rate: Double, isHeldByAnother: Bool
    ) throws(IIOSensorError) -> Plan {
        let name = "\(device.name) (\(device.id))"
        if !device.isBufferCapable || configuration.forcePolling {
            guard device.isPollable else {
                throw .notPollable(
                    device: name,
                    reason: device.isBufferCapable
                        ? "it has no *_raw attributes to poll (--poll), only its kernel buffer; run without --poll"
                        : "it has neither *_raw attributes nor a kernel buffer")
            }
            logger.info("\(device.name): reading by polling the *_raw attributes at \(rate.formatted2) Hz")
            return .polled
        }
        if isHeldByAnother {
            // Someone else streams it (iio-sensor-proxy): disabling, resizing or re-triggering their
            // buffer would break them, and the kernel would refuse the node anyway (EBUSY).
            let holder = holder()
            guard device.isPollable else { throw .bufferBusy(device: name, holder: holder?.description) }
            logPollingInstead(holder: holder?.description, rate: rate)
            return .polled
        }
        if device.hasDeviceNode == false {
            // Opening the buffer would fail with ENOENT, which means "removed" only when sysfs agrees.
            let missing = "its device node \(device.devicePath) does not exist although it is in /sys/bus/iio/devices"
            let fix = "pass the node into the container (`--device \(device.devicePath)`) or mount devtmpfs on /dev"
            guard device.isPollable else {
                throw .notPollable(device: name, reason: "\(missing), and it has no *_raw attributes to poll: \(fix)")
            }
            logger.warning(
                "\(name): \(missing); polling the *_raw attributes instead, at most \(rate.formatted2) Hz, each reading timestamped when read; to use its buffer, \(fix)"
            )
            return .polled
        }
        switch prepareTrigger(for: live, in: context) {
        case .ready(let attached):
            return .buffered(attachedTrigger: attached)
        case .unavailable(let reason):
            guard device.isPollable else {
                throw .notPollable(device: name, reason: "\(reason), and it has no *_raw attributes to poll")
            }
            logger.info("\(device.name): \(reason); reading by polling the *_raw attributes at \(rate.formatted2) Hz")
            return .polled
        }
    }

    /// The rate polling paces itself to without touching the device: the requested one, else the current frequency.
    private func rateInForce() -> Double {
        configuration.rate ?? device.samplingFrequency?.current.flatMap { $0 > 0 ? $0 : nil } ?? 25
    }

    /// Whether the device's buffer is already enabled, by another reader (this one has not opened it yet).
    private func isBufferEnabled(_ live: LibIIODevice) -> Bool {
        guard case .success(let text) = live.readAttribute("buffer/enable") else { return false }
        return text.trimmingWhitespace == "1"
    }

    /// The process holding the device node, on a local context (a remote one's `/proc` is not ours).
    private func holder() -> BufferHolder? {
        isLocal ? BufferHolder.find(node: device.devicePath) : nil
    }

    /// Whether the device is this machine's (its sysfs, /dev and /proc can be checked), not a remote `iiod`'s.
    private var isLocal: Bool { uri.isEmpty || uri.hasPrefix("local") }

    /// The note that the buffer is taken and the device is polled instead, at a lower, irregular rate.
    private func logPollingInstead(holder: String?, rate: Double) {
        let user = holder.map { "in use by \($0)" } ?? "in use by another reader"
        logger.warning(
            "\(device.name) (\(device.id)): its kernel buffer is \(user) (EBUSY); polling the *_raw attributes instead, at most \(rate.formatted2) Hz: a lower, less regular rate than the buffer's, each reading timestamped when read"
        )
    }

    // MARK: Setup

    /// Sets every sampling-frequency control (bmi160 has one per sensor) to the smallest value it
    /// offers at or above the requested rate, or to a usable default when it is off (cros-ec reads 0),
    /// and returns the rate in force for the first (the accelerometer's on combined devices).
    private func applyRate(to live: LibIIODevice) throws(IIOSensorError) -> Double {
        var inForce: [Double] = []
        for control in device.samplingFrequencies {
            let current = control.current.flatMap { $0 > 0 ? $0 : nil }
            if configuration.rate == nil, let current {
                inForce.append(current)
                continue
            }
            let wanted = configuration.rate ?? 25
            let target = control.choice(forAtLeast: wanted)
            let value = target.compactDecimal
            let result: Result<Void, Errno>
            let readBack: Result<String, Errno>
            switch control.location {
            case .device:
                result = live.writeAttribute("sampling_frequency", value)
                readBack = live.readAttribute("sampling_frequency")
            case .channels(let type):
                guard let channel = live.channels.first(where: { $0.type == type }) else { continue }
                result = channel.writeAttribute("sampling_frequency", value)
                readBack = channel.readAttribute("sampling_frequency")
            }
            switch result {
            case .failure(.permissionDenied), .failure(.notPermitted):
                throw .permissionDenied(path: "/sys/bus/iio/devices/\(device.id)/\(control.attributeName)")
            case .failure(let error):
                logger.warning("\(device.name) rejected \(control.attributeName) = \(value): \(error)")
                inForce.append(current ?? target)
            case .success:
                inForce.append((try? readBack.get()).flatMap { Double($0.trimmingWhitespace) }.flatMap { $0 > 0 ? $0 : nil } ?? target)
            }
        }
        return inForce.first ?? configuration.rate ?? 25
    }

    /// Whether a buffered capture can run, and whether this reader attached the trigger for it.
    private enum TriggerSetup {
        /// Ready; `attached` when the device had no current trigger and got its own.
        case ready(attached: Bool)
        /// No trigger can drive the buffer, and why.
        case unavailable(String)
    }

    /// Makes sure a triggered device has a trigger: its current one, else its own trigger, named
    /// `<name>-dev<N>` (the kernel's hid-sensor-trigger, inv_mpu6050, bmi160; the name iio-sensor-proxy
    /// looks for) or `<name>-trigger` (st_sensors). A HID sensor hub has none current after boot.
    private func prepareTrigger(for live: LibIIODevice, in context: LibIIOContext) -> TriggerSetup {
        guard device.hasTriggerDirectory else { return .ready(attached: false) }
        if case .success(.some) = live.currentTrigger() { return .ready(attached: false) }
        let number = device.id.reversed().prefix(while: \.isNumber).reversed()
        let candidates = ["\(device.name)-dev\(String(number))", "\(device.name)-trigger"]
        guard let trigger = context.devices.first(where: { $0.isTrigger && candidates.contains($0.name ?? "") }) else {
            return .unavailable("no current trigger and no trigger of its own (\(candidates.joined(separator: " or ")))")
        }
        if case .failure(let error) = live.setTrigger(trigger) {
            return .unavailable("it rejected its trigger \(trigger.name ?? trigger.id): \(error)")
        }
        logger.info("\(device.name): attached its trigger \(trigger.name ?? trigger.id) (none was current; detached again on exit)")
        return .ready(attached: true)
    }

    /// Leaves the device as it was found: no current trigger. Runs after the buffer is closed (the
    /// kernel refuses a trigger change while a triggered buffer runs).
    private func detachTrigger(of live: LibIIODevice) {
        if case .failure(let error) = live.setTrigger(nil) {
            logger.warning("\(device.name): could not detach its trigger again: \(error)")
        }
    }

    // MARK: Buffered capture

    /// Seconds of scans the kernel holds for a reader that is late: libiio's default (four refills, 0.16 s at
    /// the default refill) drops scans whenever the process is not scheduled for longer, as on a loaded board.
    static let kernelBufferSeconds = 2.0
    /// The most scans asked of the kernel's buffer, so that a high rate cannot make it large.
    static let kernelBufferMaximumScans = 8192

    /// Refills the kernel keeps: enough for ``kernelBufferSeconds`` at `rate`, at least libiio's default of
    /// four, and at most ``kernelBufferMaximumScans`` scans in all.
    static func kernelRefills(samplesPerRefill: Int, rate: Double) -> Int {
        let wanted = Int((rate * kernelBufferSeconds / Double(samplesPerRefill)).rounded(.up))
        return max(4, min(wanted, kernelBufferMaximumScans / samplesPerRefill))
    }

    private func streamBuffered(
        _ live: LibIIODevice, context: LibIIOContext, rate: Double, control: ReaderControl,
        deliver: ([SensorSample]) -> Void
    ) throws(IIOSensorError) {
        let clockChoice = ScanClockChoice.choose(for: device) {
            if case .success = live.writeAttribute("current_timestamp_clock", "monotonic") { return true }
            return false
        }
        logger.info("\(device.name): \(clockChoice.description)")
        defer {
            if let original = clockChoice.restoring { _ = live.writeAttribute("current_timestamp_clock", original) }
        }
        let clock = TimestampClock(name: clockChoice.clockName)
        let decoder = try ScanDecoder(device: device, live: live)
        let samplesPerRefill = max(1, min(1024, Int((rate * configuration.bufferDuration).rounded())))
        let timeout = configuration.timeout ?? max(2, 4 * Double(samplesPerRefill) / rate)
        context.setTimeout(milliseconds: UInt32(timeout * 1000))
        var latency: HardwareFIFOLatency?
        switch HardwareFIFOLatency.apply(to: live, seconds: Double(samplesPerRefill) / rate) {
        case .success(let set):
            latency = set
            logger.info(
                "\(device.name): the hub holds scans up to \(set.written) s to send a refill's together (buffer/hwfifo_timeout, was \(set.original ?? "not a latency"))"
            )
        case .failure(let error):
            logger.debug("\(device.name): keeping the hub's report latency, buffer/hwfifo_timeout (\(error))")
        case nil: break
        }
        defer { latency?.restore(on: live) }
        let kernelRefills = Self.kernelRefills(samplesPerRefill: samplesPerRefill, rate: rate)
        if case .failure(let error) = live.setKernelBuffersCount(kernelRefills) {
            logger.debug("\(device.name): keeping libiio's kernel buffer count (\(error))")
        }
        let buffer: LibIIOBuffer
        switch live.createBuffer(samples: samplesPerRefill) {
        case .success(let created): buffer = created
        case .failure(.resourceBusy):
            throw .bufferBusy(device: "\(device.name) (\(device.id))", holder: holder()?.description)
        case .failure(let error): throw classify(error, operation: "opening the buffer of \(device.devicePath)", timeout: timeout)
        }
        guard buffer.step == decoder.layout.scanSize else {
            throw .malformedAttribute(
                attribute: "/sys/bus/iio/devices/\(device.id)/scan_elements",
                value: "scan of \(buffer.step) bytes", expected: "\(decoder.layout.scanSize) bytes from the channel types and indexes")
        }
        logger.info("\(device.name): buffered capture at \(rate.formatted2) Hz, \(samplesPerRefill) scans per refill")
        try control.whileRegistered(buffer) { () throws(IIOSensorError) in
            var batch: [SensorSample] = []
            while !control.isStopped {
                switch buffer.refill() {
                case .success:
                    batch.removeAll(keepingCapacity: true)
                    decoder.decode(buffer.scans, step: buffer.step, clockOffset: clock.offsetToMonotonic(), into: &batch)
                    deliver(batch)
                case .failure(let error):
                    if control.isStopped { return }
                    throw classify(error, operation: "reading \(device.devicePath)", timeout: timeout)
                }
            }
        }
    }

    // MARK: Polling

    private func poll(
        _ live: LibIIODevice, rate: Double, control: ReaderControl, deliver: ([SensorSample]) -> Void
    ) throws(IIOSensorError) {
        let vectors = ChannelType.vectors.compactMap { type -> PolledVector? in
            guard let kind = SensorKind(type), let converter = SampleConverter(device: device, type: type) else { return nil }
            let channels = Axis.allCases.compactMap { axis in live.channels.first { $0.type == type && $0.axis == axis } }
            return channels.count == 3 ? PolledVector(kind: kind, channels: channels, converter: converter) : nil
        }
        let period = Int64(1e9 / max(rate, 0.1))
        var deadline = TimestampClock.monotonicNanoseconds()
        while !control.isStopped {
            let timestamp = TimestampClock.monotonicSeconds()
            var batch: [SensorSample] = []
            for vector in vectors {
                var raw = [0.0, 0.0, 0.0]
                for (index, channel) in vector.channels.enumerated() {
                    switch channel.readAttribute("raw") {
                    case .success(let text):
                        guard let value = Double(text.trimmingWhitespace) else {
                            throw .malformedAttribute(
                                attribute: "/sys/bus/iio/devices/\(device.id)/in_\(channel.id)_raw", value: text, expected: "an integer")
                        }
                        raw[index] = value
                    case .failure(let error):
                        throw classify(error, operation: "reading in_\(channel.id)_raw", timeout: 0)
                    }
                }
                batch.append(
                    SensorSample(
                        sensor: vector.kind, timestamp: timestamp,
                        value: vector.converter.convert(x: raw[0], y: raw[1], z: raw[2])))
            }
            deliver(batch)
            deadline += period
            let now = TimestampClock.monotonicNanoseconds()
            if deadline < now { deadline = now }
            TimestampClock.sleep(untilMonotonic: deadline)
        }
    }

    // MARK: Errors

    /// Maps an errno from a read or open of this device to what it means for the user.
    private func classify(_ error: Errno, operation: String, timeout: Double) -> IIOSensorError {
        Self.classify(error, device: device, operation: operation, timeout: timeout) { grace in
            // Only a local context can check sysfs; a remote one cannot tell.
            guard isLocal else { return nil }
            return Self.staysPresent(id: device.id, grace: grace)
        }
    }

    /// Whether local device `id` is still in sysfs after `grace` seconds, checked every 50 ms (false as soon as it
    /// is gone). The kernel deletes an IIO device's sysfs directory before its reads fail (`iio_device_unregister`),
    /// but a bus driver's own removal (a HID hub's pending reports) can fail a read a moment earlier.
    static func staysPresent(id: String, grace: Double) -> Bool {
        let deadline = TimestampClock.monotonicNanoseconds() + Int64(grace * 1e9)
        while LibIIOContext.localDeviceExists(id: id) {
            let now = TimestampClock.monotonicNanoseconds()
            guard now < deadline else { return true }
            TimestampClock.sleep(untilMonotonic: min(deadline, now + 50_000_000))
        }
        return false
    }

    /// The errnos a read or open fails with once its device is unplugged (and with which a device that does not
    /// answer fails too).
    static let removalErrnos: Set<Errno> = [
        .noSuchAddressOrDevice, .noSuchFileOrDirectory, .ioError, .badFileDescriptor, .brokenPipe,
        .operationNotSupportedByDevice,
    ]

    /// Maps an errno to its meaning: EACCES/EPERM is a permission problem on the device node; ENODEV, EIO, ENOENT,
    /// EBADF, EPIPE and ENXIO mean the device went away, unless it stays present a second later (`presence(1)`): then
    /// it does not answer (an I2C sensor with a loose wire fails its reads with ENXIO or EIO and stays bound, and
    /// waiting for it to come back would find it at once, again and again); ETIMEDOUT is a device that stopped
    /// delivering, unless it is gone now (`presence(0)`). `presence` is nil where sysfs cannot be checked (a remote
    /// context): an errno of a removal then means one.
    static func classify(
        _ error: Errno, device: IIODeviceInfo, operation: String, timeout: Double, presence: (_ grace: Double) -> Bool?
    ) -> IIOSensorError {
        let name = "\(device.name) (\(device.id))"
        switch error {
        case .permissionDenied, .notPermitted:
            return .permissionDenied(path: device.devicePath)
        case let error where removalErrnos.contains(error):
            guard presence(1) == true else { return .deviceRemoved(device: name) }
            return .deviceNotResponding(device: name, operation: operation, errno: error.rawValue)
        case .timedOut:
            return presence(0) == false ? .deviceRemoved(device: name) : .refillTimeout(device: name, seconds: timeout)
        default:
            return .systemError(operation: operation, errno: error.rawValue)
        }
    }
}

/// A device's vector channels read by polling.
private struct PolledVector {
    let kind: SensorKind
    let channels: [LibIIOChannel]
    let converter: SampleConverter
}

extension Double {
    /// `104` or `12.5`, the way sysfs writes are best phrased.
    var compactDecimal: String {
        self == rounded() && abs(self) < 1e12 ? String(Int(self)) : String(self)
    }
}

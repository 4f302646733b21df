import Logging
import StreamExecution

#if canImport(Glibc)
import Glibc
#endif

/// Follows IMUs coming and going: a libudev monitor on the `iio` subsystem, and a fresh libiio
/// enumeration after each burst of events (a libiio context is a snapshot).
///
/// ```swift
/// for try await change in IMUMonitor().changes() {
///     print(change.kind, change.imu.name)
/// }
/// ```
public struct IMUMonitor: Sendable {
    /// The local libiio URI to re-enumerate (hotplug is only observable locally).
    public var uri: String
    /// How long the event stream must stay quiet before re-enumerating, so the two halves of a split
    /// device (accel and gyro appear one after the other) are seen as one IMU.
    public var settleTime: Double
    /// Where the monitor logs events.
    public var logger: Logger

    /// Creates a monitor.
    public init(uri: String = "local:", settleTime: Double = 0.25, logger: Logger = Logger(label: "imu-bridge.hotplug")) {
        self.uri = uri
        self.settleTime = settleTime
        self.logger = logger
    }

    /// The IMUs present now (an empty list when there is no IIO subsystem yet).
    public func currentIMUs() throws(IIOSensorError) -> [IMU] {
        do {
            return try IMUDiscovery(uri: uri, logger: logger).imus()
        } catch .noIIOSubsystem {
            return []
        }
    }

    /// Every addition and removal of an IMU from the moment this returns; cancelling the consumer
    /// stops the monitor.
    ///
    /// The monitor is listening and the current IMUs are enumerated before this returns, so no
    /// change made afterwards is missed. It listens to udev's events once udevd has applied its rules
    /// (so permissions are already set), or to the kernel's own events when no udevd runs
    /// (containers, initramfs). A monitor that cannot start ends the stream with its error.
    public func changes() -> AsyncThrowingStream<IMUChange, any Error> {
        do {
            return try presentIMUsAndChanges().changes
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// The IMUs present now and every addition and removal after that enumeration (``changes()``), from one scan
    /// of the devices: an IMU that appears while this returns is reported added, none is missed.
    public func presentIMUsAndChanges() throws(IIOSensorError) -> (
        present: [IMU], changes: AsyncThrowingStream<IMUChange, any Error>
    ) {
        let source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let udev = LibUdev(), let netlink = LibUdevMonitor(udev: udev, source: source, subsystem: "iio"),
            let wakeup = MonitorWakeup()
        else {
            throw IIOSensorError.systemError(operation: "opening a udev monitor", errno: errno)
        }
        let present = try currentIMUs()
        logger.debug("following iio uevents from \(source)")
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: IMUChange.self, throwing: (any Error).self)
        let handover = MonitorHandover(udev: udev, netlink: netlink)
        let monitor = self
        startDedicatedThread(named: "udev-monitor") {
            do throws(IIOSensorError) {
                try monitor.follow(handover.netlink, from: present, wakeup: wakeup) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in wakeup.signal() }
        return (present, stream)
    }

    /// Reads bursts of uevents until `wakeup` is signalled, delivering the IMU changes of each burst.
    private func follow(
        _ netlink: LibUdevMonitor, from initial: [IMU], wakeup: MonitorWakeup, deliver: (IMUChange) -> Void
    ) throws(IIOSensorError) {
        var known = initial
        while netlink.waitForEvent(seconds: nil, wakeup: wakeup) {
            var events: [String] = []
            var removed: Set<String> = []
            // Drain the burst: keep reading until the stream has been quiet for settleTime.
            repeat {
                while let event = netlink.receive() {
                    events.append("\(event.action) \(event.sysname)")
                    if event.action == "remove" { removed.insert(event.sysname) }
                }
            } while netlink.waitForEvent(seconds: settleTime, wakeup: wakeup)
            logger.debug("uevents: \(events.joined(separator: ", "))")
            let present = try currentIMUs()
            for change in Self.changes(from: known, to: present, removedDuringBurst: removed) { deliver(change) }
            known = present
        }
    }

    /// The additions and removals between two enumerations, an IMU being identified by its devices.
    ///
    /// The kernel reuses `iio:deviceN` ids, so an IMU with a device in `removedDuringBurst` (sysnames that had
    /// a `remove` uevent) was removed even when an identical one is present again: it is reported removed and,
    /// if back, added.
    static func changes(from old: [IMU], to new: [IMU], removedDuringBurst: Set<String> = []) -> [IMUChange] {
        func key(_ imu: IMU) -> [String] { imu.devices.map { "\($0.id) \($0.name)" } }
        func wasRemoved(_ imu: IMU) -> Bool { imu.devices.contains { removedDuringBurst.contains($0.id) } }
        let oldKeys = Set(old.filter { !wasRemoved($0) }.map(key))
        let newKeys = Set(new.filter { !wasRemoved($0) }.map(key))
        return old.filter { !newKeys.contains(key($0)) }.map { IMUChange(kind: .removed, imu: $0, present: new) }
            + new.filter { !oldKeys.contains(key($0)) }.map { IMUChange(kind: .added, imu: $0, present: new) }
    }
}

/// Hands the libudev objects to the monitor thread, which is their only user from then on.
private final class MonitorHandover: @unchecked Sendable {
    let udev: LibUdev
    let netlink: LibUdevMonitor

    init(udev: LibUdev, netlink: LibUdevMonitor) {
        self.udev = udev
        self.netlink = netlink
    }
}

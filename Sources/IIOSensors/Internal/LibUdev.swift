import CLibUdev

#if canImport(Glibc)
import Glibc
#endif

// The libudev boundary: every `udev_*` call of the package lives in this file, with the `poll` and `pipe`
// calls that wait on a monitor.

/// A libudev library context (`udev_new` / `udev_unref`).
final class LibUdev {
    let pointer: OpaquePointer

    /// Creates a context, or `nil` when libudev cannot start.
    init?() {
        guard let pointer = udev_new() else { return nil }
        self.pointer = pointer
    }

    deinit { udev_unref(pointer) }

    /// The device `sysname` of `subsystem` (`udev_device_new_from_subsystem_sysname`).
    func device(subsystem: String, sysname: String) -> LibUdevDevice? {
        udev_device_new_from_subsystem_sysname(pointer, subsystem, sysname).map(LibUdevDevice.init)
    }
}

/// A udev device record (`struct udev_device`), owning one reference.
final class LibUdevDevice {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }

    deinit { udev_device_unref(pointer) }

    /// The parent's sysfs path (`udev_device_get_parent`, borrowed from this device).
    var parentSyspath: String? {
        udev_device_get_parent(pointer).flatMap { udev_device_get_syspath($0) }.map { String(cString: $0) }
    }

    /// A udev property such as `ACCEL_MOUNT_MATRIX` from the hwdb (`udev_device_get_property_value`).
    func property(_ name: String) -> String? {
        udev_device_get_property_value(pointer, name).map { String(cString: $0) }
    }
}

/// A netlink monitor for device events of one subsystem (`udev_monitor_*`).
final class LibUdevMonitor {
    let pointer: OpaquePointer

    /// Opens a monitor on `source` (`udev` once udevd has processed the event, or `kernel`),
    /// filtered to `subsystem`, and starts receiving (`udev_monitor_enable_receiving`).
    init?(udev: LibUdev, source: String, subsystem: String) {
        guard let pointer = udev_monitor_new_from_netlink(udev.pointer, source) else { return nil }
        self.pointer = pointer
        guard udev_monitor_filter_add_match_subsystem_devtype(pointer, subsystem, nil) >= 0,
            udev_monitor_enable_receiving(pointer) >= 0
        else { return nil }
    }

    deinit { udev_monitor_unref(pointer) }

    /// The file descriptor to poll for events (`udev_monitor_get_fd`).
    var fileDescriptor: Int32 { udev_monitor_get_fd(pointer) }

    /// Waits until an event is pending (true), or `wakeup` is signalled or `seconds` pass (false);
    /// `seconds` nil waits without a time limit (`poll`).
    func waitForEvent(seconds: Double?, wakeup: MonitorWakeup) -> Bool {
        var entries = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = seconds.map { Int32($0 * 1000) } ?? -1
        var ready = poll(&entries, 2, timeout)
        // A signal handled on this thread is no reason to stop following (nor, for a short settle wait, to end it early).
        while ready < 0 && errno == EINTR { ready = poll(&entries, 2, timeout) }
        guard ready > 0 else { return false }
        return entries[1].revents == 0 && entries[0].revents & Int16(POLLIN) != 0
    }

    /// The next pending event, or `nil` when none is queued (`udev_monitor_receive_device`).
    func receive() -> (action: String, sysname: String)? {
        guard let device = udev_monitor_receive_device(pointer) else { return nil }
        defer { udev_device_unref(device) }
        let action = udev_device_get_action(device).map { String(cString: $0) } ?? "change"
        let sysname = udev_device_get_sysname(device).map { String(cString: $0) } ?? ""
        return (action, sysname)
    }
}

/// Wakes a thread blocked in `LibUdevMonitor.waitForEvent` for good, so it can stop (a pipe: the wait
/// polls its read end, `signal` writes to the other).
final class MonitorWakeup: Sendable {
    /// The read end, polled with the monitor's descriptor.
    let descriptor: Int32
    private let writeEnd: Int32

    /// Creates the pipe, or `nil` (with `errno` set) when the process is out of descriptors.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Makes every present and future wait return at once.
    func signal() {
        let byte: UInt8 = 1
        _ = withUnsafePointer(to: byte) { write(writeEnd, $0, 1) }
    }
}

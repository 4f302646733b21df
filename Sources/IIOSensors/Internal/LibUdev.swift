import CLibUdev

// The libudev boundary: every `udev_*` call of the package lives in this file.

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

    /// The next pending event, or `nil` when none is queued (`udev_monitor_receive_device`).
    func receive() -> (action: String, sysname: String)? {
        guard let device = udev_monitor_receive_device(pointer) else { return nil }
        defer { udev_device_unref(device) }
        let action = udev_device_get_action(device).map { String(cString: $0) } ?? "change"
        let sysname = udev_device_get_sysname(device).map { String(cString: $0) } ?? ""
        return (action, sysname)
    }
}

/// Which kernel clock a device's scan timestamps are in while it streams, and the
/// `current_timestamp_clock` setting to put back afterwards.
struct ScanClockChoice: Hashable {
    /// How the choice was made, for the log and for tests.
    enum Reason: Hashable {
        /// The timestamps were monotonic already.
        case alreadyMonotonic
        /// `current_timestamp_clock` was switched to `monotonic` for the stream.
        case switched
        /// The driver stamps scans on a fixed clock whatever the attribute says (`fixedTimestampClock`).
        case fixedByDriver
        /// The attribute could not be written (or does not exist): the device's clock is converted.
        case notWritable
    }

    /// The clock the scan timestamps are in, in `current_timestamp_clock` notation (`realtime`, `boottime`, ...).
    let clockName: String
    /// The original `current_timestamp_clock` to write back when streaming ends, if it was switched.
    let restoring: String?
    /// Why this clock.
    let reason: Reason

    /// Decides for `device`. `switchToMonotonic` writes `monotonic` to the attribute and returns
    /// whether that worked; it is only called when switching can help. A missing attribute means the
    /// kernel's default, `realtime`.
    static func choose(for device: IIODeviceInfo, switchToMonotonic: () -> Bool) -> ScanClockChoice {
        if let fixed = device.fixedTimestampClock {
            return ScanClockChoice(clockName: fixed, restoring: nil, reason: .fixedByDriver)
        }
        let current = device.timestampClock ?? "realtime"
        if current == "monotonic" {
            return ScanClockChoice(clockName: current, restoring: nil, reason: .alreadyMonotonic)
        }
        if device.timestampClock != nil, switchToMonotonic() {
            return ScanClockChoice(clockName: "monotonic", restoring: current, reason: .switched)
        }
        return ScanClockChoice(clockName: current, restoring: nil, reason: .notWritable)
    }

    /// One line for the log.
    var description: String {
        switch reason {
        case .alreadyMonotonic: "scan timestamps are monotonic"
        case .switched: "current_timestamp_clock switched from \(restoring ?? "?") to monotonic for the stream"
        case .fixedByDriver: "scan timestamps are \(clockName) whatever current_timestamp_clock says (driver); converting to monotonic"
        case .notWritable: "current_timestamp_clock \(clockName) cannot be switched; converting to monotonic"
        }
    }
}

extension IIODeviceInfo {
    /// The clock this driver stamps buffered scans with regardless of `current_timestamp_clock`, or
    /// `nil` when the attribute is obeyed.
    ///
    /// cros-ec accelerometers and gyroscopes fed by the EC sensor hub's FIFO (a kfifo: no `trigger/`
    /// directory) get their timestamps from the hub, which takes them with `cros_ec_get_time_ns()`,
    /// that is `ktime_get_boottime_ns()` (`drivers/platform/chrome/cros_ec_sensorhub_ring.c`). The
    /// driver sets the attribute to `boottime` at probe, but writing another clock changes nothing.
    /// Without the EC FIFO the same drivers use a triggered buffer stamped by `iio_get_time_ns()`,
    /// which follows the attribute, as does `cros-ec-accel-legacy`.
    var fixedTimestampClock: String? {
        ["cros-ec-accel", "cros-ec-gyro"].contains(name) && isBufferCapable && !hasTriggerDirectory ? "boottime" : nil
    }
}

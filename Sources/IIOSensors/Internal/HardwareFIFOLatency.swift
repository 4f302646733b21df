import SystemPackage

/// A sensor hub's report latency (`buffer/hwfifo_timeout`, sysfs-bus-iio: how long scans may wait in the hardware FIFO
/// before the hub sends them), set for a buffered stream to the time one refill takes, and put back when it ends.
///
/// The Chromebook EC (`drivers/iio/common/cros_ec_sensors/cros_ec_sensors_core.c`) and HID sensor hubs with batch
/// mode (HUTRR59's report latency; `drivers/iio/common/hid-sensors/hid-sensor-trigger.c`) send every scan at once
/// while the latency is 0, their default: an interrupt per scan, although the reader wakes only once a refill is in
/// (`buffer/watermark`). With the refill's duration the hub sends a refill's scans together. Drivers whose FIFO
/// follows `buffer/watermark` itself (st_lsm6dsx, bmc150-accel: `hwfifo_set_watermark`) have no such attribute.
struct HardwareFIFOLatency {
    /// The buffer attribute.
    static let attribute = "hwfifo_timeout"
    /// The seconds the attribute holds: both drivers parse it into an `int` of milliseconds (the EC then keeps at
    /// most 65.535 s) and print it back as `%d.%06u`.
    static let range: ClosedRange<Double> = 0...2_147_483.647

    /// The latency written, as the attribute holds it.
    let written: String
    /// The latency found before, to put back; nil when it was not a latency in ``range``.
    let original: String?

    /// Sets `device`'s latency to `seconds` (within ``range``, to the millisecond) when its buffer has the attribute;
    /// nil when it has not. A failed write leaves the hub's own latency (the stream works as before, with more
    /// interrupts).
    static func apply(to device: LibIIODevice, seconds: Double) -> Result<HardwareFIFOLatency, Errno>? {
        guard device.hasBufferAttribute(attribute) else { return nil }
        let original = try? device.readBufferAttribute(attribute).get()
        let written = text(seconds: seconds)
        return device.writeBufferAttribute(attribute, written).map {
            HardwareFIFOLatency(written: written, original: original.flatMap { self.seconds(in: $0) != nil ? $0 : nil })
        }
    }

    /// Writes the latency found back to `device`, if there was one to keep.
    func restore(on device: LibIIODevice) {
        guard let original else { return }
        _ = device.writeBufferAttribute(Self.attribute, original)
    }

    /// `seconds` within ``range`` to the millisecond, with six decimals as the kernel prints it (`0.500000`).
    static func text(seconds: Double) -> String {
        let milliseconds = Int((min(max(seconds.isNaN ? 0 : seconds, range.lowerBound), range.upperBound) * 1000).rounded())
        let fraction = String(milliseconds % 1000 * 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// The seconds an attribute's `text` holds, or nil when it is not a number in ``range``.
    static func seconds(in text: String) -> Double? {
        guard let value = Double(text), range.contains(value) else { return nil }
        return value
    }
}

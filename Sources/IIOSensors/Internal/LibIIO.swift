import CLibIIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

// The libiio boundary: every `iio_*` call of the package lives in this file, the way
// swift-system funnels syscalls through one layer. Types here are thin, non-Sendable views of
// libiio objects that are only valid while their `LibIIOContext` is alive and only used on the
// thread that created the context. Everything above this file speaks Swift value types.

/// libiio's functions (``LibIIOLibrary``), loaded by every context's creation before anything here calls them.
private var libiio: IMBLibIIO { LibIIOLibrary.functions.pointee }

/// An open libiio context (`iio_create_context_from_uri` / `iio_context_destroy`).
final class LibIIOContext {
    let pointer: OpaquePointer
    /// The URI the context was created from.
    let uri: String

    /// Creates a context; throws the errno libiio left behind.
    init(uri: String) throws(Errno) {
        try Self.loadLibrary()
        let (created, error) = LibIIOMessageFilter.run(dropping: LibIIOMessageFilter.isVanishedFileError) {
            () -> (OpaquePointer?, Int32) in
            errno = 0
            return (libiio.create_context_from_uri(uri), errno)
        }
        guard let pointer = created else {
            throw Errno(rawValue: error == 0 ? ENXIO : error)
        }
        self.pointer = pointer
        self.uri = uri
    }

    /// Creates a metadata-only context from libiio's XML description (`iio_create_xml_context_mem`):
    /// real channels with real formats, no attributes or buffers. Used to test decoding.
    init(xml: String) throws(Errno) {
        try Self.loadLibrary()
        errno = 0
        let created = xml.withCString { libiio.create_xml_context_mem($0, strlen($0)) }
        guard let created else { throw Errno(rawValue: errno == 0 ? EINVAL : errno) }
        self.pointer = created
        self.uri = "xml:"
    }

    deinit { libiio.context_destroy(pointer) }

    /// Loads libiio if no context has; `ELIBACC` when it cannot be (``openContext(uri:)`` loads it first, to say why).
    private static func loadLibrary() throws(Errno) {
        do {
            try LibIIOLibrary.load()
        } catch {
            throw Errno(rawValue: ELIBACC)
        }
    }

    /// Whether the local backend's sysfs directory of device `id` still exists (`access(2)`): a
    /// refill that timed out on a device that is gone means it was removed.
    static func localDeviceExists(id: String) -> Bool {
        access("/sys/bus/iio/devices/\(id)", F_OK) == 0
    }

    /// Whether the device node of local device `id` is missing (`access(2)` fails with ENOENT) while its sysfs
    /// directory exists: a container given /sys but not the node, or a /dev that is not devtmpfs.
    static func localDeviceNodeIsMissing(id: String) -> Bool {
        guard access("/dev/\(id)", F_OK) != 0, errno == ENOENT else { return false }
        return localDeviceExists(id: id)
    }

    /// Whether this is a local (sysfs) context rather than a remote `iiod` one.
    var isLocal: Bool { libiio.context_get_name(pointer).map { String(cString: $0) } == "local" }

    /// Sets the I/O timeout in milliseconds (`iio_context_set_timeout`); 0 waits forever.
    func setTimeout(milliseconds: UInt32) {
        _ = libiio.context_set_timeout(pointer, milliseconds)
    }

    /// All devices and triggers of the context (`iio_context_get_device`).
    var devices: [LibIIODevice] {
        (0..<libiio.context_get_devices_count(pointer)).compactMap { index in
            libiio.context_get_device(pointer, index).map(LibIIODevice.init)
        }
    }
}

/// A device of a context (`struct iio_device`).
struct LibIIODevice {
    let pointer: OpaquePointer

    /// The kernel id, e.g. `iio:device0` or `trigger1` (`iio_device_get_id`).
    var id: String { libiio.device_get_id(pointer).map { String(cString: $0) } ?? "" }
    /// The driver-given name, e.g. `mpu6050` (`iio_device_get_name`).
    var name: String? { libiio.device_get_name(pointer).map { String(cString: $0) } }
    /// The `label` attribute, e.g. `accel-display` (`iio_device_get_label`).
    var label: String? { libiio.device_get_label(pointer).map { String(cString: $0) } }
    /// Whether the device is a trigger (`iio_device_is_trigger`).
    var isTrigger: Bool { libiio.device_is_trigger(pointer) }

    /// The device's channels (`iio_device_get_channel`).
    var channels: [LibIIOChannel] {
        (0..<libiio.device_get_channels_count(pointer)).compactMap { index in
            libiio.device_get_channel(pointer, index).map(LibIIOChannel.init)
        }
    }

    /// Names of the device attributes (`iio_device_get_attr`).
    var attributeNames: [String] {
        (0..<libiio.device_get_attrs_count(pointer)).compactMap { index in
            libiio.device_get_attr(pointer, index).map { String(cString: $0) }
        }
    }

    /// Reads a device attribute (`iio_device_attr_read`), without its trailing newline.
    func readAttribute(_ name: String) -> Result<String, Errno> {
        readString { buffer, length in libiio.device_attr_read(pointer, name, buffer, length) }
    }

    /// Writes a device attribute (`iio_device_attr_write`).
    func writeAttribute(_ name: String, _ value: String) -> Result<Void, Errno> {
        let written = libiio.device_attr_write(pointer, name, value)
        return written < 0 ? .failure(Errno(rawValue: Int32(-written))) : .success(())
    }

    /// Whether the device's buffer has the attribute `name` (`iio_device_find_buffer_attr`: a file in `buffer/`
    /// other than `length`, `enable` and `watermark`, which libiio handles itself).
    func hasBufferAttribute(_ name: String) -> Bool {
        libiio.device_find_buffer_attr(pointer, name) != nil
    }

    /// Reads a buffer attribute (`iio_device_buffer_attr_read`), without its trailing newline.
    func readBufferAttribute(_ name: String) -> Result<String, Errno> {
        readString { buffer, length in libiio.device_buffer_attr_read(pointer, name, buffer, length) }
    }

    /// Writes a buffer attribute (`iio_device_buffer_attr_write`).
    func writeBufferAttribute(_ name: String, _ value: String) -> Result<Void, Errno> {
        let written = libiio.device_buffer_attr_write(pointer, name, value)
        return written < 0 ? .failure(Errno(rawValue: Int32(-written))) : .success(())
    }

    /// The trigger currently attached (`iio_device_get_trigger`): `nil` when none is set, ENOENT
    /// when the device has no `trigger/` directory at all (kfifo drivers).
    func currentTrigger() -> Result<LibIIODevice?, Errno> {
        var trigger: OpaquePointer?
        let status = libiio.device_get_trigger(pointer, &trigger)
        if status < 0 { return .failure(Errno(rawValue: -status)) }
        return .success(trigger.map(LibIIODevice.init))
    }

    /// Attaches a trigger (`iio_device_set_trigger`), or detaches the current one with `nil` (libiio
    /// writes an empty name, which the kernel reads as "no trigger"); the driver may reject it.
    func setTrigger(_ trigger: LibIIODevice?) -> Result<Void, Errno> {
        let status = libiio.device_set_trigger(pointer, trigger?.pointer)
        return status < 0 ? .failure(Errno(rawValue: -status)) : .success(())
    }

    /// Sets how many refills the kernel keeps (`iio_device_set_kernel_buffers_count`, before the buffer is
    /// created): libiio's blocks with the high-speed interface, else a kfifo of `count` times the refill size.
    func setKernelBuffersCount(_ count: Int) -> Result<Void, Errno> {
        let status = libiio.device_set_kernel_buffers_count(pointer, UInt32(clamping: count))
        return status < 0 ? .failure(Errno(rawValue: -status)) : .success(())
    }

    /// Opens a kernel buffer of `samples` scans (`iio_device_create_buffer`).
    func createBuffer(samples: Int) -> Result<LibIIOBuffer, Errno> {
        let (created, error) = LibIIOMessageFilter.run(dropping: LibIIOMessageFilter.isLowSpeedWarning) { () -> (OpaquePointer?, Int32) in
            errno = 0
            return (libiio.device_create_buffer(pointer, samples, false), errno)
        }
        guard let buffer = created else {
            return .failure(Errno(rawValue: error == 0 ? EIO : error))
        }
        return .success(LibIIOBuffer(pointer: buffer))
    }
}

/// A channel of a device (`struct iio_channel`).
struct LibIIOChannel {
    let pointer: OpaquePointer

    /// The channel id, e.g. `accel_x` (`iio_channel_get_id`).
    var id: String { libiio.channel_get_id(pointer).map { String(cString: $0) } ?? "" }
    /// Whether the channel is an output (`iio_channel_is_output`).
    var isOutput: Bool { libiio.channel_is_output(pointer) }
    /// Whether the channel takes part in buffered scans (`iio_channel_is_scan_element`).
    var isScanElement: Bool { libiio.channel_is_scan_element(pointer) }
    /// The scan index (`iio_channel_get_index`), or -1.
    var scanIndex: Int { libiio.channel_get_index(pointer) }

    /// The channel type as libiio classifies it (`iio_channel_get_type`).
    var type: ChannelType {
        switch libiio.channel_get_type(pointer) {
        case IIO_ACCEL: .acceleration
        case IIO_ANGL_VEL: .angularVelocity
        case IIO_MAGN: .magneticField
        case IIO_TIMESTAMP: .timestamp
        case IIO_TEMP: .temperature
        case IIO_PRESSURE: .pressure
        default: .other
        }
    }

    /// The axis modifier (`iio_channel_get_modifier`).
    var axis: Axis? {
        switch libiio.channel_get_modifier(pointer) {
        case IIO_MOD_X: .x
        case IIO_MOD_Y: .y
        case IIO_MOD_Z: .z
        default: nil
        }
    }

    /// The scan element format (`iio_channel_get_data_format`), for scan elements only.
    var format: ScanFormat? {
        guard isScanElement, let format = libiio.channel_get_data_format(pointer)?.pointee else { return nil }
        return ScanFormat(
            isBigEndian: format.is_be, isSigned: format.is_signed, bits: Int(format.bits),
            storageBits: Int(format.length), shift: Int(format.shift), repeat: Int(format.repeat))
    }

    /// Names of the channel attributes, including shared ones like `scale` (`iio_channel_get_attr`).
    var attributeNames: [String] {
        (0..<libiio.channel_get_attrs_count(pointer)).compactMap { index in
            libiio.channel_get_attr(pointer, index).map { String(cString: $0) }
        }
    }

    /// The sysfs file behind a channel attribute (`iio_channel_attr_get_filename`).
    func attributeFilename(_ name: String) -> String? {
        libiio.channel_attr_get_filename(pointer, name).map { String(cString: $0) }
    }

    /// Reads a channel attribute (`iio_channel_attr_read`), without its trailing newline.
    func readAttribute(_ name: String) -> Result<String, Errno> {
        readString { buffer, length in libiio.channel_attr_read(pointer, name, buffer, length) }
    }

    /// Writes a channel attribute (`iio_channel_attr_write`); shared attributes write the shared file.
    func writeAttribute(_ name: String, _ value: String) -> Result<Void, Errno> {
        let written = libiio.channel_attr_write(pointer, name, value)
        return written < 0 ? .failure(Errno(rawValue: Int32(-written))) : .success(())
    }

    /// Includes the channel in buffered scans (`iio_channel_enable`).
    func enable() { libiio.channel_enable(pointer) }
}

/// An open kernel buffer (`struct iio_buffer`). Destroying it disables the device's buffer.
final class LibIIOBuffer {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }

    deinit {
        let buffer = pointer
        LibIIOMessageFilter.run(dropping: LibIIOMessageFilter.isRemovedDeviceDisableError) { libiio.buffer_destroy(buffer) }
    }

    /// Blocks until the buffer is full (`iio_buffer_refill`); returns the bytes read.
    func refill() -> Result<Int, Errno> {
        let count = libiio.buffer_refill(pointer)
        return count < 0 ? .failure(Errno(rawValue: Int32(-count))) : .success(count)
    }

    /// Wakes a blocked `refill` from another thread (`iio_buffer_cancel`).
    func cancel() { libiio.buffer_cancel(pointer) }

    /// Bytes between consecutive scans (`iio_buffer_step`).
    var step: Int { libiio.buffer_step(pointer) }

    /// The scans read by the last refill (`iio_buffer_start` ..< `iio_buffer_end`).
    var scans: UnsafeRawBufferPointer {
        guard let start = libiio.buffer_start(pointer), let end = libiio.buffer_end(pointer) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: UnsafeRawPointer(end) - UnsafeRawPointer(start))
    }
}

/// Reads an attribute through `read` into a stack-sized buffer and trims sysfs' trailing newline.
private func readString(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int) -> Result<String, Errno> {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count) }
    if count < 0 { return .failure(Errno(rawValue: Int32(-count))) }
    let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
    var text = String(decoding: bytes, as: UTF8.self)
    while let last = text.last, last == "\n" || last == " " { text.removeLast() }
    return .success(text)
}

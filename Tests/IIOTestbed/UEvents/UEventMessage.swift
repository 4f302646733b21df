/// A uevent in the format libudev monitors receive from udevd (`"libudev\0"` header, magic `0xfeedcafe`).
///
/// Header, in systemd's `struct monitor_netlink_header`: 8-byte prefix, big-endian magic, host-endian header
/// size, properties offset and length, then big-endian MurmurHash2 of subsystem and devtype and two zero
/// tag-bloom words; the properties follow as `KEY=value\0` strings.
struct UEventMessage: Sendable, Equatable {
    /// `KEY=value` pairs in order; `ACTION`, `DEVPATH`, `SUBSYSTEM` and `SEQNUM` first.
    var properties: [SysfsDevice.Property]

    /// The uevent for `action` on `device`, numbered `sequenceNumber`.
    init(action: String, device: SysfsDevice, sequenceNumber: Int) {
        let leading: [SysfsDevice.Property] = [
            .init(key: "ACTION", value: action),
            .init(key: "DEVPATH", value: device.devpath),
            .init(key: "SUBSYSTEM", value: device.subsystem ?? ""),
            .init(key: "SEQNUM", value: "\(sequenceNumber)"),
        ]
        properties = leading + device.properties.filter { $0.key != "SUBSYSTEM" }
    }

    /// The value of `key`, if present.
    func value(of key: String) -> String? {
        properties.first { $0.key == key }?.value
    }

    /// The datagram bytes.
    var bytes: [UInt8] {
        let body: [UInt8] = properties.flatMap { property -> [UInt8] in Array("\(property.key)=\(property.value)".utf8) + [0] }
        let headerSize: UInt32 = 40
        var message = Array("libudev".utf8) + [0]
        func appendBigEndian(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { message += $0 } }
        func appendHostEndian(_ value: UInt32) { withUnsafeBytes(of: value) { message += $0 } }
        appendBigEndian(0xfeed_cafe)
        appendHostEndian(headerSize)
        appendHostEndian(headerSize)
        appendHostEndian(UInt32(body.count))
        appendBigEndian(MurmurHash2.hash(value(of: "SUBSYSTEM") ?? ""))
        appendBigEndian(value(of: "DEVTYPE").map(MurmurHash2.hash) ?? 0)
        appendBigEndian(0)
        appendBigEndian(0)
        return message + body
    }
}

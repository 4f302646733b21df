/// One sysfs device of a fixture: its path under `/sys`, its udev properties and its attribute files.
public struct SysfsDevice: Sendable, Equatable {
    /// The kernel device path without the `/sys` prefix, e.g. `/devices/platform/soc/.../iio:device0`.
    public var devpath: String
    /// The udev properties (`E:` lines) in file order, e.g. `SUBSYSTEM=iio`, `DEVNAME=iio:device0`.
    public var properties: [Property]
    /// The attribute files (`A:` lines) in file order; paths are relative to the device directory.
    public var attributes: [Attribute]

    /// A `KEY=value` udev property.
    public struct Property: Sendable, Equatable {
        /// The property name, e.g. `DEVTYPE`.
        public var key: String
        /// The property value, e.g. `iio_device`.
        public var value: String

        /// Creates a property.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// An attribute file and its exact contents (sysfs values end in a newline).
    public struct Attribute: Sendable, Equatable {
        /// The path relative to the device directory, e.g. `scan_elements/in_accel_x_type`.
        public var path: String
        /// The file contents, e.g. `be:s16/16>>0\n`.
        public var contents: String

        /// Creates an attribute.
        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    /// Creates a device description.
    public init(devpath: String, properties: [Property], attributes: [Attribute]) {
        self.devpath = devpath
        self.properties = properties
        self.attributes = attributes
    }

    /// The last path component, e.g. `iio:device0` or `trigger0`.
    public var sysname: String {
        devpath.split(separator: "/").last.map(String.init) ?? devpath
    }

    /// The value of the udev property `key`, if the fixture sets it.
    public func property(_ key: String) -> String? {
        properties.first { $0.key == key }?.value
    }

    /// The contents of the attribute file at `path` with the trailing newline removed, if the fixture has it.
    public func attribute(_ path: String) -> String? {
        attributes.first { $0.path == path }.map { String($0.contents.trimmingSuffix("\n")) }
    }

    /// The udev subsystem (`E: SUBSYSTEM=`), e.g. `iio`, `i2c`, `platform`.
    public var subsystem: String? { property("SUBSYSTEM") }

    /// The character device number `MAJOR:MINOR`, when the device has a node.
    public var deviceNumber: String? {
        guard let major = property("MAJOR"), let minor = property("MINOR") else { return nil }
        return "\(major):\(minor)"
    }

    /// The node name under `/dev` (`E: DEVNAME=`), e.g. `iio:device0`.
    public var nodeName: String? {
        property("DEVNAME").map { $0.hasPrefix("/dev/") ? String($0.dropFirst(5)) : $0 }
    }

    /// The text of the device's `uevent` file: every property except `SUBSYSTEM`, one `KEY=value` a line.
    public var ueventFileContents: String {
        properties.filter { $0.key != "SUBSYSTEM" }.map { "\($0.key)=\($0.value)\n" }.joined()
    }
}

extension String {
    /// The string without one trailing occurrence of `suffix`.
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}

import Foundation

extension Testbed {
    /// Installs the fixture file `Fixtures/sysfs/<name>.umockdev`.
    @discardableResult
    public func install(fixtureNamed name: String) throws(TestbedError) -> InstalledFixture {
        try install(SysfsFixture(named: name))
    }

    /// Builds every device of `fixture` in the tree and announces each with an "add" uevent.
    ///
    /// Per device: attribute files, `uevent`, `dev`, the `subsystem` link, `sys/dev/char/MAJ:MIN`, the FIFO
    /// node `dev/<node>` and `dev/.node/<node>`. The `sys/bus/<subsystem>/devices/<sysname>` links come last,
    /// so a concurrent enumeration never sees a half-built device. Parents (e.g. an i2c client) shared by
    /// two fixtures are only created once.
    @discardableResult
    public func install(_ fixture: SysfsFixture) throws(TestbedError) -> InstalledFixture {
        for device in fixture.devices where device.subsystem == "iio" && isPresent(device.sysname) {
            throw .deviceAlreadyInstalled(device.sysname)
        }
        let newDevices = fixture.devices.filter { !isPresent($0.sysname) }
        for device in newDevices {
            try buildDirectory(of: device)
        }
        for device in newDevices {
            try linkIntoBus(device)
            mark(device, present: true)
            sendUEvent(action: "add", for: device)
        }
        let iio = fixture.devices.filter { $0.subsystem == "iio" }
        return InstalledFixture(name: fixture.name, devices: iio.map(installedDevice))
    }

    /// Unplugs `sysname` the way the kernel does: the bus link and the node disappear, then the "remove"
    /// uevent is sent while the directory still exists, then the directory goes.
    public func remove(device sysname: String) throws(TestbedError) {
        let device = try record(of: sysname)
        guard isPresent(sysname) else { return }
        try FileTree.remove(busLink(of: device))
        if let node = device.nodeName {
            try FileTree.remove(root.appendingPathComponent("dev/\(node)"))
            try FileTree.remove(root.appendingPathComponent("dev/.node/\(node)"))
        }
        if let number = device.deviceNumber {
            try FileTree.remove(root.appendingPathComponent("sys/dev/char/\(number)"))
        }
        sendUEvent(action: "remove", for: device)
        try FileTree.remove(directory(of: device))
        mark(device, present: false)
    }

    /// Deletes the device node of `sysname` and leaves the device in sysfs, as a container sees a sensor whose
    /// /sys it was given but not its `/dev/iio:deviceN`.
    public func removeNode(of sysname: String) throws(TestbedError) {
        guard let node = try record(of: sysname).nodeName else { return }
        try FileTree.remove(root.appendingPathComponent("dev/\(node)"))
        try FileTree.remove(root.appendingPathComponent("dev/.node/\(node)"))
    }

    /// Plugs a removed device back in from its fixture description, then sends "add".
    @discardableResult
    public func reinstall(device sysname: String) throws(TestbedError) -> InstalledDevice {
        let device = try record(of: sysname)
        guard !isPresent(sysname) else { throw .deviceAlreadyInstalled(sysname) }
        try buildDirectory(of: device)
        try linkIntoBus(device)
        mark(device, present: true)
        sendUEvent(action: "add", for: device)
        return installedDevice(device)
    }

    /// The sysfs directory of an installed device inside the tree (for direct file access by the test).
    public func sysfsDirectory(of sysname: String) throws(TestbedError) -> URL {
        try directory(of: record(of: sysname))
    }

    /// The attribute `path` of `sysname` (e.g. `buffer/enable`), with `\0` and newlines stripped as libiio
    /// writes `value\0` and the kernel `value\n`; `nil` if the file does not exist.
    public func attribute(_ path: String, of sysname: String) throws(TestbedError) -> String? {
        FileTree.readValue(try sysfsDirectory(of: sysname).appendingPathComponent(path))
    }

    /// Sets the attribute `path` of `sysname` to `value` followed by a newline, as sysfs shows values.
    public func setAttribute(_ path: String, of sysname: String, to value: String) throws(TestbedError) {
        try FileTree.write("\(value)\n", to: sysfsDirectory(of: sysname).appendingPathComponent(path))
    }

    /// The FIFO that shadows `/dev/<node>` of `sysname`.
    func nodeURL(of sysname: String) throws(TestbedError) -> URL {
        let device = try record(of: sysname)
        guard let node = device.nodeName else {
            throw .fileSystem(path: device.devpath, reason: "\(sysname) has no device node (no E: DEVNAME= line)")
        }
        return root.appendingPathComponent("dev/\(node)")
    }

    // MARK: - Building blocks

    private func directory(of device: SysfsDevice) -> URL {
        root.appendingPathComponent("sys").appendingPathComponent(String(device.devpath.dropFirst()))
    }

    private func busLink(of device: SysfsDevice) -> URL {
        root.appendingPathComponent("sys/bus/\(device.subsystem ?? "")/devices/\(device.sysname)")
    }

    private func buildDirectory(of device: SysfsDevice) throws(TestbedError) {
        let directory = directory(of: device)
        let subsystem = device.subsystem ?? ""
        try FileTree.makeDirectory(root.appendingPathComponent("sys/bus/\(subsystem)/devices"))
        for attribute in device.attributes {
            try FileTree.write(attribute.contents, to: directory.appendingPathComponent(attribute.path))
        }
        try FileTree.write(device.ueventFileContents, to: directory.appendingPathComponent("uevent"))
        try FileTree.symlink(
            directory.appendingPathComponent("subsystem"),
            to: "\(FileTree.upToSys(from: device.devpath))bus/\(subsystem)")
        guard let number = device.deviceNumber else { return }
        try FileTree.write("\(number)\n", to: directory.appendingPathComponent("dev"))
        try FileTree.symlink(
            root.appendingPathComponent("sys/dev/char/\(number)"), to: "../..\(device.devpath)")
        if let node = device.nodeName {
            try FileTree.makeFIFO(root.appendingPathComponent("dev/\(node)"))
            try FileTree.symlink(root.appendingPathComponent("dev/.node/\(node)"), to: number)
        }
    }

    private func linkIntoBus(_ device: SysfsDevice) throws(TestbedError) {
        try FileTree.symlink(busLink(of: device), to: "../../..\(device.devpath)")
    }

    private func installedDevice(_ device: SysfsDevice) -> InstalledDevice {
        InstalledDevice(
            sysname: device.sysname,
            name: device.attribute("name") ?? "",
            label: device.attribute("label"),
            syspath: "/sys\(device.devpath)",
            devnode: device.nodeName.map { "/dev/\($0)" },
            isTrigger: device.sysname.hasPrefix("trigger"))
    }
}

import Foundation

extension Testbed {
    /// Lets every user traverse and read the tree, as on a real system where sysfs is world-readable
    /// but only root (or the udev rule's group) may write attributes and open device nodes. Used to
    /// run a product as an unprivileged user against this testbed.
    public func makeReadableByEveryone() throws(TestbedError) {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw .fileSystem(path: root.path, reason: "cannot list the tree")
        }
        var directories = [root]
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            directories.append(url)
        }
        for directory in directories where chmod(directory.path, 0o755) != 0 {
            throw .fileSystem(path: directory.path, reason: "chmod failed: \(String(cString: strerror(errno)))")
        }
    }
}

extension Testbed {
    /// Sets the permission bits of the attribute file `path` of `sysname` (e.g. `0o000` for a value
    /// only root can read, as a driver's `0200` write-only or a locked-down attribute).
    public func setMode(_ mode: mode_t, ofAttribute path: String, of sysname: String) throws(TestbedError) {
        try changeMode(of: sysfsDirectory(of: sysname).appendingPathComponent(path), to: mode)
    }

    /// Sets the permission bits of the FIFO that shadows `/dev/<node>` of `sysname`.
    public func setNodeMode(_ mode: mode_t, of sysname: String) throws(TestbedError) {
        try changeMode(of: nodeURL(of: sysname), to: mode)
    }

    /// Lets every user write every attribute file of `sysname`, as the udev rule does for its group,
    /// so that an unprivileged run fails on nothing but what the test locks down.
    public func makeAttributesWritableByEveryone(of sysname: String) throws(TestbedError) {
        let directory = try sysfsDirectory(of: sysname)
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw .fileSystem(path: directory.path, reason: "cannot list the device directory")
        }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try changeMode(of: url, to: 0o666)
        }
    }

    /// Lets every user connect to the ioctl sockets `umockdev-run` serves (`root/ioctl/*`): the preload
    /// connects to one on every `/dev` open, and exits the process when it cannot. Needed before an
    /// unprivileged run opens a device node.
    public func makeIoctlSocketsUsableByEveryone() throws(TestbedError) {
        let directory = root.appendingPathComponent("ioctl")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .fileSystem(path: directory.path, reason: "\(error)")
        }
        for name in names { try changeMode(of: directory.appendingPathComponent(name), to: 0o777) }
    }

    private func changeMode(of url: URL, to mode: mode_t) throws(TestbedError) {
        guard chmod(url.path, mode) == 0 else {
            throw .fileSystem(path: url.path, reason: "chmod failed: \(String(cString: strerror(errno)))")
        }
    }
}

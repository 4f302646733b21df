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

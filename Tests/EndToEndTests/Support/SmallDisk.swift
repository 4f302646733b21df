import Foundation
import Testing

/// A tmpfs of a few kilobytes mounted over a directory, to see what tools do when the disk fills (root only);
/// unmounted when released.
final class SmallDisk {
    /// The directory the tmpfs is mounted on.
    let path: String

    /// Whether this machine lets the tests mount one: root, and `mount` allowed (a container without `CAP_SYS_ADMIN`
    /// refuses it), found by mounting and unmounting a tmpfs once.
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-probe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
            (try? run("/bin/mount", ["-t", "tmpfs", "-o", "size=4k", "tmpfs", directory.path])) == 0
        else { return false }
        return (try? run("/bin/umount", [directory.path])) == 0
    }()

    /// Mounts a tmpfs of `kilobytes` over the existing directory `path`.
    init(at path: String, kilobytes: Int) throws {
        self.path = path
        try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) == 0, "cannot mount a tmpfs")
    }

    deinit {
        _ = try? Self.run("/bin/umount", [path])
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

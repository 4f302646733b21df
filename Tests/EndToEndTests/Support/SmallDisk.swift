import Foundation
import Testing

/// A tmpfs of a few kilobytes mounted over a directory, to see what tools do when the disk fills (root only);
/// unmounted when released.
final class SmallDisk {
    /// The directory the tmpfs is mounted on.
    let path: String

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

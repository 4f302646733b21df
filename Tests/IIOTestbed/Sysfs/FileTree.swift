import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Small filesystem steps for building the testbed tree, each failing with a `TestbedError`.
enum FileTree {
    /// Creates `url`'s directory and its parents.
    static func makeDirectory(_ url: URL) throws(TestbedError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    /// Writes `contents` to `url` exactly (no newline added), creating parent directories.
    static func write(_ contents: String, to url: URL) throws(TestbedError) {
        try makeDirectory(url.deletingLastPathComponent())
        do {
            try Data(contents.utf8).write(to: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    /// Creates the symbolic link `url` pointing at `destination` (replacing an existing link).
    static func symlink(_ url: URL, to destination: String) throws(TestbedError) {
        try makeDirectory(url.deletingLastPathComponent())
        try? FileManager.default.removeItem(at: url)
        do {
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    /// Creates a FIFO at `url` (replacing whatever was there).
    static func makeFIFO(_ url: URL) throws(TestbedError) {
        try makeDirectory(url.deletingLastPathComponent())
        try? FileManager.default.removeItem(at: url)
        guard mkfifo(url.path, 0o666) == 0 else {
            throw .fileSystem(path: url.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Removes `url` if it exists (a missing entry is not an error: removal is idempotent).
    static func remove(_ url: URL) throws(TestbedError) {
        guard (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    /// The file at `url` with every NUL and newline removed (libiio writes `value\0`), or `nil` if unreadable.
    static func readValue(_ url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data.filter { $0 != 0 && $0 != 0x0A }, as: UTF8.self)
    }

    /// `../` repeated once per component of `devpath`'s directory depth below `sys`.
    static func upToSys(from devpath: String) -> String {
        String(repeating: "../", count: devpath.split(separator: "/").count)
    }
}

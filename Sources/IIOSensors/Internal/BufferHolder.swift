#if canImport(Glibc)
import Glibc
#endif

/// The process that holds a device's kernel buffer, found the way `fuser` finds it: a `/proc/PID/fd/N`
/// link to the device node (the kernel lets one process open `/dev/iio:deviceN` at a time, and
/// `iio_chrdev_open` answers EBUSY to the next). Under umockdev (`UMOCKDEV_DIR` set) the link names the
/// testbed's node, `$UMOCKDEV_DIR/dev/iio:deviceN`, which counts too.
struct BufferHolder: Hashable, CustomStringConvertible {
    /// The holder's process id.
    let pid: Int32
    /// Its program name: the base name of `argv[0]`, else `/proc/PID/comm`.
    let name: String

    /// `iio-sensor-proxy (pid 812)`.
    var description: String { "\(name) (pid \(pid))" }

    /// Processes and descriptors looked at, at most: `/proc` is read, not trusted to be small.
    static let maximumProcesses = 100_000
    static let maximumDescriptorsPerProcess = 65_536

    /// The first process other than this one with `node` (e.g. `/dev/iio:device4`) open, or `nil`
    /// (nobody, or `/proc` does not show it: another user's descriptors are not readable).
    static func find(node: String) -> BufferHolder? {
        let ownPID = getpid()
        var nodes: Set<String> = [node]
        if let testbed = getenv("UMOCKDEV_DIR").map({ String(cString: $0) }), !testbed.isEmpty {
            nodes.insert(testbed + node)
        }
        for entry in directoryEntries("/proc", limit: maximumProcesses) {
            guard let pid = Int32(entry), pid > 0, pid != ownPID else { continue }
            let descriptors = "/proc/\(pid)/fd"
            for descriptor in directoryEntries(descriptors, limit: maximumDescriptorsPerProcess) {
                guard let target = linkTarget("\(descriptors)/\(descriptor)"), nodes.contains(target) else {
                    continue
                }
                return BufferHolder(pid: pid, name: programName(of: pid))
            }
        }
        return nil
    }

    /// `argv[0]`'s base name from `/proc/PID/cmdline`, else `comm`; printable ASCII, at most 64 characters.
    private static func programName(of pid: Int32) -> String {
        let commandLine = fileBytes("/proc/\(pid)/cmdline", limit: 4096)
        let argumentZero = commandLine.prefix { $0 != 0 }.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? []
        let name = argumentZero.isEmpty ? fileBytes("/proc/\(pid)/comm", limit: 64) : argumentZero
        let printable = name.prefix(64).filter { $0 >= 0x21 && $0 < 0x7F }
        return printable.isEmpty ? "process \(pid)" : String(decoding: printable, as: UTF8.self)
    }

    /// The names in `path` (without `.` and `..`), at most `limit`; empty when it cannot be read.
    private static func directoryEntries(_ path: String, limit: Int) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where the symbolic link `path` points, or `nil`.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Up to `limit` bytes of the file at `path`; empty when it cannot be read.
    private static func fileBytes(_ path: String, limit: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, limit) }
        return count > 0 ? Array(bytes.prefix(count)) : []
    }
}

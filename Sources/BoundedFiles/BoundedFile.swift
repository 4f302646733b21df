import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small regular file read whole, never more than a limit: a model, a calibration, a recording's metadata, the MQTT
/// config and TLS files. A device, FIFO or directory, or a longer file, is refused before it is read: the file is
/// opened without waiting (a FIFO without a writer would hold `open` forever) and checked through its descriptor, so
/// nothing can be swapped in between.
package struct BoundedFile: Sendable {
    /// The file's bytes.
    package let bytes: [UInt8]
    /// Its permission bits (`st_mode & 0o7777`).
    package let mode: mode_t

    /// Why a file could not be read, in words that follow its path ("PATH: REASON").
    package struct Failure: Error, Sendable {
        /// The reason, e.g. "No such file or directory" or "it is not a regular file (a device, FIFO or directory)".
        package let reason: String
    }

    /// Reads `path`, at most `limit` bytes; nil when nothing is at that path.
    package static func read(_ path: FilePath, limit: Int) throws(Failure) -> BoundedFile? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch let error as Errno where error == .noSuchFileOrDirectory {
            return nil
        } catch {
            throw Failure(reason: "\(error)")
        }
        defer { try? descriptor.close() }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw Failure(reason: "\(Errno(rawValue: errno))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "it is not a regular file (a device, FIFO or directory)")
        }
        guard status.st_size <= limit else {
            throw Failure(reason: "it holds \(status.st_size) bytes, more than the \(limit) such a file can hold")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while filled <= limit {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - filled))) }
            let count: Int
            do {
                count = try bytes[filled...].withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw Failure(reason: "\(error)")
            }
            if count == 0 {
                bytes.removeSubrange(filled...)
                return BoundedFile(bytes: bytes, mode: status.st_mode & 0o7777)
            }
            filled += count
        }
        throw Failure(reason: "it grew past \(limit) bytes while it was read")
    }
}

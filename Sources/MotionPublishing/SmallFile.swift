import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A small regular file read whole as UTF-8 text, with its permission bits: the MQTT config file and TLS files.
struct SmallFile {
    /// The file's text.
    let text: String
    /// Its permission bits (`st_mode & 0o7777`).
    let mode: Int

    /// Why a file could not be read, in words.
    struct Failure: Error {
        /// The reason, e.g. "No such file or directory" or "not a regular file".
        let reason: String
    }

    /// Reads `path` (at most `limit` bytes); nil when it does not exist and `mustExist` is false. The file is opened
    /// without waiting, so a FIFO is refused as not a regular file instead of holding `open` until a writer comes.
    static func read(_ path: String, limit: Int, mustExist: Bool = true) throws(Failure) -> SmallFile? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch let error as Errno where error == .noSuchFileOrDirectory && !mustExist {
            return nil
        } catch {
            throw Failure(reason: "\(error)")
        }
        defer { try? descriptor.close() }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw Failure(reason: "\(Errno(rawValue: errno))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(reason: "not a regular file") }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let count: Int
            do {
                count = try bytes[filled...].withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw Failure(reason: "\(error)")
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw Failure(reason: "larger than \(limit) bytes") }
        guard let text = String(validating: bytes[..<filled], as: UTF8.self) else { throw Failure(reason: "not UTF-8 text") }
        return SmallFile(text: text, mode: Int(status.st_mode & 0o7777))
    }
}

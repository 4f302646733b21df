import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A file the user named for a tool's output (`-o MODEL`, `-o FILE.svg`, a calibration file), written so that a
/// reader never sees half of it and nothing but the named file changes.
///
/// A regular file, or a new one, is replaced atomically (a temporary file beside it, `fsync`, `rename`); through a
/// symbolic link the file it names is replaced and the link stays. A character device or a FIFO (`/dev/null`,
/// `/dev/stdout`) is written in place: a rename would put a regular file where the device was (as root, in
/// `/dev`). A directory, a block device or a socket is refused.
package enum OutputFile {
    /// Why the file was not written, in words for the caller's own error.
    package struct Failure: Error, Sendable {
        /// What went wrong.
        package let reason: String
    }

    /// Writes `bytes` to the file at `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let target = linkTarget(of: path) ?? path
        do {
            var status = stat()
            guard stat(target, &status) == 0 else { return try FileIO.replaceAtomically(FilePath(target), with: bytes) }
            switch status.st_mode & S_IFMT {
            case S_IFREG: try FileIO.replaceAtomically(FilePath(target), with: bytes)
            case S_IFCHR, S_IFIFO: try writeInPlace(bytes, to: FilePath(target))
            case S_IFDIR: throw Failure(reason: "it is a directory")
            default: throw Failure(reason: "it is a block device or a socket")
            }
        } catch let failure as Failure {
            throw failure
        } catch let error as RecordingError {
            switch error {
            case .cannotCreate(_, let reason), .writeFailed(_, let reason): throw Failure(reason: reason.lowercasingFirstWord)
            default: throw Failure(reason: error.description)
            }
        } catch {
            throw Failure(reason: "\(error)".lowercasingFirstWord)
        }
    }

    /// The path a symbolic link at `path` resolves to, when it is one and resolves to a path.
    private static func linkTarget(of path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) else {
            return nil
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` into the device or FIFO at `path` without creating, truncating or replacing it.
    private static func writeInPlace(_ bytes: [UInt8], to path: FilePath) throws(RecordingError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .writeOnly, options: [.closeOnExec])
        } catch {
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
        defer { try? descriptor.close() }
        try FileIO.write(bytes, to: descriptor, path: path)
    }
}

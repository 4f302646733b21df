import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A file the user named for a tool's output (`-o MODEL`, `-o FILE.svg`, a calibration file, `imu-motion -o`),
/// written so that a reader never sees half of it and nothing but the named file changes.
///
/// A regular file, or a new one, is replaced atomically at ``commit()``: the bytes go to a temporary file beside it,
/// created under a name no file has, then `fsync` and `rename` (the file's permissions are kept). Through a symbolic
/// link the file it names is replaced and the link stays. A character device or a FIFO (`/dev/null`, `/dev/stdout`)
/// is written in place: a rename would put a regular file where the device was (as root, in `/dev`). A directory, a
/// block device or a socket is refused. An output file given up before ``commit()`` leaves nothing behind.
package final class OutputFile {
    /// Why the file was not written, in words for the caller's own error.
    package struct Failure: Error, Sendable {
        /// What went wrong.
        package let reason: String
    }

    private let descriptor: FileDescriptor
    /// The temporary file and the file it replaces at ``commit()``; `nil` for a device or FIFO written in place.
    private let staging: (temporary: FilePath, target: FilePath)?
    private var isClosed = false

    /// Opens the file at `path` for writing; until ``commit()`` the path is as it was (a device or FIFO excepted).
    package init(path: String) throws(Failure) {
        let target = FilePath(Self.linkTarget(of: path) ?? path)
        var status = stat()
        let exists = stat(target.string, &status) == 0
        let kind = exists ? status.st_mode & S_IFMT : S_IFREG
        if kind == S_IFDIR { throw Failure(reason: "it is a directory") }
        guard [S_IFREG, S_IFCHR, S_IFIFO].contains(kind) else { throw Failure(reason: "it is a block device or a socket") }
        do throws(RecordingError) {
            if kind == S_IFREG {
                let (descriptor, temporary) = try FileIO.createTemporary(
                    beside: target, permissions: exists ? status.st_mode : nil)
                self.descriptor = descriptor
                staging = (temporary, target)
            } else {
                do {
                    descriptor = try FileDescriptor.open(target, .writeOnly, options: [.closeOnExec])
                } catch {
                    throw .writeFailed(path: target.string, reason: "\(error)")
                }
                staging = nil
            }
        } catch {
            throw Self.failure(error)
        }
    }

    deinit {
        guard !isClosed else { return }
        try? descriptor.close()
        if let staging { unlink(staging.temporary.string) }
    }

    /// Appends `bytes`.
    package func write(_ bytes: [UInt8]) throws(Failure) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw Failure(reason: "\(error)".lowercasingFirstWord)
        }
    }

    /// Puts what was written in place of the named file (a device or FIFO: closes it). Called once, last.
    package func commit() throws(Failure) {
        isClosed = true
        guard let staging else {
            try? descriptor.close()
            return
        }
        do {
            try FileIO.moveIntoPlace(staging.temporary, writtenThrough: descriptor, over: staging.target)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Writes `bytes` to the file at `path` as its whole contents.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
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

    /// The words of a file-system failure, for the caller's message.
    private static func failure(_ error: RecordingError) -> Failure {
        switch error {
        case .cannotCreate(_, let reason), .writeFailed(_, let reason): Failure(reason: reason.lowercasingFirstWord)
        default: Failure(reason: error.description)
        }
    }
}

import BoundedFiles
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls recordings need, with errors turned into `RecordingError`.
package enum FileIO {
    /// Creates `directory`; fails with `.alreadyExists` if anything is at that path.
    static func createDirectory(_ directory: FilePath) throws(RecordingError) {
        if mkdir(directory.string, 0o755) != 0 {
            let error = Errno(rawValue: errno)
            if error == .fileExists { throw .alreadyExists(path: directory.string) }
            throw .cannotCreate(path: directory.string, reason: error.description)
        }
    }

    /// Renames the directory `staging` to `directory`, which must not exist yet, and syncs their parent.
    static func moveDirectoryIntoPlace(_ staging: FilePath, to directory: FilePath) throws(RecordingError) {
        var status = stat()
        if lstat(directory.string, &status) == 0 { throw .alreadyExists(path: directory.string) }
        if rename(staging.string, directory.string) != 0 {
            let error = Errno(rawValue: errno)
            if error == .directoryNotEmpty || error == .notDirectory { throw .alreadyExists(path: directory.string) }
            throw .cannotCreate(path: directory.string, reason: error.description)
        }
        syncDirectory(directory.removingLastComponent())
    }

    /// Removes a staging directory that could not be moved into place, and the files in it (best effort).
    static func removeStaging(_ staging: FilePath) {
        for table in [RecordingTable.raw, .motion, .events] { unlink(staging.appending(table.rawValue).string) }
        unlink(staging.appending(RecordingTable.metadataFileName).string)
        rmdir(staging.string)
    }

    /// Opens a new file for appending; fails if it already exists.
    static func createFile(_ path: FilePath) throws(RecordingError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                path, .writeOnly, options: [.create, .exclusiveCreate, .append, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead]
            )
        } catch let error as Errno where error == .fileExists {
            throw .alreadyExists(path: path.string)
        } catch {
            throw .cannotCreate(path: path.string, reason: "\(error)")
        }
    }

    /// Writes all of `bytes` to `descriptor` with `write(2)`, retrying on interruption.
    static func write(_ bytes: [UInt8], to descriptor: FileDescriptor, path: FilePath) throws(RecordingError) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw .writeFailed(path: path.string, reason: "\(error)")
        }
    }

    /// Cuts the file to its first `length` bytes (`ftruncate(2)`).
    static func truncate(_ descriptor: FileDescriptor, to length: Int64, path: FilePath) throws(RecordingError) {
        while ftruncate(descriptor.rawValue, off_t(length)) != 0 {
            guard errno == EINTR else { throw .writeFailed(path: path.string, reason: Errno(rawValue: errno).description) }
        }
    }

    /// Asks the kernel to put the file's data on the disk (`fsync(2)`).
    static func sync(_ descriptor: FileDescriptor, path: FilePath) throws(RecordingError) {
        if fsync(descriptor.rawValue) != 0 {
            throw .writeFailed(path: path.string, reason: Errno(rawValue: errno).description)
        }
    }

    /// Replaces `path` with `bytes` atomically: a temporary file beside it with its permissions
    /// (``createTemporary(beside:permissions:)``), `fsync`, `rename`, then `fsync` of the directory. On failure `path`
    /// is as it was and the temporary file is removed.
    static func replaceAtomically(_ path: FilePath, with bytes: [UInt8]) throws(RecordingError) {
        var status = stat()
        let permissions = stat(path.string, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? status.st_mode : nil
        let (descriptor, temporary) = try createTemporary(beside: path, permissions: permissions)
        do {
            try write(bytes, to: descriptor, path: temporary)
        } catch {
            try? descriptor.close()
            unlink(temporary.string)
            throw error
        }
        try moveIntoPlace(temporary, writtenThrough: descriptor, over: path)
    }

    /// Creates an empty file in `path`'s directory under a hidden name no file has (`.NAME.RANDOM.tmp`), with
    /// `permissions` (the replaced file's mode; nil for a new file: 0644 less the umask). Created exclusively: a file
    /// or link that already has the name is never opened, so nothing but the new file is touched.
    static func createTemporary(beside path: FilePath, permissions: mode_t?) throws(RecordingError) -> (FileDescriptor, FilePath) {
        let name = String(decoding: (path.lastComponent?.string ?? "output").utf8.prefix(64), as: UTF8.self)
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temporary = path.removingLastComponent().appending(".\(name).\(suffix).tmp")
            do {
                let descriptor = try FileDescriptor.open(
                    temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
                if let permissions { _ = fchmod(descriptor.rawValue, permissions & 0o777) }
                return (descriptor, temporary)
            } catch let error as Errno where error == .fileExists {
                continue
            } catch {
                throw .cannotCreate(path: temporary.string, reason: "\(error)")
            }
        }
        throw .cannotCreate(path: path.string, reason: "no free name for a temporary file beside it")
    }

    /// Puts a temporary file written through `descriptor` in the place of `path`: `fsync`, close, `rename`, then
    /// `fsync` of the directory. On failure the temporary file is removed and `path` is as it was.
    static func moveIntoPlace(_ temporary: FilePath, writtenThrough descriptor: FileDescriptor, over path: FilePath)
        throws(RecordingError)
    {
        do {
            try sync(descriptor, path: temporary)
        } catch {
            try? descriptor.close()
            unlink(temporary.string)
            throw error
        }
        try? descriptor.close()
        if rename(temporary.string, path.string) != 0 {
            let error = Errno(rawValue: errno)
            unlink(temporary.string)
            throw .writeFailed(path: path.string, reason: error.description)
        }
        syncDirectory(path.removingLastComponent())
    }

    /// Syncs a directory so newly created or renamed entries survive a power loss (best effort).
    static func syncDirectory(_ directory: FilePath) {
        let directory = directory.isEmpty ? FilePath(".") : directory
        guard let descriptor = try? FileDescriptor.open(directory, .readOnly, options: [.directory, .closeOnExec]) else {
            return
        }
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
    }

    /// Reads a whole regular file of at most `limit` bytes (``BoundedFile``); `nil` if it does not exist.
    package static func readIfPresent(_ path: FilePath, limit: Int) throws(RecordingError) -> [UInt8]? {
        do {
            return try BoundedFile.read(path, limit: limit)?.bytes
        } catch {
            throw .readFailed(path: path.string, reason: error.reason)
        }
    }
}

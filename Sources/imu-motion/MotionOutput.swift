import CommandLineSupport
import DeviceMotionKit
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Where the estimates go, as they are produced: stdout, or a file that appears whole (written beside it under a
/// temporary name and renamed at the end, so a failed run leaves no half file); an existing device or FIFO
/// (`/dev/null`, a pipe) is written directly.
final class MotionOutput {
    private let descriptor: FileDescriptor
    private let path: String?
    private let temporaryPath: String?
    private let json: Bool
    /// Whether CSV rows carry the heading and magnetic-field columns.
    private let magnetic: Bool
    private var buffer: [UInt8] = []
    private var finished = false

    /// Bytes collected before they are written.
    private static let bufferSize = 1 << 16

    /// Opens `path` (or stdout when `nil`) and writes the CSV header unless `json`; `magnetic` adds the heading and
    /// magnetic-field columns to a CSV.
    init(path: String?, json: Bool, magnetic: Bool = false) throws(CommandFailure) {
        self.path = path
        self.json = json
        self.magnetic = magnetic
        var status = stat()
        if let path, stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            do {
                descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.closeOnExec])
            } catch {
                throw Self.failure(path, "\(error)")
            }
            temporaryPath = nil
        } else if let path {
            let temporary = path + ".partial"
            do {
                descriptor = try FileDescriptor.open(
                    FilePath(temporary), .writeOnly, options: [.create, .truncate, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch {
                throw Self.failure(path, "\(error)")
            }
            temporaryPath = temporary
        } else {
            descriptor = .standardOutput
            temporaryPath = nil
        }
        if !json {
            buffer.append(contentsOf: ((magnetic ? MotionCSVWriter.magneticHeader : MotionCSVWriter.header) + "\n").utf8)
        }
    }

    deinit {
        if !finished, let temporaryPath {
            try? descriptor.close()
            unlink(temporaryPath)
        }
    }

    /// Appends `motions` as CSV rows or JSON lines.
    func write(_ motions: [DeviceMotion]) throws {
        for motion in motions {
            if json {
                buffer.append(contentsOf: try MotionJSON.line(motion).utf8)
            } else {
                MotionCSVWriter.appendRow(motion, magnetic: magnetic, to: &buffer)
            }
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= Self.bufferSize { try flush() }
        }
    }

    /// Writes what is buffered and, for a file, moves it into place.
    func finish() throws {
        try flush()
        finished = true
        guard let path, let temporaryPath else {
            if path != nil { try? descriptor.close() }
            return
        }
        try? descriptor.close()
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw Self.failure(path, reason)
        }
    }

    private func flush() throws(CommandFailure) {
        do {
            _ = try descriptor.writeAll(buffer)
        } catch {
            throw Self.failure(path ?? "standard output", "\(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func failure(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure(
            "cannot write \(path) (\(reason)); check that the directory exists and is writable, and the free space",
            status: .outputNotWritten)
    }
}

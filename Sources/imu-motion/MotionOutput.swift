import CommandLineSupport
import DeviceMotionKit
import MotionRecording
import SystemPackage

/// Where the estimates go, as they are produced: stdout, or the file named by `-o`, written as an ``OutputFile``
/// (it appears whole at the end, so a failed run leaves the path as it was; a device or FIFO is written directly).
final class MotionOutput {
    /// The named file; `nil` for stdout.
    private let file: OutputFile?
    private let path: String?
    private let json: Bool
    /// Whether CSV rows carry the heading and magnetic-field columns.
    private let magnetic: Bool
    private var buffer: [UInt8] = []

    /// Bytes collected before they are written.
    private static let bufferSize = 1 << 16

    /// Opens `path` (or stdout when `nil`) and writes the CSV header unless `json`; `magnetic` adds the heading and
    /// magnetic-field columns to a CSV.
    init(path: String?, json: Bool, magnetic: Bool = false) throws(CommandFailure) {
        self.path = path
        self.json = json
        self.magnetic = magnetic
        do {
            file = try path.map { path throws(OutputFile.Failure) in try OutputFile(path: path) }
        } catch {
            throw Self.failure(path, error.reason)
        }
        if !json {
            buffer.append(contentsOf: ((magnetic ? MotionCSVWriter.magneticHeader : MotionCSVWriter.header) + "\n").utf8)
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

    /// Writes what is buffered and, for a file, puts it in place.
    func finish() throws(CommandFailure) {
        try flush()
        do {
            try file?.commit()
        } catch {
            throw Self.failure(path, error.reason)
        }
    }

    private func flush() throws(CommandFailure) {
        do {
            if let file {
                try file.write(buffer)
            } else {
                _ = try FileDescriptor.standardOutput.writeAll(buffer)
            }
        } catch let failure as OutputFile.Failure {
            throw Self.failure(path, failure.reason)
        } catch {
            throw Self.failure(path, "\(error)".lowercasingFirstWord)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The failure to write `path` (stdout when `nil`), in the words of the other tools' output files.
    private static func failure(_ path: String?, _ reason: String) -> CommandFailure {
        guard let path else {
            return CommandFailure(
                "cannot write the standard output (\(reason)); the results did not all arrive", status: .outputNotWritten)
        }
        return CommandFailure(
            "cannot write \(path) (\(reason)); check that the directory exists and is writable, and the free space",
            status: .outputNotWritten)
    }
}

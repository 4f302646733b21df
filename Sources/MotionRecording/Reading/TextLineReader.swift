import CZlib

#if canImport(Glibc)
import Glibc
#endif

/// Reads a text file line by line in bounded memory: plain or gzip-compressed (zlib passes plain files through),
/// from a regular file or a FIFO (streamed to its end); devices, sockets and directories are refused.
///
/// A FIFO is opened without waiting for its writer; the reader then waits for data in steps of
/// ``waitStep`` milliseconds and gives up with ``Failure/interrupted`` once its task is cancelled (Ctrl-C, SIGTERM),
/// so a tool whose input never comes still ends on the first signal.
///
/// What real files hold is accepted: `\n` or `\r\n` line ends, a UTF-8 byte-order mark before the first line, a
/// last line without its newline. A line longer than ``maximumLineLength`` bytes or holding a NUL byte (binary data,
/// `/dev/zero`) is refused with its number, so no input sizes the buffer.
package final class TextLineReader {
    /// Longest line accepted, in bytes: far beyond any CSV row imu-bridge reads (a BROAD row is about 100 bytes).
    package static let maximumLineLength = 65_536

    /// Why the file could not be read; the message is worded for the reader's own error.
    package enum Failure: Error, Hashable, Sendable {
        /// The file could not be opened or read.
        case unreadable(reason: String)
        /// The path names a device, socket or directory, which is never read as a file.
        case notAFile(kind: String)
        /// zlib could not decompress the data.
        case corrupt(reason: String)
        /// A line is longer than ``TextLineReader/maximumLineLength``.
        case lineTooLong(line: Int)
        /// A line holds a NUL byte.
        case binary(line: Int)
        /// The task was cancelled while the reader waited for a FIFO's writer or its data.
        case interrupted

        /// The failure in words, e.g. `line 3 is longer than 65536 bytes; ...`.
        package var reason: String {
            switch self {
            case .unreadable(let reason):
                "the file is missing or not readable (\(reason))"
            case .notAFile(let kind):
                "it is \(kind), not a file of samples"
            case .corrupt(let reason):
                "it cannot be decompressed (\(reason)); the file may be truncated or corrupt"
            case .lineTooLong(let line):
                "line \(line) is longer than \(TextLineReader.maximumLineLength) bytes; this is not a CSV file of samples"
            case .binary(let line):
                "line \(line) holds binary data (a NUL byte); this is not a text file"
            case .interrupted:
                "interrupted while waiting for data from the FIFO; nothing more was read"
            }
        }

        /// The line the failure is on, if it is about one.
        package var line: Int? {
            switch self {
            case .lineTooLong(let line), .binary(let line): line
            default: nil
            }
        }
    }

    private let file: gzFile
    /// The file's descriptor when it is a FIFO, polled before each read; `nil` for a regular file.
    private let fifo: Int32?
    /// The bytes read and not yet returned, and the count of lines returned, advanced by one access per line (a
    /// class's stored properties are checked for exclusive access at run time on every access).
    private var state = LineBuffer()

    /// The number of the line last returned (1-based), 0 before the first.
    package var lineNumber: Int { state.lineNumber }
    /// Whether the line last returned ended with a newline (`false` only for a last line cut short).
    package var lastLineWasTerminated: Bool { state.lastLineWasTerminated }

    /// How long one wait for a FIFO's data lasts before the task's cancellation is checked again, in milliseconds.
    static let waitStep: Int32 = 100

    /// Opens `path` for reading. Its kind is checked before it is opened (a device's driver is never asked to open)
    /// and again on the descriptor (a file swapped in between is refused too).
    package init(path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        try Self.checkKind(status)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        do throws(Failure) {
            guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
            try Self.checkKind(status)
            fifo = (status.st_mode & S_IFMT) == S_IFIFO ? descriptor : nil
            if let fifo { try Self.waitForData(fifo) }
            // zlib reads with blocking reads; only the wait above polls.
            guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else {
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            errno = 0
            guard let file = gzdopen(descriptor, "rb") else {
                throw .unreadable(reason: errno == 0 ? "out of memory" : String(cString: strerror(errno)))
            }
            self.file = file
        } catch {
            close(descriptor)
            throw error
        }
        state.buffer.reserveCapacity(2 * Self.chunkSize)
    }

    deinit { gzclose(file) }

    /// Refuses anything but a regular file or a FIFO.
    private static func checkKind(_ status: stat) throws(Failure) {
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: return
        case S_IFDIR: throw .notAFile(kind: "a directory")
        case S_IFCHR, S_IFBLK: throw .notAFile(kind: "a device")
        default: throw .notAFile(kind: "a socket or other special file")
        }
    }

    /// Waits until the FIFO `descriptor` has data or its writer has gone, checking the task's cancellation every
    /// ``waitStep`` milliseconds.
    fileprivate static func waitForData(_ descriptor: Int32) throws(Failure) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, waitStep)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .unreadable(reason: String(cString: strerror(errno))) }
            if Task.isCancelled { throw .interrupted }
        }
    }

    fileprivate static let chunkSize = 1 << 16

    /// The next line, without its line end (and without the byte-order mark on line 1); `nil` at the end of the file.
    package func next() throws(Failure) -> ArraySlice<UInt8>? {
        try state.next(from: file, fifo: fifo)
    }
}

/// What a ``TextLineReader`` has read and returned so far.
private struct LineBuffer {
    var buffer: [UInt8] = []
    var start = 0
    var atEnd = false
    var lineNumber = 0
    var lastLineWasTerminated = true

    private static let chunkSize = TextLineReader.chunkSize
    private static let maximumLineLength = TextLineReader.maximumLineLength
    typealias Failure = TextLineReader.Failure

    /// The next line of `file`, as ``TextLineReader/next()`` returns it.
    mutating func next(from file: gzFile, fifo: Int32?) throws(Failure) -> ArraySlice<UInt8>? {
        while true {
            if let newline = Self.firstIndex(of: UInt8(ascii: "\n"), in: buffer[start...]) {
                let line = start..<newline
                start = newline + 1
                return buffer[try finish(line, terminated: true)]
            }
            if buffer.count - start > Self.maximumLineLength {
                throw .lineTooLong(line: lineNumber + 1)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = start..<buffer.count
                start = buffer.count
                return buffer[try finish(line, terminated: false)]
            }
            if let fifo { try TextLineReader.waitForData(fifo) }
            try fill(from: file)
        }
    }

    /// Numbers, checks and trims the line at `bounds` of the buffer; returns the bounds of what is kept (bounds,
    /// not a slice, until the end: each slice made holds the buffer once more).
    private mutating func finish(_ bounds: Range<Int>, terminated: Bool) throws(Failure) -> Range<Int> {
        lineNumber += 1
        lastLineWasTerminated = terminated
        guard bounds.count <= Self.maximumLineLength else { throw .lineTooLong(line: lineNumber) }
        guard Self.firstIndex(of: 0, in: buffer[bounds]) == nil else { throw .binary(line: lineNumber) }
        var trimmed = bounds
        if let last = trimmed.last, buffer[last] == UInt8(ascii: "\r") { trimmed = trimmed.dropLast() }
        if lineNumber == 1, buffer[trimmed].starts(with: [0xEF, 0xBB, 0xBF]) { trimmed = trimmed.dropFirst(3) }
        return trimmed
    }

    /// The index of the first `byte` in `bytes`, found by the C library's vectorised `memchr` (a plain loop over the
    /// bytes was a tenth of a replay).
    private static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    /// Moves the unread bytes to the front and reads the next chunk.
    private mutating func fill(from file: gzFile) throws(Failure) {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        let count = buffer.withUnsafeMutableBytes { bytes in
            gzread(file, bytes.baseAddress! + oldCount, UInt32(Self.chunkSize))
        }
        guard count >= 0 else {
            buffer.removeSubrange(oldCount...)
            var status: Int32 = Z_OK
            let message = gzerror(file, &status).map { String(cString: $0) } ?? "unknown error"
            throw status == Z_ERRNO ? .unreadable(reason: message) : .corrupt(reason: message)
        }
        buffer.removeSubrange((oldCount + Int(count))...)
        if count == 0 {
            atEnd = true
            var status: Int32 = Z_OK
            let message = gzerror(file, &status).map { String(cString: $0) } ?? "unknown error"
            guard status == Z_OK || status == Z_STREAM_END else { throw .corrupt(reason: message) }
        }
    }
}

import CZlib

#if canImport(Glibc)
import Glibc
#endif

/// Reads a text file line by line in bounded memory: plain or gzip-compressed (zlib passes plain files through),
/// from a regular file or a FIFO (streamed to its end); devices, sockets and directories are refused.
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
    /// The bytes read and not yet returned, and the count of lines returned, advanced by one access per line (a
    /// class's stored properties are checked for exclusive access at run time on every access).
    private var state = LineBuffer()

    /// The number of the line last returned (1-based), 0 before the first.
    package var lineNumber: Int { state.lineNumber }
    /// Whether the line last returned ended with a newline (`false` only for a last line cut short).
    package var lastLineWasTerminated: Bool { state.lastLineWasTerminated }

    /// Opens `path` for reading.
    package init(path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw .notAFile(kind: "a directory")
        case S_IFCHR, S_IFBLK: throw .notAFile(kind: "a device")
        default: throw .notAFile(kind: "a socket or other special file")
        }
        errno = 0
        guard let file = gzopen(path, "rb") else {
            throw .unreadable(reason: errno == 0 ? "out of memory" : String(cString: strerror(errno)))
        }
        self.file = file
        state.buffer.reserveCapacity(2 * Self.chunkSize)
    }

    deinit { gzclose(file) }

    fileprivate static let chunkSize = 1 << 16

    /// The next line, without its line end (and without the byte-order mark on line 1); `nil` at the end of the file.
    package func next() throws(Failure) -> ArraySlice<UInt8>? {
        try state.next(from: file)
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
    mutating func next(from file: gzFile) throws(Failure) -> ArraySlice<UInt8>? {
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

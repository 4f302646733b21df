import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Streams raw scan bytes into a device's FIFO node once the reader enabled the buffer, like a driver pushing
/// samples; `close()` stops it and closes the FIFO (the unplug of a streaming device).
///
/// The FIFO is opened `O_RDWR | O_NONBLOCK`: that open never blocks, so it never holds the umockdev
/// preload's global path lock. Writes that find the pipe full wait for room, so any amount of data can be fed.
/// With libiio holding the node open too, the reader never sees EOF: after `close()` it times out.
public final class Feeder: @unchecked Sendable {
    /// The device the bytes go to, e.g. `iio:device0`.
    public let device: String
    /// How many bytes this feeder will write in total.
    public let totalBytes: Int

    private let bytes: [UInt8]
    private let descriptor: Int32
    private let enableFile: URL
    private let state = NSCondition()
    private var written = 0
    private var isClosing = false
    private var isThreadDone = false

    /// Opens the FIFO at `node` and starts a thread that writes `bytes` once `enableFile` reads `1`.
    init(device: String, node: URL, enableFile: URL, bytes: [UInt8]) throws(TestbedError) {
        let descriptor = open(node.path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .fileSystem(path: node.path, reason: String(cString: strerror(errno)))
        }
        self.device = device
        self.totalBytes = bytes.count
        self.bytes = bytes
        self.descriptor = descriptor
        self.enableFile = enableFile
        let thread = Thread { [self] in run() }
        thread.name = "Feeder \(device)"
        thread.start()
    }

    deinit {
        close()
    }

    /// How many bytes have been written into the FIFO so far.
    public var bytesWritten: Int {
        state.withLock { written }
    }

    /// Waits until every byte is in the FIFO (or the feeder was closed); returns whether all were written.
    /// The timeout only guards against a reader that never enables the buffer.
    @discardableResult
    public func waitUntilWritten(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        state.lock()
        defer { state.unlock() }
        while written < totalBytes && !isThreadDone {
            if !state.wait(until: deadline) { break }
        }
        return written == totalBytes
    }

    /// Stops writing and closes the FIFO. Safe to call more than once.
    public func close() {
        state.lock()
        isClosing = true
        state.broadcast()
        while !isThreadDone { state.wait() }
        state.unlock()
    }

    private var shouldStop: Bool {
        state.withLock { isClosing }
    }

    private func run() {
        defer {
            Glibc.close(descriptor)
            state.withLock {
                isThreadDone = true
                state.broadcast()
            }
        }
        while FileTree.readValue(enableFile) != "1" {
            if shouldStop { return }
            usleep(5_000)
        }
        var offset = 0
        while offset < bytes.count {
            if shouldStop { return }
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
                state.withLock {
                    written = offset
                    state.broadcast()
                }
            } else if count < 0 && errno != EAGAIN && errno != EINTR {
                return
            } else {
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, 50)
            }
        }
        state.lock()
        while !isClosing { state.wait() }
        state.unlock()
    }
}

extension Testbed {
    /// Streams `bytes` (whole scans in the device's scan layout) into `/dev/<node>` of `sysname` once its
    /// `buffer/enable` reads 1. The returned feeder tells when all bytes are written and closes the FIFO.
    public func feed(device sysname: String, bytes: [UInt8]) throws(TestbedError) -> Feeder {
        let feeder = try Feeder(
            device: sysname,
            node: nodeURL(of: sysname),
            enableFile: sysfsDirectory(of: sysname).appendingPathComponent("buffer/enable"),
            bytes: bytes)
        track(feeder)
        return feeder
    }
}

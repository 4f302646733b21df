import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes scans into a device's FIFO node one at a time at a sensor's pace, stamped when written, like a driver
/// streaming live; it tells how many scans the reader has taken out of the FIFO, so a test can compare what a killed
/// process had received with what it left on disk.
///
/// The FIFO is opened `O_RDWR | O_NONBLOCK` (see ``Feeder``): scans the reader never read stay in the pipe, and
/// ``scansConsumed`` is the scans written minus the whole scans still there (`FIONREAD`).
public final class PacedFeeder: @unchecked Sendable {
    /// Bytes per scan.
    public let scanSize: Int
    /// The monotonic timestamps (nanoseconds) of every scan written so far, in order.
    public var timestamps: [Int64] { state.withLock { written } }

    private let descriptor: Int32
    private let enableFile: URL
    private let interval: Double
    private let scan: @Sendable (_ index: Int, _ timestamp: Int64) -> [UInt8]
    private let timestamp: @Sendable (_ index: Int, _ now: Int64) -> Int64
    private let state = NSCondition()
    private var written: [Int64] = []
    private var isStopping = false
    private var isThreadDone = false

    init(
        node: URL, enableFile: URL, scanSize: Int, interval: Double,
        timestamp: @escaping @Sendable (Int, Int64) -> Int64, scan: @escaping @Sendable (Int, Int64) -> [UInt8]
    ) throws(TestbedError) {
        let descriptor = open(node.path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .fileSystem(path: node.path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.enableFile = enableFile
        self.scanSize = scanSize
        self.interval = interval
        self.timestamp = timestamp
        self.scan = scan
        let thread = Thread { [self] in run() }
        thread.name = "PacedFeeder"
        thread.start()
    }

    deinit {
        stop()
        Glibc.close(descriptor)
    }

    /// Stops writing (the FIFO stays open, so ``scansConsumed`` can still be asked). Safe to call more than once.
    public func stop() {
        state.lock()
        isStopping = true
        state.broadcast()
        while !isThreadDone { state.wait() }
        state.unlock()
    }

    /// Scans written that the reader took out of the FIFO (call after ``stop()`` for a settled answer).
    public var scansConsumed: Int {
        var unread: Int32 = 0
        let pending = ioctl(descriptor, UInt(FIONREAD), &unread) == 0 ? Int(unread) : 0
        return timestamps.count - (pending + scanSize - 1) / scanSize
    }

    private var shouldStop: Bool { state.withLock { isStopping } }

    private func run() {
        defer {
            state.withLock {
                isThreadDone = true
                state.broadcast()
            }
        }
        while FileTree.readValue(enableFile) != "1" {
            if shouldStop { return }
            usleep(2_000)
        }
        var index = 0
        var next = Self.monotonicNanoseconds()
        while !shouldStop {
            let stamp = timestamp(index, Self.monotonicNanoseconds())
            let bytes = scan(index, stamp)
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            // A pipe takes a write of at most PIPE_BUF bytes whole or not at all.
            guard count == bytes.count else { return }
            state.withLock { written.append(stamp) }
            index += 1
            next += Int64(interval * 1e9)
            var until = timespec(tv_sec: Int(next / 1_000_000_000), tv_nsec: Int(next % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
        }
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

extension Testbed {
    /// Streams scans into `/dev/<node>` of `sysname` once its `buffer/enable` reads 1, one every `interval` seconds:
    /// scan `index` is `scan(index, timestamp)` with `timestamp(index, now)` nanoseconds (`now` is the monotonic
    /// clock as it is written). Stop the feeder before closing the testbed.
    public func feedPaced(
        device sysname: String, scanSize: Int, interval: Double,
        timestamp: @escaping @Sendable (_ index: Int, _ now: Int64) -> Int64 = { $1 },
        scan: @escaping @Sendable (_ index: Int, _ timestamp: Int64) -> [UInt8]
    ) throws(TestbedError) -> PacedFeeder {
        try PacedFeeder(
            node: nodeURL(of: sysname),
            enableFile: sysfsDirectory(of: sysname).appendingPathComponent("buffer/enable"),
            scanSize: scanSize, interval: interval, timestamp: timestamp, scan: scan)
    }
}

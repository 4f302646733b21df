import Testing

@testable import IIOSensors

#if canImport(Glibc)
import Glibc
#endif

/// `onDedicatedThread`, which keeps the device scans of a live source off Swift concurrency's cooperative threads.
@Suite("Blocking work on a dedicated thread")
struct DedicatedThreadTests {
    @Test("each call runs on a new thread, not the caller's, and hands back the body's value or its error")
    func valueAndErrorFromANewThread() async throws {
        let caller = Self.threadID()
        let first = try await onDedicatedThread(named: "test") { Self.threadID() }
        let second = try await onDedicatedThread(named: "test") { Self.threadID() }
        #expect(first != caller && second != caller && first != second)
        await #expect(throws: IIOSensorError.noIIOSubsystem) {
            try await onDedicatedThread(named: "test") { () throws(IIOSensorError) -> Int in throw .noIIOSubsystem }
        }
    }

    @Test(
        "the thread carries its name, cut to the kernel's 15 bytes at a character's start",
        arguments: [
            ("iio:device1", "iio:device1"), ("udev-monitor", "udev-monitor"),
            ("exactly-15-byte", "exactly-15-byte"), ("sixteen-bytes-xx", "sixteen-bytes-x"),
            ("fourteen-bytes\u{E9}", "fourteen-bytes"),
        ])
    func named(name: String, shown: String) async throws {
        let comm = try await onDedicatedThread(named: name) { Self.threadName() }
        #expect(comm == shown)
    }

    /// The calling thread's name, as the kernel keeps it (`comm`).
    private static func threadName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        let line = buffer.prefix(max(0, length))
        return String(decoding: line.last == UInt8(ascii: "\n") ? line.dropLast() : line, as: UTF8.self)
    }

    /// The calling thread's kernel id, from `/proc/thread-self` (a link to `PID/task/TID`; ids are not reused soon).
    private static func threadID() -> String {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/thread-self", $0.baseAddress!, $0.count) }
        }
        return String(decoding: buffer.prefix(max(0, length)), as: UTF8.self)
    }
}

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
        let first = try await onDedicatedThread { Self.threadID() }
        let second = try await onDedicatedThread { Self.threadID() }
        #expect(first != caller && second != caller && first != second)
        await #expect(throws: IIOSensorError.noIIOSubsystem) {
            try await onDedicatedThread { () throws(IIOSensorError) -> Int in throw .noIIOSubsystem }
        }
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

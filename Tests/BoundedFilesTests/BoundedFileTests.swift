import Foundation
import SystemPackage
import Testing

@testable import BoundedFiles

/// A small file read whole within its limit; anything else refused before it is read, with the reason in words.
@Suite("BoundedFile")
struct BoundedFileTests {
    private func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)\(suffix)").path
    }

    private func write(_ bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let path = temporaryPath(".bin")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    private func failure(_ path: String, limit: Int) -> String? {
        do {
            _ = try BoundedFile.read(FilePath(path), limit: limit)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("a file of exactly the limit is read whole with its permission bits; nothing at the path is nil")
    func readsUpToTheLimit() throws {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        let path = try write(bytes, mode: 0o640)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(try BoundedFile.read(FilePath(path), limit: 1000))
        #expect(file.bytes == bytes)
        #expect(file.mode == 0o640)
        #expect(try BoundedFile.read(FilePath(temporaryPath(".missing")), limit: 1000) == nil)
        let empty = try write([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try BoundedFile.read(FilePath(empty), limit: 0)?.bytes == [])
    }

    @Test("one byte over the limit is refused by its size, before it is read")
    func refusesALargerFile() throws {
        let path = try write([UInt8](repeating: 7, count: 1001))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(failure(path, limit: 1000) == "it holds 1001 bytes, more than the 1000 such a file can hold")
        // A sparse file of 1 TiB is refused the same way: nothing is allocated for its claimed size.
        let sparse = temporaryPath(".sparse")
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: sparse) }
        #expect(truncate(sparse, 1 << 40) == 0)
        #expect(failure(sparse, limit: 1 << 20) == "it holds 1099511627776 bytes, more than the 1048576 such a file can hold")
    }

    @Test("a FIFO without a writer is refused at once, as are a directory and a device", .timeLimit(.minutes(1)))
    func refusesWhatIsNotARegularFile() throws {
        let fifo = temporaryPath(".fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let reason = "it is not a regular file (a device, FIFO or directory)"
        #expect(failure(fifo, limit: 100) == reason)
        #expect(failure(FileManager.default.temporaryDirectory.path, limit: 100) == reason)
        #expect(failure("/dev/zero", limit: 100) == reason)
    }

    @Test("a file whose size says 0 but which has more to read (procfs) is read to its end, and refused past the limit")
    func readsWhatTheSizeDoesNotTell() throws {
        let status = try #require(try BoundedFile.read(FilePath("/proc/self/status"), limit: 1 << 16))
        let text = String(decoding: status.bytes, as: UTF8.self)
        #expect(text.hasPrefix("Name:"), "\(text.prefix(40))")
        #expect(text.contains("\nPid:"))
        #expect(failure("/proc/self/status", limit: 64) == "it grew past 64 bytes while it was read")
    }
}

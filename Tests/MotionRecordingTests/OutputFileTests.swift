import Foundation
import MotionRecording
import SystemPackage
import Testing

/// `OutputFile`, which writes every file a user names for output (a model, a picture, a calibration, device motion):
/// a file is replaced whole, a link keeps pointing at it, a device or FIFO is written, never replaced, and nothing
/// else beside it is touched.
@Suite("writing an output file the user named")
struct OutputFileTests {
    @Test("a regular file is replaced whole; through a symbolic link the file it names is, and the link stays")
    func regularFileAndLink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.path.appending("picture.svg").string
        let link = temporary.path.appending("link.svg").string
        try writeText("old", to: FilePath(file))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        try OutputFile.write(Array("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
        #expect(try readText(FilePath(file)) == "new")
        try OutputFile.write(Array("newer".utf8), to: file)
        #expect(try readText(FilePath(file)) == "newer")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string)) == ["picture.svg", "link.svg"])
    }

    @Test("files and links whose names a temporary file could take are left alone; the file's permissions are kept")
    func neighboursAndPermissions() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.path.appending("walk.svg")
        let notes = temporary.path.appending("walk.tmp")
        let elsewhere = temporary.path.appending("elsewhere.txt")
        try writeText("kept", to: notes)
        try writeText("kept too", to: elsewhere)
        for name in ["walk.svg.partial", ".walk.svg.tmp"] {
            try FileManager.default.createSymbolicLink(
                atPath: temporary.path.appending(name).string, withDestinationPath: elsewhere.string)
        }
        try writeText("old", to: file)
        try #require(chmod(file.string, 0o600) == 0)
        try OutputFile.write(Array("new".utf8), to: file.string)
        #expect(try readText(file) == "new")
        #expect(try readText(notes) == "kept" && readText(elsewhere) == "kept too")
        var status = stat()
        #expect(stat(file.string, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string))
                == ["walk.svg", "walk.tmp", "elsewhere.txt", "walk.svg.partial", ".walk.svg.tmp"])
    }

    @Test("written in parts, the file holds its old contents until the commit; given up, nothing is left behind")
    func writtenInParts() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.path.appending("motion.csv")
        try writeText("old", to: file)
        var output: OutputFile? = try OutputFile(path: file.string)
        try output?.write(Array("first half, ".utf8))
        #expect(try readText(file) == "old")
        output = nil
        #expect(try readText(file) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string) == ["motion.csv"])
        let complete = try OutputFile(path: file.string)
        try complete.write(Array("first half, ".utf8))
        try complete.write(Array("second half".utf8))
        #expect(try readText(file) == "old")
        try complete.commit()
        #expect(try readText(file) == "first half, second half")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string) == ["motion.csv"])
    }

    @Test("a FIFO is written in place, not replaced by a file; a directory is refused", .timeLimit(.minutes(1)))
    func fifoAndDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fifo = temporary.path.appending("fifo.svg").string
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try OutputFile.write(Array("through the pipe".utf8), to: fifo)
        var received = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &received, received.count)
        #expect(count == 16 && String(decoding: received.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
        var status = stat()
        #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        let refused = try #require(throws: OutputFile.Failure.self) { try OutputFile.write([], to: temporary.path.string) }
        #expect(refused.reason == "it is a directory")
    }

    @Test(
        "a character device (a /dev/null of the test's own) is written, not replaced by a file",
        .enabled(if: geteuid() == 0, "mknod needs root"))
    func characterDevice() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let device = temporary.path.appending("null").string
        // Major 1, minor 3 (the memory devices' null), in the encoding Linux keeps for numbers this small.
        try #require(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        try OutputFile.write(Array("discarded".utf8), to: device)
        var status = stat()
        #expect(stat(device, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string) == ["null"])
    }
}

import Foundation
import MotionSamples
import Testing

@testable import MotionRecording

/// Issue 10 points 2 and 3: files are read line by line in bounded memory, as real files are written.
@Suite("Line reader: real files, hostile files")
struct TextLineReaderTests {
    /// Every line of `bytes` written to a scratch file (the failure, if reading stops), with the last line's newline state.
    private func lines(
        of bytes: [UInt8], name: String = "input.csv"
    ) throws -> (lines: [String], failure: TextLineReader.Failure?, lastTerminated: Bool) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path.appending(name).string
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = try TextLineReader(path: path)
        var lines: [String] = []
        do {
            while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        } catch {
            return (lines, error, reader.lastLineWasTerminated)
        }
        return (lines, nil, reader.lastLineWasTerminated)
    }

    @Test("CRLF line ends, a UTF-8 byte-order mark and a missing last newline read like a clean file")
    func spreadsheetText() throws {
        let clean = try lines(of: Array("t_s,acc_x\n1,2\n3,4\n".utf8))
        let spreadsheet = try lines(of: [0xEF, 0xBB, 0xBF] + Array("t_s,acc_x\r\n1,2\r\n3,4".utf8))
        #expect(clean.lines == ["t_s,acc_x", "1,2", "3,4"])
        #expect(spreadsheet.lines == clean.lines)
        #expect(clean.lastTerminated)
        #expect(!spreadsheet.lastTerminated)
    }

    @Test("lines that cross the 64 KiB read chunks come out whole, in order, numbered")
    func chunkBoundaries() throws {
        let rows = (0..<20_000).map { "\($0),\(String(repeating: "x", count: $0 % 37))" }
        let result = try lines(of: Array((rows.joined(separator: "\n") + "\n").utf8))
        #expect(result.failure == nil)
        #expect(result.lines == rows)
    }

    @Test("a line longer than the limit is refused with its number, before it is held whole")
    func overlongLine() throws {
        let long = String(repeating: "1", count: TextLineReader.maximumLineLength + 1)
        let result = try lines(of: Array("t_s\n1\n\(long)\n2\n".utf8))
        #expect(result.lines == ["t_s", "1"])
        #expect(result.failure == .lineTooLong(line: 3))
        #expect(result.failure?.reason == "line 3 is longer than 65536 bytes; this is not a CSV file of samples")
        let exact = String(repeating: "1", count: TextLineReader.maximumLineLength)
        #expect(try lines(of: Array("\(exact)\n".utf8)).lines == [exact])
    }

    @Test("binary data (a NUL byte) is refused with its line")
    func binary() throws {
        let result = try lines(of: Array("t_s\n1\n".utf8) + [0x31, 0x00, 0x32, 0x0A])
        #expect(result.lines == ["t_s", "1"])
        #expect(result.failure == .binary(line: 3))
    }

    @Test("gzip files are decompressed as they are read; a truncated one is refused")
    func gzip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plain = directory.path.appending("samples.csv").string
        let text = (0..<5000).map { "\($0),\($0 * 2)" }.joined(separator: "\n") + "\n"
        try text.write(toFile: plain, atomically: true, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", plain]
        try gzip.run()
        gzip.waitUntilExit()
        let reader = try TextLineReader(path: plain + ".gz")
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 5000)

        let compressed = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
        let truncated = directory.path.appending("truncated.csv.gz").string
        try compressed.prefix(compressed.count / 2).write(to: URL(fileURLWithPath: truncated))
        let broken = try TextLineReader(path: truncated)
        #expect(throws: TextLineReader.Failure.self) { while try broken.next() != nil {} }
    }

    @Test("a device (/dev/zero) or a directory is refused before it is read; a FIFO is streamed to its end")
    func specialFiles() throws {
        #expect(throws: TextLineReader.Failure.notAFile(kind: "a device")) { try TextLineReader(path: "/dev/zero") }
        #expect(throws: TextLineReader.Failure.notAFile(kind: "a directory")) { try TextLineReader(path: "/tmp") }

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path.appending("fifo").string
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "seq 0 999 > \"$0\"", fifo]
        try writer.run()
        defer { writer.waitUntilExit() }
        let reader = try TextLineReader(path: fifo)
        var last = ""
        var count = 0
        while let line = try reader.next() {
            last = String(decoding: line, as: UTF8.self)
            count += 1
        }
        #expect(count == 1000)
        #expect(last == "999")
    }

    @Test("a replay batch never grows past its bound, even when every timestamp is the same")
    func boundedBatches() throws {
        let samples = (0..<10_000).map { _ in SensorSample(sensor: .accelerometer, timestamp: 5, value: .zero) }
        let reader = RecordingBatchReader(next: RecordingBatchReader.memoryRows(samples), batchDuration: 0.05)
        var sizes: [Int] = []
        while let batch = try reader.next() { sizes.append(batch.count) }
        #expect(sizes == [4096, 4096, 1808])
    }
}

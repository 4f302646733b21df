import Foundation
import SystemPackage
import Testing

@testable import MotionRecording

/// `FileIO.replaceAtomically`, which writes every `recording.json`: the file is replaced whole or not at all.
@Suite("replacing a file atomically")
struct AtomicReplaceTests {
    @Test("the bytes replace the file; a failed rename leaves the path as it was and no temporary file")
    func replacesOrLeavesNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.path.appending("recording.json")
        try FileIO.replaceAtomically(file, with: Array("{}\n".utf8))
        try FileIO.replaceAtomically(file, with: Array("{\"a\": 1}\n".utf8))
        #expect(try String(contentsOfFile: file.string, encoding: .utf8) == "{\"a\": 1}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string) == ["recording.json"])

        // A directory that is not empty cannot be replaced by a file: the rename fails.
        let taken = temporary.path.appending("taken.json")
        try FileManager.default.createDirectory(atPath: taken.appending("inside").string, withIntermediateDirectories: true)
        #expect(throws: RecordingError.self) { try FileIO.replaceAtomically(taken, with: Array("{}\n".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string).sorted() == ["recording.json", "taken.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: taken.string) == ["inside"])
    }
}

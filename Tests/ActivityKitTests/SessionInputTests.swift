import ActivityKit
import Foundation
import Testing

/// Which sessions a tool's paths name: every recording and dataset file below them, each once.
@Suite struct SessionInputTests {
    @Test(
        "links back up the tree, a second link to a recording and inputs inside another give each input once",
        .timeLimit(.minutes(1)))
    func eachInputOnceHoweverManyPathsLeadToIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("session-inputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let recording = root.appendingPathComponent("recording.imurec")
        let trial = root.appendingPathComponent("wlk_1")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: trial, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: recording.appendingPathComponent("recording.json"))
        let file = trial.appendingPathComponent("sub_1.csv")
        try Data("a\n".utf8).write(to: file)
        // Three links back to the top: without a check, 3^16 directories at the search's depth.
        for name in ["x", "y", "z"] {
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(name), withDestinationURL: root)
        }
        try FileManager.default.createSymbolicLink(
            at: trial.appendingPathComponent("the-same-recording"), withDestinationURL: recording)
        let inputs = try SessionLoader(sampleRate: 25).inputs(from: [root.path, trial.path, file.path, recording.path])
        #expect(inputs.map(\.path) == [recording.path, file.path])
        #expect(inputs.map { if case .recording = $0 { "recording" } else { "file" } } == ["recording", "file"])
    }

    @Test("a session deeper than the search goes is an error naming the folder it lies in, not left out unsaid")
    func deeperThanTheSearch() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("session-inputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // 16 levels below the path given: the deepest a file is found; one more level is not searched.
        let found = (1...15).reduce(root) { folder, level in folder.appendingPathComponent("\(level)") }
        try FileManager.default.createDirectory(at: found, withIntermediateDirectories: true)
        try Data("a\n".utf8).write(to: found.appendingPathComponent("sub_1.csv"))
        let loader = try SessionLoader(sampleRate: 25)
        #expect(try loader.inputs(from: [root.path]).map(\.path) == [found.appendingPathComponent("sub_1.csv").path])
        let deeper = found.appendingPathComponent("16")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        try Data("a\n".utf8).write(to: deeper.appendingPathComponent("sub_2.csv"))
        #expect(
            throws: ActivityError.unreadableFile(
                path: deeper.path, reason: "its contents lie more than 16 levels below the path given; name it instead")
        ) {
            try loader.inputs(from: [root.path])
        }
        #expect(try loader.inputs(from: [deeper.path]).map(\.path) == [deeper.appendingPathComponent("sub_2.csv").path])
    }
}

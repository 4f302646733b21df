import ActivityKit
import DatasetImporters
import Foundation
import MotionActivityKit
import MotionRecording
import SystemPackage
import Testing

/// The importer and the pedometer on the committed excerpt of the Oxford Step Counter dataset (Fixtures/README.md):
/// real walks with steps counted by a ground-truth device.
@Suite struct OxfordExcerptTests {
    /// The committed excerpt's dataset folder.
    static let dataset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/oxford-steps").path

    /// The ground truth at the excerpts' cut, read off their last rows (Fixtures/README.md).
    static let countedSteps = [
        "user1_backpocket_1506422470497": 98, "user2_frontpocket_1506422217391": 98, "user2_hand_1506421987098": 102,
    ]

    private static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("oxford-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("finds the walks, with subject and position from the file names, and their ground-truth counts")
    func walks() throws {
        let walks = try OxfordStepsImporter.walks(in: Self.dataset)
        #expect(walks.map(\.name) == Self.countedSteps.keys.sorted())
        #expect(walks.map(\.subject) == ["user1", "user2", "user2"])
        #expect(walks.map(\.position) == ["backpocket", "frontpocket", "hand"])
        for walk in walks { #expect(try OxfordStepsImporter.countedSteps(of: walk) == Self.countedSteps[walk.name]) }
        #expect(throws: DatasetImportError.self) { try OxfordStepsImporter.walks(in: Self.dataset + "/nothing-here") }
    }

    @Test("each imported walk is counted within 3 % of its ground truth", arguments: countedSteps.keys.sorted())
    func accuracy(name: String) async throws {
        let output = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let walk = try #require(try OxfordStepsImporter.walks(in: Self.dataset).first { $0.name == name })
        let metadata = try await OxfordStepsImporter.stream(of: walk).write(into: FilePath(output))
        #expect(metadata.countedSteps == Self.countedSteps[name])
        #expect(metadata.hasGyroscope == false)
        #expect(metadata.tag == "walking")
        #expect(metadata.counts?.raw == 6001)
        let recording = output + "/walking-oxford-\(name).imurec"
        let pedometer = try Pedometer(sampleRate: 25)
        _ = try LabelledSession.fuseRecording(at: recording, sampleRate: 25) { motions in
            for motion in motions { pedometer.process(motion) }
        }
        let counted = Double(try #require(metadata.countedSteps))
        let error = abs(Double(pedometer.numberOfSteps) - counted) / counted
        #expect(error <= 0.03, "\(name): \(pedometer.numberOfSteps) steps against \(Int(counted)) counted")
    }

    @Test("refuses a damaged file with its line")
    func damaged() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/user9_hand_1.csv"
        for text in ["1,2,3\n", "1000,0.1,0.2,9.8,0,nan,0\n", "1000,0.1,0.2,9.8,0,-3,0\n", "-5,0.1,0.2,9.8,0,1,0\n", "a,b,c,d,e,f,g\n"] {
            try "1000,0.1,0.2,9.8,0,0,0\n\(text)".write(toFile: path, atomically: true, encoding: .utf8)
            let walk = try #require(try OxfordStepsImporter.walks(in: folder).first)
            do {
                _ = try OxfordStepsImporter.countedSteps(of: walk)
                Issue.record("accepted the damaged line \(text)")
            } catch {
                guard case .malformedLine(_, let line, _) = error else {
                    Issue.record("\(error) for \(text)")
                    continue
                }
                #expect(line == 2)
            }
        }
    }
}

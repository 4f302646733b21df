import ActivityKit
import DatasetImporters
import DeviceMotionKit
import Foundation
import Testing

/// A MotionSense file is resampled as it is read and handed on in pieces, never held whole.
@Suite struct MotionSenseStreamingTests {
    @Test func aLongFileIsDeliveredInPiecesAndDropsEmptyFieldsAsNan() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("motionsense-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("wlk_2")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let header =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z"
        let rows = (0..<5000).map { index in
            index == 100
                ? "100,0,0,0,0,0,-1,,0,0,0,0,0" : index == 200 ? "200,0,0,0,0,0,-1,nan,0,0,0,0,0" : "\(index),0,0,0,0,0,-1,0.5,0,0,0,0,0"
        }
        let file = folder.appendingPathComponent("sub_7.csv")
        try ([header] + rows).joined(separator: "\n").appending("\n").write(to: file, atomically: true, encoding: .utf8)
        var pieces: [Int] = []
        let summary = try MotionSenseFileFormat().stream(at: file.path, sampleRate: 25, labels: .canonical) { motions in
            pieces.append(motions.count)
        }
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0 <= 64 })
        #expect(summary.motionCount == pieces.reduce(0, +))
        #expect(summary.motionCount == 2500)
        #expect(summary.droppedReadings == 2)
        #expect(summary.label == "walking")
        #expect(summary.group == "sub_7")
    }

    @Test("SessionLoader reads a dataset's file only through a SessionFileFormat it is given, with its labels")
    func loaderReadsDatasetFilesThroughItsFormats() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = packageRoot.appendingPathComponent("Fixtures/motionsense/A_DeviceMotion_data/wlk_7/sub_1.csv.gz")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(throws: ActivityError.self) { try SessionLoader(sampleRate: 25).sessions(from: [file.path]) }
        do {
            _ = try SessionLoader(sampleRate: 25).sessions(from: [file.path])
        } catch {
            #expect(error.description.contains("not a file imu-bridge reads; expected a recording directory"), "\(error)")
        }
        let walking = try SessionLoader(sampleRate: 25, fileFormats: DatasetFiles.formats).sessions(from: [file.path])
        #expect(walking.map(\.label) == ["walking"])
        let renamed = try SessionLoader(sampleRate: 25, labels: LabelMap(entries: ["wlk": "strolling"]), fileFormats: DatasetFiles.formats)
            .sessions(from: [file.path])
        #expect(renamed.map(\.label) == ["strolling"])
    }
}

import ActivityKit
import DatasetImporters
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// UCI HAPT may not be committed, so these tests build a tiny dataset in HAPT's exact layout:
/// `RawData/labels.txt` and gzip-compressed `RawData/{acc,gyro}_expNN_userMM.txt.gz`.
@Suite("HAPT import")
struct HAPTImporterTests {
    /// Writes a synthetic HAPT folder: experiment 3 of user 2, 40 samples, three labelled segments.
    private func makeDataset(in temporary: TemporaryDirectory) throws -> String {
        let rawData = temporary.path.appending("hapt/RawData")
        try FileManager.default.createDirectory(atPath: rawData.string, withIntermediateDirectories: true)
        // Android sign: at rest, upright, the phone reads about +1 g on y.
        let acceleration = (0..<40).map { "\(0.01 * Double($0)) 1.0 -0.0\($0 % 10)" }
        let rotation = (0..<40).map { "0.5 \(-0.1 * Double($0)) 0" }
        try writeGzip(acceleration.joined(separator: "\n") + "\n", to: rawData.appending("acc_exp03_user02.txt.gz"))
        try writeGzip(rotation.joined(separator: "\n") + "\n", to: rawData.appending("gyro_exp03_user02.txt.gz"))
        try writeText("3 2 5 2 11\n3 2 8 12 15\n3 2 1 16 45\n", to: rawData.appending("labels.txt"))
        return temporary.path.appending("hapt").string
    }

    @Test("keeps the segments of the six basic activities and drops transitions")
    func segments() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let segments = try HAPTImporter.segments(in: dataset)
        #expect(segments.map(\.activity) == [5, 1])
        #expect(segments.map(\.tag) == ["standing", "walking"])
        #expect(segments.map(\.subject) == ["user02", "user02"])
        #expect(segments.first?.start == 2 && segments.first?.end == 11)
    }

    @Test("a label map renames HAPT's labels (by its own names) and brings in a transition it names")
    func labelMap() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let labels = try LabelMap(entries: ["STANDING": "upright", "SIT_TO_STAND": "getting_up", "walking": "strolling"])
        let segments = try HAPTImporter.segments(in: dataset, labels: labels)
        #expect(segments.map(\.activity) == [5, 8, 1])
        #expect(segments.map(\.tag) == ["upright", "getting_up", "strolling"])
    }

    @Test("raw stream: acceleration negated into CoreMotion's sign, gyro unchanged, timestamps index / 50")
    func rawStream() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let segments = try HAPTImporter.segments(in: dataset)
        let experiment = try HAPTImporter.experiment(of: segments[0], in: dataset)
        let raw = HAPTImporter.raw(of: segments[0], in: experiment)
        #expect(raw.count == 20)
        #expect(raw[0] == SensorSample(sensor: .accelerometer, timestamp: 0.04, value: Vector3(x: -0.02, y: -1, z: 0.02)))
        #expect(raw[1] == SensorSample(sensor: .gyroscope, timestamp: 0.04, value: Vector3(x: 0.5, y: -0.2, z: 0)))
        #expect(raw[19].timestamp == 11.0 / 50)

        let session = HAPTImporter.session(of: segments[0], raw: raw)
        #expect(session.directoryName == "standing-hapt-exp03-user02-2.imurec")
        #expect(session.metadata.subject == "user02")
        #expect(session.metadata.rawRate == 50)
    }

    @Test("a segment running past the end of the files keeps the samples that exist")
    func segmentPastTheEnd() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let segment = try #require(try HAPTImporter.segments(in: dataset).last)
        let raw = HAPTImporter.raw(of: segment, in: try HAPTImporter.experiment(of: segment, in: dataset))
        #expect(raw.count == 2 * (39 - 16 + 1))
    }

    @Test("imported segments write recordings that read back complete")
    func writesRecordings() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let segment = try #require(try HAPTImporter.segments(in: dataset).first)
        let session = HAPTImporter.session(
            of: segment, raw: HAPTImporter.raw(of: segment, in: try HAPTImporter.experiment(of: segment, in: dataset)))
        try await session.write(into: temporary.path)
        let recording = try RecordingReader.read(temporary.path.appending(session.directoryName))
        #expect(recording.isComplete)
        #expect(recording.raw.map(\.sensor) == session.raw.map(\.sensor))
        #expect(zip(recording.raw, session.raw).allSatisfy { $0.timestamp == $1.timestamp && agrees($0.value, $1.value) })
        #expect(recording.metadata.tag == "standing")
    }

    @Test("a wrong folder, a missing file and a damaged label line are reported clearly")
    func errors() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(
            throws: DatasetImportError.notADataset(
                path: temporary.path.string,
                expected: "RawData/labels.txt with RawData/acc_expNN_userMM.txt.gz and gyro_expNN_userMM.txt.gz"
            )
        ) {
            try HAPTImporter.segments(in: temporary.path.string)
        }
        let dataset = try makeDataset(in: temporary)
        let labels = FilePath(dataset).appending("RawData/labels.txt")
        try writeText("3 2 5 2 11\n3 2 1 x 45\n", to: labels)
        #expect(throws: DatasetImportError.malformedLine(path: labels.string, line: 2, reason: "'x' is not a number")) {
            try HAPTImporter.segments(in: dataset)
        }
        try writeText("4 2 5 2 11\n", to: labels)
        let segment = try #require(try HAPTImporter.segments(in: dataset).first)
        #expect(
            throws: DatasetImportError.unreadableFile(path: dataset + "/RawData/acc_exp04_user02.txt.gz", reason: "the file is missing")
        ) {
            try HAPTImporter.experiment(of: segment, in: dataset)
        }
    }

    @Test("a labels.txt of more segments than HAPT could hold is refused at the first one too many, not read into memory")
    func tooManySegments() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let labels = FilePath(dataset).appending("RawData/labels.txt")
        // Transitions (activity 8) are not kept, so they do not count; the segments kept do.
        let kept = String(repeating: "3 2 5 2 11\n", count: HAPTImporter.maximumSegments)
        try writeText("3 2 8 12 15\n" + kept, to: labels)
        #expect(try HAPTImporter.segments(in: dataset).count == HAPTImporter.maximumSegments)
        try writeText("3 2 8 12 15\n" + kept + "3 2 1 16 45\n", to: labels)
        let expected = DatasetImportError.malformedLine(
            path: labels.string, line: HAPTImporter.maximumSegments + 2,
            reason: "more than 100000 segments, where HAPT's labels.txt gives about 20 per experiment")
        #expect(throws: expected) { _ = try HAPTImporter.segments(in: dataset) }
    }

    @Test("a blank line among the samples is refused with its number (it would shift the labels); blank lines at the end are not")
    func blankLines() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let rawData = FilePath(dataset).appending("RawData")
        let rotation = (0..<40).map { "0.5 \(-0.1 * Double($0)) 0" }
        try FileManager.default.removeItem(atPath: rawData.appending("gyro_exp03_user02.txt.gz").string)
        try writeText(rotation.joined(separator: "\n") + "\n\n \n", to: rawData.appending("gyro_exp03_user02.txt"))
        let segment = try #require(try HAPTImporter.segments(in: dataset).last)
        #expect(try HAPTImporter.experiment(of: segment, in: dataset).rotationRate.count == 40)
        let blank = rotation[..<20].joined(separator: "\n") + "\n\n" + rotation[20...].joined(separator: "\n") + "\n"
        try writeText(blank, to: rawData.appending("gyro_exp03_user02.txt"))
        let expected = DatasetImportError.malformedLine(
            path: rawData.appending("gyro_exp03_user02.txt").string, line: 21,
            reason: "blank line among the samples (every line is one sample index, so it would shift the labels after it)")
        #expect(throws: expected) { try HAPTImporter.experiment(of: segment, in: dataset) }
        let reader = try HAPTExperimentReader(of: segment, in: dataset)
        var batches = HAPTImporter.stream(of: segment, reader: reader).source
        #expect(throws: expected) { try batches.next() }
        // The reader then starts again, so a segment after it never reads shifted samples.
        var again = HAPTImporter.stream(of: segment, reader: reader).source
        #expect(throws: expected) { try again.next() }
    }

    @Test(
        "a nan, an inf or a number too large for a Double among the samples is refused with its line (found by the hapt fuzz target)",
        arguments: ["nan", "inf", "-0.100e5921372217095"])
    func nonFiniteValue(_ value: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let rawData = FilePath(dataset).appending("RawData")
        var rotation = (0..<40).map { "0.5 \(-0.1 * Double($0)) 0" }
        rotation[11] = "0.5 \(value) 0"
        try FileManager.default.removeItem(atPath: rawData.appending("gyro_exp03_user02.txt.gz").string)
        try writeText(rotation.joined(separator: "\n") + "\n", to: rawData.appending("gyro_exp03_user02.txt"))
        let segment = try #require(try HAPTImporter.segments(in: dataset).last)
        let expected = DatasetImportError.malformedLine(
            path: rawData.appending("gyro_exp03_user02.txt").string, line: 12, reason: "a value that is not a finite number")
        #expect(throws: expected) { try HAPTImporter.experiment(of: segment, in: dataset) }
    }

    @Test("segments streamed in any order through one reader give the samples of their own indices")
    func streamedSegmentsInAnyOrder() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let dataset = try makeDataset(in: temporary)
        let segments = try HAPTImporter.segments(in: dataset)
        let experiment = try HAPTImporter.experiment(of: segments[0], in: dataset)
        let reader = try HAPTExperimentReader(of: segments[0], in: dataset)
        for segment in [segments[1], segments[0], segments[1]] {
            var batches = HAPTImporter.stream(of: segment, reader: reader).source
            var raw: [SensorSample] = []
            while let batch = try batches.next() { raw += batch.raw }
            #expect(raw == HAPTImporter.raw(of: segment, in: experiment))
        }
    }

    private func writeGzip(_ text: String, to path: FilePath) throws {
        var plain = path
        plain.extension = nil
        try writeText(text, to: plain)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-n", plain.string]
        try gzip.run()
        gzip.waitUntilExit()
        try #require(gzip.terminationStatus == 0, "gzip is needed to build the synthetic HAPT files")
    }
}

import ActivityKit
import DatasetImporters
import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

@Suite("MotionSense import")
struct MotionSenseImporterTests {
    @Test("finds the trial files, with tags and subjects from the folder and file names")
    func findsTrials() throws {
        let trials = try MotionSenseImporter.trials(in: FixturePaths.motionSense)
        #expect(trials.map(\.trial) == ["std_6", "std_6", "wlk_7", "wlk_7"])
        #expect(trials.map(\.tag) == ["standing", "standing", "walking", "walking"])
        #expect(trials.map(\.subject) == ["sub_1", "sub_2", "sub_1", "sub_2"])
    }

    @Test("raw stream is gravity + userAcceleration and rotationRate at 50 Hz, exactly as in the file")
    func rawStream() throws {
        let trial = try #require(
            try MotionSenseImporter.trials(in: FixturePaths.motionSense).first { $0.trial == "std_6" && $0.subject == "sub_2" })
        let session = try MotionSenseImporter.session(for: trial, motionRate: 25)
        #expect(session.raw.count == 200)
        let accelerometer = session.raw.filter { $0.sensor == .accelerometer }
        let gyroscope = session.raw.filter { $0.sensor == .gyroscope }
        #expect(accelerometer.count == 100 && gyroscope.count == 100)
        // Row 0: gravity (0.185901, 0.981323, 0.049441), userAcceleration (-0.050953, -0.01596, 0.056272).
        #expect(
            agrees(accelerometer[0].value, Vector3(x: 0.185901 - 0.050953, y: 0.981323 - 0.01596, z: 0.049441 + 0.056272), decimals: 12))
        #expect(agrees(gyroscope[0].value, Vector3(x: 0.116466, y: 0.026714, z: 0.034852), decimals: 12))
        #expect(accelerometer[1].timestamp == 0.02)
        #expect(accelerometer[99].timestamp == 99.0 / 50)
        #expect(session.metadata.tag == "standing")
        #expect(session.metadata.subject == "sub_2")
        #expect(session.metadata.rawRate == 50)
        #expect(session.metadata.motionRate == 25)
        #expect(session.directoryName == "standing-motionsense-std_6-sub_2.imurec")
    }

    @Test("roll, pitch and yaw become the quaternion whose down direction is the recorded gravity")
    func attitudeMatchesGravity() {
        let q = Quaternion(coreMotionRoll: 1.830732, pitch: -1.3772209999999998, yaw: 1.975182)
        #expect(agrees(Self.gravity(of: q), Vector3(x: 0.185901, y: 0.981323, z: 0.049441), decimals: 4))
        let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        #expect(abs(norm - 1) < 1e-12)
    }

    @Test("motion stream is resampled onto the 25 Hz grid with unit quaternions consistent with gravity")
    func motionStream() throws {
        let trial = try #require(
            try MotionSenseImporter.trials(in: FixturePaths.motionSense).first { $0.trial == "wlk_7" && $0.subject == "sub_1" })
        let session = try MotionSenseImporter.session(for: trial, motionRate: 25)
        #expect(session.motion.count == 75)
        for (index, motion) in session.motion.enumerated() {
            #expect(abs(motion.timestamp - Double(index) * 0.04) < 1e-9)
            let q = motion.attitude.quaternion
            #expect(abs((q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z) - 1) < 1e-9)
            #expect(abs(motion.gravity.norm - 1) < 1e-9)
            #expect((Self.gravity(of: q) - motion.gravity).norm < 0.02)
        }
    }

    @Test("imported sessions write recordings that read back complete")
    func writesRecordings() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        for trial in try MotionSenseImporter.trials(in: FixturePaths.motionSense) {
            let session = try MotionSenseImporter.session(for: trial, motionRate: 25)
            try await session.write(into: temporary.path)
            let recording = try RecordingReader.read(temporary.path.appending(session.directoryName))
            #expect(recording.isComplete)
            #expect(recording.metadata.tag == trial.tag)
            #expect(recording.raw.count == session.raw.count)
            #expect(recording.motion.count == session.motion.count)
            await #expect(throws: RecordingError.alreadyExists(path: temporary.path.appending(session.directoryName).string)) {
                try await session.write(into: temporary.path)
            }
        }
    }

    @Test("a folder that is not MotionSense is rejected with what was expected")
    func wrongFolder() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let error = try #require(throws: DatasetImportError.self) { try MotionSenseImporter.trials(in: temporary.path.string) }
        #expect(error.description.contains("A_DeviceMotion_data/<dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv.gz"))
    }

    @Test("a damaged row is rejected with file and line")
    func damagedRow() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let folder = temporary.path.appending("A_DeviceMotion_data/jog_9")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        let header =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z"
        try writeText(header + "\n0,0,0,0,0,0,-1,0,0,0,0,0,0\n1,0,0,0,0,0,-1,0,0\n", to: folder.appending("sub_3.csv"))
        let trial = try #require(try MotionSenseImporter.trials(in: temporary.path.string).first)
        #expect(trial.tag == "running")
        #expect(
            try MotionSenseImporter.trials(in: temporary.path.string, labels: LabelMap(entries: ["jog": "jogging"])).first?.tag == "running"
        )
        #expect(
            try MotionSenseImporter.trials(in: temporary.path.string, labels: LabelMap(entries: ["jog": "sprint"])).first?.tag == "sprint")
        #expect(
            throws: DatasetImportError.malformedLine(path: folder.appending("sub_3.csv").string, line: 3, reason: "9 columns, expected 13")
        ) {
            try MotionSenseImporter.session(for: trial, motionRate: 25)
        }
    }

    /// A MotionSense trial of `rows` rows at rest, face up, with `tail` appended after them.
    private func longTrial(rows: Int, tail: String = "", in temporary: TemporaryDirectory) throws -> MotionSenseImporter.Trial {
        let folder = temporary.path.appending("A_DeviceMotion_data/sit_5")
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        let header =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z"
        let body = (0..<rows).map { "\($0),0,0,0,0,0,-1,0.5,0,0,0,0,0\n" }.joined()
        try writeText(header + "\n" + body + tail, to: folder.appending("sub_4.csv"))
        return try #require(try MotionSenseImporter.trials(in: temporary.path.string).first)
    }

    @Test("a long file is imported in bounded batches, the same rows a whole read gives, and written as they come")
    func streamsInBatches() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let trial = try longTrial(rows: 5000, in: temporary)
        var batches = try MotionSenseBatches(trial: trial, motionRate: 25)
        var raw = 0
        var motion = 0
        var count = 0
        while let batch = try batches.next() {
            count += 1
            #expect(batch.raw.count <= 2 * 1024)
            raw += batch.raw.count
            motion += batch.motion.count
        }
        #expect(count == 5)
        #expect(raw == 2 * 5000)
        let whole = try MotionSenseImporter.session(for: trial, motionRate: 25)
        #expect(whole.raw.count == raw)
        #expect(whole.motion.count == motion)
        #expect(motion == 2500)
        let output = temporary.path.appending("out")
        try FileManager.default.createDirectory(atPath: output.string, withIntermediateDirectories: true)
        let metadata = try await MotionSenseImporter.stream(for: trial, motionRate: 25).write(into: output)
        #expect(metadata.complete)
        #expect(metadata.counts == RecordingCounts(raw: 5000, motion: 2500, events: 0))
    }

    @Test("a file damaged after its first batches is refused with its line, and nothing of it is left in the output")
    func damagedLateLeavesNothing() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let trial = try longTrial(rows: 3000, tail: "3000,0,0,x\n", in: temporary)
        let output = temporary.path.appending("out")
        try FileManager.default.createDirectory(atPath: output.string, withIntermediateDirectories: true)
        let stream = try MotionSenseImporter.stream(for: trial, motionRate: 25)
        let directory = output.appending(stream.directoryName)
        await #expect(throws: DatasetImportError.malformedLine(path: trial.path, line: 3002, reason: "'x' is not a number")) {
            try await stream.write(into: output)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.string))
    }

    /// Gravity in the device frame for an attitude rotating device vectors into a z-up reference frame.
    static func gravity(of q: Quaternion) -> Vector3 {
        -Vector3(x: 2 * (q.x * q.z - q.w * q.y), y: 2 * (q.y * q.z + q.w * q.x), z: 1 - 2 * (q.x * q.x + q.y * q.y))
    }
}

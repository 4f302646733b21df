import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

@Suite("Recording format versions")
struct FormatVersionTests {
    /// The committed version 1 recording: 10 s of MotionSense walking, as imu-bridge wrote it before version 2.
    private let versionOne = FilePath(FixturePaths.packageRoot.appendingPathComponent("Fixtures/recordings/format-v1.imurec").path)

    @Test("a version 1 recording still loads: 500 instants of both sensors, 250 motion rows, complete")
    func versionOneLoads() throws {
        let recording = try RecordingReader.read(versionOne)
        #expect(recording.metadata.formatVersion == 1)
        #expect(recording.isComplete && !recording.isTruncated)
        #expect(recording.raw.count == 1000 && recording.rawRowCount == 1000)
        #expect(recording.raw.filter { $0.sensor == .gyroscope }.count == 500)
        #expect(recording.motion.count == 250)
        let first = try #require(recording.raw.first)
        #expect(first.sensor == .accelerometer && first.value == Vector3(x: -0.266922, y: 0.868591, z: -0.093811))
        let motion = try #require(recording.motion.first)
        #expect(motion.attitude.quaternion.w == 0.48230896 && motion.userAcceleration.x == 0.09997784)
    }

    @Test("converted to version 2 it holds the same readings in half the raw rows and gives the same device motion")
    func versionTwoMatchesVersionOne() async throws {
        let old = try RecordingReader.read(versionOne)
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        var metadata = old.metadata
        metadata.formatVersion = RecordingMetadata.formatVersionWithoutMagnetometer
        let writer = try RecordingWriter(creating: temporary.path.appending("v2.imurec"), metadata: metadata)
        try await writer.append(raw: old.raw)
        try await writer.append(motion: old.motion)
        try await writer.finish()
        let new = try RecordingReader.read(writer.directory)

        #expect(new.metadata.formatVersion == 2)
        #expect(new.rawRowCount == 500 && new.metadata.counts?.raw == 500)
        #expect(new.raw == old.raw)
        #expect(new.motion == old.motion)
        #expect(try fused(old.raw) == fused(new.raw))
        #expect(try fused(new.raw).count > 240)
    }

    @Test("version 2 raw.csv: one row per instant in the MotionField columns, a sensor without a reading left empty")
    func wideRawRows() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("wide.imurec"), metadata: SampleData.metadata())
        try await writer.append(raw: [
            SensorSample(sensor: .accelerometer, timestamp: 1, value: Vector3(x: 0, y: 0, z: -1)),
            SensorSample(sensor: .gyroscope, timestamp: 1, value: Vector3(x: 0.5, y: 0, z: 0)),
            SensorSample(sensor: .gyroscope, timestamp: 1.005, value: Vector3(x: 0.25, y: 0, z: 0)),
            SensorSample(sensor: .accelerometer, timestamp: 1.01, value: Vector3(x: .nan, y: 0, z: -1)),
        ])
        try await writer.finish()
        #expect(
            try readText(writer.directory.appending("raw.csv")) == """
                timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z
                1.000000,0.00000000,0.00000000,-1.00000000,0.50000000,0.00000000,0.00000000
                1.005000,,,,0.25000000,0.00000000,0.00000000
                1.010000,nan,0.00000000,-1.00000000,,,

                """)
        let read = try RecordingReader.read(writer.directory)
        #expect(read.raw.map(\.sensor) == [.accelerometer, .gyroscope, .gyroscope, .accelerometer])
        #expect(read.raw[3].value.x.isNaN && read.rawRowCount == 3)
        #expect(
            try readText(writer.directory.appending("motion.csv"))
                == "timestamp,attitude_w,attitude_x,attitude_y,attitude_z,gravity_x,gravity_y,gravity_z,user_acceleration_x,"
                + "user_acceleration_y,user_acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z\n")
    }

    @Test("a version 2 row with no reading at all is an accelerometer reading of nan, for the pipeline to drop")
    func emptyWideRow() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try versionTwoRecording(in: temporary, raw: "2.000000,,,,,,\n")
        let read = try RecordingReader.read(directory)
        #expect(read.raw.count == 1 && read.raw[0].sensor == .accelerometer && read.raw[0].value.x.isNaN)
    }

    @Test("a version 1 header in a version 2 recording, and version 3, are refused naming what was expected")
    func mismatchedVersions() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = try versionTwoRecording(in: temporary, raw: "")
        try writeText("timestamp,sensor,x,y,z\n", to: directory.appending("raw.csv"))
        #expect(throws: RecordingError.self) { try RecordingReader.read(directory) }
        let metadata = try readText(directory.appending("recording.json"))
        try writeText(
            metadata.replacingOccurrences(of: "\"format_version\" : 2", with: "\"format_version\" : 4"),
            to: directory.appending("recording.json"))
        let error = try #require(throws: RecordingError.self) { try RecordingReader.read(directory) }
        #expect("\(error)".contains("reads versions 1 to 3"))
    }

    /// A finished-looking, incomplete version 2 recording whose `raw.csv` body is `raw`.
    private func versionTwoRecording(in temporary: TemporaryDirectory, raw: String) throws -> FilePath {
        let directory = temporary.path.appending("hand.imurec")
        _ = try RecordingWriter(creating: directory, metadata: SampleData.metadata())
        let header = MotionField.columns(MotionField.sample).joined(separator: ",")
        try writeText(header + "\n" + raw, to: directory.appending("raw.csv"))
        return directory
    }

    /// Device motion fused from `raw` by the pipeline the tools use, at 25 Hz.
    private func fused(_ raw: [SensorSample]) throws -> [DeviceMotion] {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: 50)
        var output: [DeviceMotion] = []
        pipeline.append(raw, into: &output)
        pipeline.finish(into: &output)
        return output
    }
}

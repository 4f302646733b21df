import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

@Suite("Recording round trip")
struct RoundTripTests {
    @Test("metadata, raw, motion and events read back as written, to the printed precision")
    func roundTrip() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let raw = SampleData.raw(count: 300)
        let motion = SampleData.motion(count: 75)
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        try await writer.append(raw: Array(raw[..<200]))
        try await writer.append(motion: Array(motion[..<30]))
        try await writer.mark(SampleData.events[0])
        try await writer.append(raw: Array(raw[200...]))
        try await writer.append(motion: Array(motion[30...]))
        try await writer.mark(SampleData.events[1])
        try await writer.mark(SampleData.events[2])
        let finished = try await writer.finish()

        let recording = try RecordingReader.read(writer.directory)
        #expect(recording.isComplete)
        #expect(!recording.isTruncated)
        #expect(recording.metadata == finished)
        #expect(finished.counts == RecordingCounts(raw: 300, motion: 75, events: 3))
        #expect(finished.monotonicEnd == raw.last?.timestamp)
        #expect(recording.metadata.tag == "walking")
        #expect(recording.metadata.subject == "sub_7")
        #expect(recording.metadata.device.mountMatrix == [0, 1, 0, -1, 0, 0, 0, 0, 1])
        #expect(recording.metadata.wallClockStart?.iso8601 == "2026-09-21T14:13:20.250Z")

        #expect(recording.raw.count == raw.count)
        for (read, written) in zip(recording.raw, raw) {
            #expect(read.sensor == written.sensor)
            #expect(agrees(read.timestamp, written.timestamp, decimals: 6))
            #expect(agrees(read.value, written.value))
        }
        #expect(recording.motion.count == motion.count)
        for (read, written) in zip(recording.motion, motion) {
            #expect(agrees(read.timestamp, written.timestamp, decimals: 6))
            let q = read.attitude.quaternion
            let p = written.attitude.quaternion
            #expect(agrees(Vector3(x: q.x, y: q.y, z: q.z), Vector3(x: p.x, y: p.y, z: p.z)) && agrees(q.w, p.w, decimals: 8))
            #expect(agrees(read.gravity, written.gravity))
            #expect(agrees(read.userAcceleration, written.userAcceleration))
            #expect(agrees(read.rotationRate, written.rotationRate))
        }
        #expect(recording.events == SampleData.events)
    }

    @Test("the CSV files are plain decimal text with a header row")
    func plainText() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("plain.imurec"), metadata: SampleData.metadata())
        try await writer.append(raw: [SensorSample(sensor: .accelerometer, timestamp: 12.5, value: Vector3(x: 1e-9, y: -0.000001, z: -1))])
        try await writer.mark(SampleData.events[1])
        try await writer.finish()
        #expect(
            try readText(writer.directory.appending("raw.csv"))
                == "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z\n"
                + "12.500000,0.00000000,-0.00000100,-1.00000000,,,\n")
        #expect(
            try readText(writer.directory.appending("events.csv"))
                == "timestamp,kind,duration,detail\n1236.000000,sensor_removed,,\"iio:device0, \"\"mpu6050\"\" unplugged\"\n")
        #expect(
            try readText(writer.directory.appending("motion.csv")).hasPrefix(
                "timestamp,attitude_w,attitude_x,attitude_y,attitude_z,gravity_x,"))
    }

    @Test("magnetometer readings leave raw.csv as it is without them (format 2 has no columns for them)")
    func magnetometerLeftOut() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("magn.imurec"), metadata: SampleData.metadata())
        let acceleration = Vector3(x: 0, y: 0, z: -1)
        let rotation = Vector3(x: 0.5, y: 0, z: 0)
        let field = Vector3(x: 20, y: 0, z: -40)
        try await writer.append(raw: [
            SensorSample(sensor: .accelerometer, timestamp: 1, value: acceleration),
            SensorSample(sensor: .gyroscope, timestamp: 1, value: rotation),
            SensorSample(sensor: .magnetometer, timestamp: 1, value: field),
            SensorSample(sensor: .magnetometer, timestamp: 1.5, value: field),
            SensorSample(sensor: .accelerometer, timestamp: 2, value: acceleration),
        ])
        try await writer.finish()
        #expect(
            try readText(writer.directory.appending("raw.csv"))
                == "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z\n"
                + "1.000000,0.00000000,0.00000000,-1.00000000,0.50000000,0.00000000,0.00000000\n"
                + "2.000000,0.00000000,0.00000000,-1.00000000,,,\n")
    }

    @Test("latestReading is the latest raw reading however the batches came (a split IMU's halves), never a motion row")
    func latestReading() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creating: temporary.path.appending("split.imurec"), metadata: SampleData.metadata())
        #expect(await writer.latestReading == nil)
        let accelerometer = SampleData.raw(count: 6, start: 10).filter { $0.sensor == .accelerometer }
        let gyroscope = SampleData.raw(count: 4, start: 9.98).filter { $0.sensor == .gyroscope }
        // The accelerometer's batch up to 10.05, then the gyroscope's, which ends at 10.01 (as the kernel VM's HID hub
        // once handed them over just before its removal), then device motion for a later time, then no reading at all.
        try await writer.append(raw: accelerometer)
        try await writer.append(raw: gyroscope)
        try await writer.append(motion: SampleData.motion(count: 1, start: 10.2))
        try await writer.append(raw: [])
        #expect(await writer.latestReading == 10.05)
        try await writer.finish()
        #expect(await writer.latestReading == 10.05)
    }

    @Test("recording.json says complete: false while writing and complete: true after finish()")
    func metadataLifecycle() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        try await writer.append(raw: SampleData.raw(count: 10))
        try await writer.sync()
        let during = try RecordingReader.read(writer.directory)
        #expect(!during.isComplete)
        #expect(during.metadata.counts == nil)
        #expect(during.raw.count == 20)
        try await writer.finish()
        #expect(try RecordingReader.read(writer.directory).isComplete)
        #expect(try readText(writer.directory.appending("recording.json")).contains("\"format_version\" : 2"))
    }

    @Test("directory names follow <tag>-<yyyyMMdd-HHmmss>-<shortid>.imurec in UTC")
    func directoryName() throws {
        let name = RecordingName.directoryName(
            for: SampleData.metadata(tag: "walking up/stairs"), createdAt: .init(timeIntervalSince1970: 0))
        #expect(name == "walking_up_stairs-20260921-141320-0f8fad5b.imurec")
    }

    @Test("an existing path is never overwritten, and the refused recording leaves nothing behind")
    func refusesToOverwrite() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path.appending("taken.imurec")
        let first = try RecordingWriter(creating: path, metadata: SampleData.metadata())
        try await first.append(raw: SampleData.raw(count: 5))
        try await first.finish()
        #expect(throws: RecordingError.alreadyExists(path: path.string)) {
            _ = try RecordingWriter(creating: path, metadata: SampleData.metadata())
        }
        #expect(try RecordingReader.read(path).raw.count == 10)
        // The refused writer's staging directory (".taken.imurec.N.creating", its files written) is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path.string) == ["taken.imurec"])
    }

    @Test("appending after finish() is an error and finish() is idempotent")
    func appendAfterFinish() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        let first = try await writer.finish()
        #expect(try await writer.finish() == first)
        await #expect(throws: RecordingError.alreadyFinished(path: writer.directory.string)) {
            try await writer.append(raw: SampleData.raw(count: 1))
        }
    }

    @Test("non-finite values are written as nan/inf and read back")
    func nonFinite() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        try await writer.append(raw: [SensorSample(sensor: .gyroscope, timestamp: 1, value: Vector3(x: .nan, y: .infinity, z: -.infinity))])
        try await writer.finish()
        let value = try #require(try RecordingReader.read(writer.directory).raw.first).value
        #expect(value.x.isNaN && value.y == .infinity && value.z == -.infinity)
    }
}

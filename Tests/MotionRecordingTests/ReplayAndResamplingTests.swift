import DatasetImporters
import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

@Suite("Replay and motion resampling")
struct ReplayAndResamplingTests {
    @Test("replay delivers every raw sample in order, in batches of at most batchDuration")
    func replayBatches() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = try RecordingWriter(creatingIn: temporary.path, metadata: SampleData.metadata())
        let raw = SampleData.raw(count: 100)
        try await writer.append(raw: raw)
        try await writer.finish()

        let source = try RecordingReplaySource(contentsOf: writer.directory, batchDuration: 0.1)
        #expect(source.hasGyroscope)
        #expect(source.nominalRate == 100)
        #expect(source.name == writer.directory.lastComponent?.string)
        var replayed: [[SensorSample]] = []
        for try await batch in source.readings() { replayed.append(batch) }
        #expect(replayed.count == 10)
        #expect(replayed.allSatisfy { batch in (batch.last?.timestamp ?? 0) - (batch.first?.timestamp ?? 0) < 0.1 })
        let flattened = replayed.flatMap { $0 }
        #expect(flattened.map(\.sensor) == raw.map(\.sensor))
        #expect(zip(flattened, raw).allSatisfy { agrees($0.timestamp, $1.timestamp, decimals: 6) && agrees($0.value, $1.value) })
    }

    @Test("a still device-motion stream resamples to the same values on the output grid")
    func constantMotion() throws {
        let still = DeviceMotion(
            timestamp: 0, attitude: Attitude(quaternion: Quaternion(w: 0.6, x: 0.8, y: 0, z: 0)),
            rotationRate: Vector3(x: 0.1, y: 0.2, z: 0.3), gravity: Vector3(x: 0, y: 0.6, z: -0.8),
            userAcceleration: Vector3(x: 0.01, y: 0, z: 0)
        )
        let input = (0..<200).map { index -> DeviceMotion in
            var motion = still
            motion.timestamp = 10 + Double(index) / 100
            // The same attitude with alternating quaternion signs must not average to zero.
            if index.isMultiple(of: 2) { motion.attitude.quaternion = Quaternion(w: -0.6, x: -0.8, y: 0, z: 0) }
            return motion
        }
        let (output, gaps) = try DeviceMotionResampler.resample(input, to: 25, inputRate: 100)
        #expect(gaps.isEmpty)
        #expect(output.count == 50)
        #expect(output.first?.timestamp == 10)
        for motion in output {
            let q = motion.attitude.quaternion
            #expect(abs(abs(q.w) - 0.6) < 1e-9 && abs(abs(q.x) - 0.8) < 1e-9)
            #expect(agrees(motion.gravity, still.gravity, decimals: 9))
            #expect(agrees(motion.rotationRate, still.rotationRate, decimals: 9))
            #expect(agrees(motion.userAcceleration, still.userAcceleration, decimals: 9))
        }
    }

    @Test("a hole in the motion stream becomes a gap event instead of invented values")
    func gapsBecomeEvents() throws {
        let input = (0..<300).filter { !(100..<200).contains($0) }.map { index in
            DeviceMotion(
                timestamp: Double(index) / 50, attitude: Attitude(quaternion: .identity), rotationRate: .zero,
                gravity: Vector3(x: 0, y: 0, z: -1), userAcceleration: .zero
            )
        }
        let (output, gaps) = try DeviceMotionResampler.resample(input, to: 25, inputRate: 50)
        let gap = try #require(gaps.first)
        #expect(gaps.count == 1)
        #expect(gap.kind == .gap)
        #expect(abs(gap.timestamp - 99.0 / 50) < 1e-9)
        #expect(abs((gap.duration ?? 0) - 101.0 / 50) < 1e-9)
        #expect(!output.contains { $0.timestamp > 2.0 && $0.timestamp < 3.98 })
    }
}

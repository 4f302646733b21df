import DeviceMotionKit
import Foundation
import MotionSamples
import Synchronization
import Testing

/// ``MotionManager`` pull, push, asynchronous-sequence and stop behaviour, driven by finite or hand-fed sources
/// and awaited to completion (no sleeps, no timing).
@Suite struct MotionManagerTests {
    /// 2 s face up at 100 Hz, with gyroscope.
    static let faceUp = MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 2)

    @Test func availability() {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        #expect(manager.isDeviceMotionAvailable)
        #expect(manager.availableFields == .all)
        #expect(!manager.isDeviceMotionActive)
        #expect(manager.deviceMotion == nil)
        #expect(manager.attitudeReferenceFrame == .xArbitraryZVertical)
        #expect(manager.availableAttitudeReferenceFrames() == .xArbitraryZVertical)
        #expect(manager.deviceMotionUpdateInterval == 0.04)
    }

    @Test func updateIntervalIsCapped() {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        manager.deviceMotionUpdateInterval = 0.01
        #expect(manager.deviceMotionUpdateInterval == 0.01)
        manager.deviceMotionUpdateInterval = 0
        #expect(manager.deviceMotionUpdateInterval == MotionManager.minimumUpdateInterval)
        manager.deviceMotionUpdateInterval = 60
        #expect(manager.deviceMotionUpdateInterval == MotionManager.maximumUpdateInterval)
        manager.deviceMotionUpdateInterval = .nan
        #expect(manager.deviceMotionUpdateInterval == MotionManager.maximumUpdateInterval)
    }

    @Test func pullMode() async throws {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        manager.startDeviceMotionUpdates()
        #expect(manager.isDeviceMotionActive)
        await manager.waitUntilUpdatesEnd()
        #expect(!manager.isDeviceMotionActive)
        #expect(manager.lastError == nil)
        let motion = try #require(manager.deviceMotion)
        #expect(motion == (try BarePipeline.fuse(Self.faceUp)).last)
        #expect((motion.gravity - Vector3(x: 0, y: 0, z: -1)).norm < 1e-3)
    }

    @Test func pushModeOnADispatchQueue() async throws {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        let queue = DispatchQueue(label: "motion-handler")
        let received = Mutex<[DeviceMotion]>([])
        manager.startDeviceMotionUpdates(to: queue) { motion, error in
            #expect(error == nil)
            if let motion { received.withLock { $0.append(motion) } }
        }
        await manager.waitUntilUpdatesEnd()
        await queue.drained()
        let motions = received.withLock { $0 }
        #expect(motions == (try BarePipeline.fuse(Self.faceUp)))
        #expect(motions.count >= 49)
        #expect(zip(motions, motions.dropFirst()).allSatisfy { abs($1.timestamp - $0.timestamp - 0.04) < 1e-9 })
    }

    @Test func asyncSequence() async throws {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        var motions: [DeviceMotion] = []
        for try await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) {
            motions.append(motion)
        }
        #expect(motions == (try BarePipeline.fuse(Self.faceUp)))
        #expect(!manager.isDeviceMotionActive)
    }

    @Test func updateIntervalSetsTheOutputRate() async throws {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        manager.deviceMotionUpdateInterval = 0.1
        var timestamps: [Double] = []
        for try await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) {
            timestamps.append(motion.timestamp)
        }
        #expect(timestamps.count >= 19 && timestamps.count <= 21)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-9 })
    }

    @Test func unavailableReferenceFrameIsRefused() async throws {
        let manager = MotionManager(source: SampleSequenceSource(samples: Self.faceUp))
        #expect(throws: MotionError.referenceFrameUnavailable(.xMagneticNorthZVertical)) {
            try manager.startDeviceMotionUpdates(using: .xMagneticNorthZVertical)
        }
        #expect(!manager.isDeviceMotionActive)
        await #expect(throws: MotionError.referenceFrameUnavailable(.xTrueNorthZVertical)) {
            for try await _ in manager.deviceMotionUpdates(using: .xTrueNorthZVertical) {}
        }
        try manager.startDeviceMotionUpdates(using: .xArbitraryZVertical)
        await manager.waitUntilUpdatesEnd()
        #expect(manager.deviceMotion != nil)
    }

    @Test("A source with a magnetometer: the magnetic frames, true north with a declination, the pipeline's headings")
    func magneticFrames() async throws {
        let trace = MagneticTrace(initialYaw: 30, segments: [(2, 0), (4, 45), (2, 0)])
        let source = SampleSequenceSource(samples: trace.samples, magnetometer: trace.magnetometer)
        #expect(source.hasMagnetometer && !SampleSequenceSource(samples: trace.samples).hasMagnetometer)
        let magnetic: AttitudeReferenceFrame = [.xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical]
        #expect(MotionManager(source: source).availableAttitudeReferenceFrames() == magnetic)
        let manager = MotionManager(source: source, declination: 4)
        #expect(manager.availableAttitudeReferenceFrames() == magnetic.union(.xTrueNorthZVertical))
        #expect(throws: MotionError.referenceFrameUnavailable([.xMagneticNorthZVertical, .xTrueNorthZVertical])) {
            try manager.startDeviceMotionUpdates(using: [.xMagneticNorthZVertical, .xTrueNorthZVertical])
        }
        var motions: [DeviceMotion] = []
        for try await motion in manager.deviceMotionUpdates(using: .xTrueNorthZVertical, bufferingPolicy: .unbounded) {
            motions.append(motion)
        }
        #expect(manager.attitudeReferenceFrame == .xTrueNorthZVertical)
        let expected = try MagneticHeadingTests.fuse(trace, frame: .xTrueNorthZVertical, declination: 4)
        #expect(motions.count == expected.count && motions.count > 150)
        for (motion, reference) in zip(motions, expected) {
            #expect(motion.timestamp == reference.timestamp)
            #expect(abs(MagneticTrace.degrees(motion.heading ?? .nan, minus: reference.heading ?? .nan)) < 0.01)
        }
        // Still at 30° counter-clockwise of magnetic north, then turned 180° more: heading 360 - 210 + 4 = 154°.
        let last = try #require(motions.last?.heading)
        #expect(abs(MagneticTrace.degrees(last, minus: 154)) < 1)
    }

    @Test func stopEndsEveryKindOfUpdateAndReleasesTheSource() async throws {
        let source = ControlledSource()
        let manager = MotionManager(source: source)
        let queue = DispatchQueue(label: "motion-handler")
        let handled = Mutex(0)
        manager.startDeviceMotionUpdates(to: queue) { motion, _ in
            if motion != nil { handled.withLock { $0 += 1 } }
        }
        let updates = manager.deviceMotionUpdates(bufferingPolicy: .unbounded)
        source.send(MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 1))
        var iterator = updates.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first != nil)
        #expect(manager.isDeviceMotionActive)

        manager.stopDeviceMotionUpdates()
        #expect(!manager.isDeviceMotionActive)
        // The sequence drains what it already holds, then finishes without error.
        while try await iterator.next() != nil {}
        await manager.waitUntilUpdatesEnd()
        await source.waitUntilTerminated()
        #expect(!source.send(MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 1, start: 1)))
        await queue.drained()
        let handledAtStop = handled.withLock { $0 }
        #expect(handledAtStop <= 25)
        #expect(manager.deviceMotion != nil)
        #expect(manager.lastError == nil)
    }

    @Test func breakingOutOfTheSequenceThatStartedUpdatesStopsThem() async throws {
        let source = ControlledSource()
        let manager = MotionManager(source: source)
        source.send(MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 1))
        try await Self.firstUpdate(of: manager)
        await source.waitUntilTerminated()
        await manager.waitUntilUpdatesEnd()
        #expect(!manager.isDeviceMotionActive)
    }

    /// Takes the first update of a new sequence and leaves the loop (and drops the sequence).
    private static func firstUpdate(of manager: MotionManager) async throws {
        for try await _ in manager.deviceMotionUpdates() { break }
    }

    @Test func sourceFailureReachesHandlerSequenceAndLastError() async throws {
        let source = ControlledSource()
        let manager = MotionManager(source: source)
        let queue = DispatchQueue(label: "motion-handler")
        let errors = Mutex<[MotionError]>([])
        manager.startDeviceMotionUpdates(to: queue) { motion, error in
            if let error = error as? MotionError { errors.withLock { $0.append(error) } }
            #expect((motion == nil) == (error != nil))
        }
        let updates = manager.deviceMotionUpdates(bufferingPolicy: .unbounded)
        source.send(MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 1))
        source.fail()
        var count = 0
        // The sequence ends with the source's own error (a tool maps it to its exit status); the handler and
        // lastError get it as a MotionError.
        await #expect(throws: ControlledSource.Failure.self) {
            for try await _ in updates { count += 1 }
        }
        await manager.waitUntilUpdatesEnd()
        await queue.drained()
        #expect(count > 0)
        #expect(!manager.isDeviceMotionActive)
        guard case .sourceFailed = manager.lastError else {
            Issue.record("lastError should be sourceFailed, is \(String(describing: manager.lastError))")
            return
        }
        #expect(errors.withLock { $0.count } == 1)
    }

    @Test func accelerometerOnlySourceSaysWhatIsMissing() async throws {
        let tilted = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: 0.5) * Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: -0.3)
        let gravity = MotionTraces.gravity(for: tilted)
        let samples = MotionTraces.still(acceleration: gravity, rotationRate: nil, duration: 3)
        let manager = MotionManager(source: SampleSequenceSource(samples: samples))
        #expect(!manager.isDeviceMotionAvailable)
        #expect(manager.availableFields == .accelerometerOnly)
        #expect(!manager.availableFields.contains(.yaw) && !manager.availableFields.contains(.rotationRate))
        manager.startDeviceMotionUpdates()
        await manager.waitUntilUpdatesEnd()
        let motion = try #require(manager.deviceMotion)
        #expect((motion.gravity - gravity).norm < 1e-3)
        #expect(abs(motion.attitude.pitch - 0.5) < 1e-3)
        #expect(abs(motion.attitude.roll + 0.3) < 1e-3)
        #expect(abs(motion.attitude.yaw) < 1e-9)
        #expect(motion.rotationRate == .zero)
    }
}

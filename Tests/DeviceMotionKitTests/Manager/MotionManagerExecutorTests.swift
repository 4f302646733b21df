import DeviceMotionKit
import Foundation
import MotionSamples
import StreamExecution
import Synchronization
import Testing

/// ``MotionManager``'s update loop runs where ``StreamExecution/preferredExecutor`` says, so a live stream's tasks
/// share one thread (Swift's `Task { }` would not inherit the preference of the task that starts the updates).
@Suite struct MotionManagerExecutorTests {
    @Test("the update loop pulls the source on the preferred executor's thread, with the same estimates")
    func updateLoopRunsOnThePreferredExecutor() async throws {
        let executor = SerialThreadExecutor(threadName: "motion-test")
        let source = ThreadNotingSource(base: SampleSequenceSource(samples: MotionManagerTests.faceUp))
        let manager = MotionManager(source: source)
        StreamExecution.$preferredExecutor.withValue(executor) { manager.startDeviceMotionUpdates() }
        await manager.waitUntilUpdatesEnd()
        #expect(manager.lastError == nil)
        #expect(manager.deviceMotion == (try BarePipeline.fuse(MotionManagerTests.faceUp)).last)
        let threads = source.threads.withLock { $0 }
        #expect(threads.count > 1)
        #expect(threads.allSatisfy { $0 == "motion-test" })
        #expect(source.preferences.withLock { $0 }.allSatisfy { $0 })
    }

    @Test("without a preference the update loop's task prefers no executor: Swift's global pool runs it")
    func updateLoopRunsOnThePoolByDefault() async {
        let source = ThreadNotingSource(base: SampleSequenceSource(samples: MotionManagerTests.faceUp))
        let manager = MotionManager(source: source)
        manager.startDeviceMotionUpdates()
        await manager.waitUntilUpdatesEnd()
        let preferences = source.preferences.withLock { $0 }
        #expect(preferences.count > 1)
        #expect(preferences.allSatisfy { !$0 })
    }
}

/// A source that notes the name of the thread each pull of its inputs runs on (its consumer's task).
private final class ThreadNotingSource: MotionSource, @unchecked Sendable {
    let base: SampleSequenceSource
    /// The thread of each pull, in order.
    let threads = Mutex<[String?]>([])
    /// Whether the task of each pull had a task executor preference, in order.
    let preferences = Mutex<[Bool]>([])
    private var iterator: AsyncThrowingStream<MotionSourceInput, any Error>.AsyncIterator?

    init(base: SampleSequenceSource) { self.base = base }

    var name: String { base.name }
    var hasGyroscope: Bool { base.hasGyroscope }
    var nominalRate: Double? { base.nominalRate }
    func readings() -> AsyncThrowingStream<[SensorSample], any Error> { base.readings() }

    /// The base's inputs, pulled one at a time by the consumer (one task, so the iterator is never shared).
    func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error> {
        iterator = base.inputs().makeAsyncIterator()
        return AsyncThrowingStream { [self] in
            threads.withLock { $0.append(Self.threadName()) }
            let prefers = withUnsafeCurrentTask { $0?.unownedTaskExecutor != nil }
            preferences.withLock { $0.append(prefers) }
            return try await iterator?.next()
        }
    }

    /// The calling thread's name (a synchronous call: `Thread.current` is not for asynchronous code).
    private static func threadName() -> String? { Thread.current.name }
}

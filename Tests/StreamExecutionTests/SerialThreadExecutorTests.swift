import Foundation
import IIOTestbed
import StreamExecution
import Synchronization
import Testing

/// ``SerialThreadExecutor``: the tasks that prefer it run on its one thread, in the order they were queued.
@Suite("A task executor of one thread")
struct SerialThreadExecutorTests {
    @Test("tasks that prefer it run one after another on its named thread, in the order they were started")
    func runsInOrderOnItsThread() async {
        let executor = SerialThreadExecutor(threadName: "serial-test")
        let ran = Runs()
        let tasks = (0..<64).map { index in
            Task(executorPreference: executor) { ran.list.withLock { $0.append((index, threadName())) } }
        }
        for task in tasks { await task.value }
        let runs = ran.list.withLock { $0 }
        #expect(runs.map(\.index) == Array(0..<64))
        #expect(runs.allSatisfy { $0.thread == "serial-test" })
    }

    @Test("a task that waits for another task on the same executor is resumed there when that one ends")
    func awaitingOnTheSameThread() async {
        let executor = SerialThreadExecutor(threadName: "serial-await")
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task(executorPreference: executor) {
            var received: [Int] = []
            for await value in stream { received.append(value) }
            return (received, threadName())
        }
        let producer = Task(executorPreference: executor) {
            for value in 1...100 { continuation.yield(value) }
            continuation.finish()
        }
        await producer.value
        let (received, thread) = await consumer.value
        #expect(received == Array(1...100))
        #expect(thread == "serial-await")
    }

    @Test("the preference a stream's tasks read is the task-local value, unset outside it")
    func preferenceIsTaskLocal() async {
        let executor = SerialThreadExecutor(threadName: "serial-local")
        #expect(StreamExecution.preferredExecutor == nil)
        let inside = await StreamExecution.$preferredExecutor.withValue(executor) {
            await Task(executorPreference: StreamExecution.preferredExecutor) { threadName() }.value
        }
        #expect(inside == "serial-local")
        #expect(StreamExecution.preferredExecutor == nil)
    }

    @Test("its thread lives while a task that prefers it runs, and ends once the executor is released")
    func threadEndsWithTheExecutor() async throws {
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        let (started, start) = AsyncStream.makeStream(of: String?.self)
        // The task holds the only reference to its executor.
        let task = Task(executorPreference: SerialThreadExecutor(threadName: "serial-end")) {
            start.yield(threadName())
            var sum = 0
            for await value in values { sum += value }
            return sum
        }
        var startedOn: String??
        for await thread in started {
            startedOn = thread
            break
        }
        #expect(startedOn == "serial-end")
        #expect(threadNames(ofProcess: getpid()).contains("serial-end"))
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        #expect(await task.value == 3)
        // Bounded by polls, not by the clock: the thread ends after the task that released the executor returns.
        var polls = 0
        while threadNames(ofProcess: getpid()).contains("serial-end"), polls < 6000 {
            try await Task.sleep(for: .milliseconds(5))
            polls += 1
        }
        #expect(!threadNames(ofProcess: getpid()).contains("serial-end"))
    }
}

/// The calling thread's name (a synchronous call: `Thread.current` is not for asynchronous code).
func threadName() -> String? { Thread.current.name }

/// The tasks that ran, in order, with their thread's name.
private final class Runs: Sendable {
    let list = Mutex<[(index: Int, thread: String?)]>([])
}

import Dispatch
import Synchronization

/// Lets a consumer stop the reader threads of one IMU (which may be blocked in a buffer refill), and
/// starts them streaming together.
final class ReaderControl: Sendable {
    private struct State {
        var isStopped = false
        var buffers: [ObjectIdentifier: UnsafeBufferCanceller] = [:]
        /// Readers not yet set up; the start gate opens when it reaches 0 (or on `stop()`).
        var readersSettingUp: Int
        var isGateOpen = false
    }

    private let state: Mutex<State>
    private let readerCount: Int
    private let gateOpened = DispatchSemaphore(value: 0)

    /// A control for `readerCount` reader threads.
    init(readerCount: Int) {
        self.readerCount = readerCount
        state = Mutex(State(readersSettingUp: readerCount))
    }

    /// Whether `stop()` was called.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Stops every reader: sets the flag and wakes blocked refills. Cancelling happens under the
    /// lock, so a buffer is never touched after its reader unregistered and destroyed it.
    func stop() {
        let opens = state.withLock { state in
            state.isStopped = true
            for buffer in state.buffers.values { buffer.cancel() }
            return openGate(&state)
        }
        if opens { signalGate() }
    }

    /// Called once by each reader when its device is set up (or when it gives up before that, with
    /// `wait` false). With `wait`, blocks until every reader of the IMU is set up or the readers are
    /// stopped, so that the devices of a split IMU start delivering together: otherwise a slow
    /// set-up (a libiio context on a slow bus) leaves the first readings of one sensor without a
    /// partner from the other.
    func arriveAtStart(wait: Bool) {
        let opens = state.withLock { state in
            state.readersSettingUp -= 1
            return state.readersSettingUp <= 0 ? openGate(&state) : false
        }
        if opens { signalGate() }
        if wait { gateOpened.wait() }
    }

    /// Marks the gate open; true if this call opened it (and must wake the readers).
    private func openGate(_ state: inout State) -> Bool {
        guard !state.isGateOpen else { return false }
        state.isGateOpen = true
        return true
    }

    /// Wakes every reader waiting at the gate, and lets later arrivals through at once.
    private func signalGate() {
        for _ in 0..<readerCount { gateOpened.signal() }
    }

    /// Registers a buffer to cancel on `stop()`, for as long as `body` runs.
    func whileRegistered<T>(_ buffer: LibIIOBuffer, _ body: () throws(IIOSensorError) -> T) throws(IIOSensorError) -> T {
        let canceller = UnsafeBufferCanceller(buffer: buffer)
        let key = ObjectIdentifier(buffer)
        let alreadyStopped = state.withLock { state in
            state.buffers[key] = canceller
            return state.isStopped
        }
        if alreadyStopped { buffer.cancel() }
        defer { _ = state.withLock { $0.buffers.removeValue(forKey: key) } }
        return try body()
    }
}

/// Carries a buffer to the stopping thread; `iio_buffer_cancel` is documented as safe to call from
/// another thread while `iio_buffer_refill` blocks.
struct UnsafeBufferCanceller: @unchecked Sendable {
    let buffer: LibIIOBuffer
    func cancel() { buffer.cancel() }
}

import Synchronization

/// Lets a consumer stop a reader thread that may be blocked in a buffer refill.
final class ReaderControl: Sendable {
    private struct State {
        var isStopped = false
        var buffers: [ObjectIdentifier: UnsafeBufferCanceller] = [:]
    }

    private let state = Mutex(State())

    /// Whether `stop()` was called.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Stops every reader: sets the flag and wakes blocked refills. Cancelling happens under the
    /// lock, so a buffer is never touched after its reader unregistered and destroyed it.
    func stop() {
        state.withLock { state in
            state.isStopped = true
            for buffer in state.buffers.values { buffer.cancel() }
        }
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

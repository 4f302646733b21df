#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new detached OS thread: for work that blocks in C (libiio refills, libudev reads), which must
/// not hold one of Swift concurrency's few cooperative threads.
func startDedicatedThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_detach(thread)
}

/// Runs `body` on a new dedicated thread and returns what it returns, for blocking C work called from async code
/// (a scan of every IIO device's sysfs, whose reads of a HID sensor hub's attributes wait for the device).
///
/// A cooperative thread blocked for long is not only lost to the pool: libdispatch's thread-pool monitor on Linux
/// (swift-corelibs-libdispatch, src/event/workqueue.c) adds a worker, for good, when one stays blocked while work
/// waits. In the kernel VM, imu-classify gained a sixth thread, and a malloc arena warming up with it, at an unplug.
func onDedicatedThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws(IIOSensorError) -> Value
) async throws(IIOSensorError) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, IIOSensorError>, Never>) in
        startDedicatedThread { continuation.resume(returning: Result { () throws(IIOSensorError) in try body() }) }
    }
    return try result.get()
}

/// The closure a dedicated thread runs, boxed to cross `pthread_create`'s context pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

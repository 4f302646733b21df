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

/// The closure a dedicated thread runs, boxed to cross `pthread_create`'s context pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

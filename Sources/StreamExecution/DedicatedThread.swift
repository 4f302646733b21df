#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new detached OS thread named `name` (as `ps -L` and `top -H` show it; at most 15 bytes are
/// kept): for work that blocks in C (libiio refills, libudev reads), which must not hold one of Swift concurrency's
/// few cooperative threads, and for the thread of a ``SerialThreadExecutor``.
package func startDedicatedThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            let thread = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            nameCurrentThread(thread.name)
            thread.body()
            return nil
        }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    pthread_detach(thread)
}

/// Names the calling thread (its `comm`, through `/proc/thread-self/comm`, Linux 3.17; glibc's
/// `pthread_setname_np` is not in Swift's Glibc module): the first 15 bytes of `name`, cut at a character's start.
/// Where `/proc` cannot be written the thread keeps the name it inherited from its creator (a pool worker's).
package func nameCurrentThread(_ name: String) {
    var length = 0
    for scalar in name.unicodeScalars {
        guard length + UTF8.width(scalar) <= 15 else { break }
        length += UTF8.width(scalar)
    }
    let bytes = Array(name.utf8.prefix(length))
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}

/// The closure a dedicated thread runs and its name, boxed to cross `pthread_create`'s context pointer.
private final class ThreadBody {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

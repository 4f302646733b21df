import StreamExecution

/// Runs `body` on a new dedicated thread and returns what it returns, for blocking C work called from async code
/// (a scan of every IIO device's sysfs, whose reads of a HID sensor hub's attributes wait for the device).
///
/// A cooperative thread blocked for long is not only lost to the pool: libdispatch's thread-pool monitor on Linux
/// (swift-corelibs-libdispatch, src/event/workqueue.c) adds a worker, for good, when one stays blocked while work
/// waits. In the kernel VM, imu-classify gained a sixth thread, and a malloc arena warming up with it, at an unplug.
func onDedicatedThread<Value: Sendable>(
    named name: String, _ body: @escaping @Sendable () throws(IIOSensorError) -> Value
) async throws(IIOSensorError) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, IIOSensorError>, Never>) in
        startDedicatedThread(named: name) {
            continuation.resume(returning: Result { () throws(IIOSensorError) in try body() })
        }
    }
    return try result.get()
}

import ArgumentParser
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

extension AsyncParsableCommand {
    /// Runs a tool that may stream from a live IMU for hours: sets up its memory for that before any thread starts
    /// (transparent huge pages off, one malloc arena), then parses and runs it like every tool while the main thread
    /// waits for it.
    ///
    /// Both settings keep a long-running tool's resident memory what its data needs: neither the kernel (huge pages,
    /// ``disableTransparentHugePages()``) nor glibc (arenas, ``limitMallocArenas(to:)``) then grows it at moments
    /// no allocation chose. The batch tools, which walk large arrays with several threads, keep both.
    ///
    /// Call it from a synchronous `main`, which runs on the main thread before any other starts. The main thread then
    /// blocks until the command is done instead of leaving through `dispatch_main`, as an async `main` does: that
    /// calls `pthread_exit`, whose forced unwind of the main thread's stack reads the binary's unwind tables
    /// (`.eh_frame_hdr`, `.eh_frame`, `.gcc_except_table`) and leaves 0.7 MB of them resident for the whole run.
    /// Nothing in a tool run so may wait for the main actor, whose thread is the one waiting.
    ///
    /// The waiting main thread takes the process's signals (SIGINT, SIGTERM, SIGHUP: ``SignalRelay``), as the thread
    /// `dispatch_main` leaves in `sigsuspend` did: its signal mask is cleared first, because a tool may start with
    /// signals blocked (a child inherits its parent's mask, and one spawned from a thread of a dispatch pool has
    /// them all blocked) and the pool's threads block them too.
    public static func mainStreaming() {
        disableTransparentHugePages()
        limitMallocArenas(to: 1)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        pthread_sigmask(SIG_SETMASK, &noSignals, nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await mainReportingUsage()
            done.signal()
        }
        done.wait()
    }
}

import ArgumentParser

extension AsyncParsableCommand {
    /// Runs a tool that may stream from a live IMU for hours: sets up its memory for that before any thread starts
    /// (transparent huge pages off, one malloc arena), then parses and runs it like every tool.
    ///
    /// Both keep a long-running tool's resident memory what its data needs: neither the kernel (huge pages,
    /// ``disableTransparentHugePages()``) nor glibc (arenas, ``limitMallocArenas(to:)``) then grows it at moments
    /// no allocation chose. The batch tools, which walk large arrays with several threads, keep both.
    ///
    /// Call it from a `main` isolated to the main actor: a nonisolated async `main` already runs on a thread of the
    /// cooperative pool, whose first allocation has given it an arena of its own.
    @MainActor public static func mainStreaming() async {
        disableTransparentHugePages()
        limitMallocArenas(to: 1)
        await mainReportingUsage()
    }
}

import Foundation

extension Testbed {
    /// Runs `executable` (a path, or a command looked up on PATH) with `environment`, so it sees this testbed
    /// through the umockdev preload, and returns its exit status and output.
    ///
    /// `timeLimit` is a safety net against a hung child (it is then terminated and `timedOut` is set), not a
    /// speed assertion.
    public func runUnderPreload(
        executable: String, arguments: [String], timeLimit: TimeInterval = 60
    ) throws(TestbedError) -> ProcessResult {
        let url: URL
        if executable.contains("/") {
            url = URL(fileURLWithPath: executable)
        } else if let found = PackageLocations.executableOnPath(executable) {
            url = found
        } else {
            throw .fileSystem(path: executable, reason: "not found on PATH")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("iio-testbed-\(UUID().uuidString)")
        try FileTree.makeDirectory(scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        try FileTree.write("", to: stdoutURL)
        try FileTree.write("", to: stderrURL)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
            let stderrHandle = try FileHandle(forWritingTo: stderrURL)
            defer {
                try? stdoutHandle.close()
                try? stderrHandle.close()
            }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = stdoutHandle
            process.standardError = stderrHandle
            try process.run()
        } catch {
            throw .fileSystem(path: url.path, reason: "cannot start: \(error)")
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            process.terminate()
            finished.wait()
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            timedOut: timedOut,
            standardOutput: Array(FileManager.default.contents(atPath: stdoutURL.path) ?? Data()),
            standardError: String(decoding: FileManager.default.contents(atPath: stderrURL.path) ?? Data(), as: UTF8.self))
    }
}

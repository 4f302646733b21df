import Foundation

/// A subprocess started under the umockdev preload that keeps running while the test feeds data or sends
/// uevents; `stop()` ends it and collects its output.
///
/// It starts with the signal mask of the thread that launched it, on which the test process blocks SIGINT and SIGTERM
/// (a thread of the concurrency pool), so a test that stops a live tool with either also checks that the tool takes
/// them whatever mask it inherits.
public final class BackgroundProcess: @unchecked Sendable {
    private let process: Process
    private let scratch: URL
    private let stdoutURL: URL
    private let stderrURL: URL
    private let exited = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: ProcessResult?
    /// Seconds a child may take to exit after SIGTERM before it gets SIGKILL.
    private static let terminationGracePeriod: TimeInterval = 5

    /// Starts `executable` with `arguments` and `environment`, stdout and stderr going to scratch files.
    init(executable: URL, arguments: [String], environment: [String: String]) throws(TestbedError) {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("iio-testbed-\(UUID().uuidString)")
        stdoutURL = scratch.appendingPathComponent("stdout")
        stderrURL = scratch.appendingPathComponent("stderr")
        try FileTree.makeDirectory(scratch)
        try FileTree.write("", to: stdoutURL)
        try FileTree.write("", to: stderrURL)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.terminationHandler = { [exited] _ in exited.signal() }
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
            try? FileManager.default.removeItem(at: scratch)
            throw .fileSystem(path: executable.path, reason: "cannot start: \(error)")
        }
    }

    deinit {
        _ = stop()
    }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// What it has written to stdout so far.
    public var outputSoFar: String {
        String(decoding: FileManager.default.contents(atPath: stdoutURL.path) ?? Data(), as: UTF8.self)
    }

    /// What it has written to stderr so far.
    public var errorSoFar: String {
        String(decoding: FileManager.default.contents(atPath: stderrURL.path) ?? Data(), as: UTF8.self)
    }

    /// Waits until `isReady` holds (or the process exited, or `timeLimit` seconds passed, a safety net);
    /// returns whether it held.
    @discardableResult
    public func waitUntil(timeLimit: TimeInterval = 10, _ isReady: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeLimit)
        while !isReady() {
            guard process.isRunning, Date() < deadline else { return isReady() }
            usleep(10_000)
        }
        return true
    }

    /// The names of its threads now (`/proc/PID/task/TID/comm`, as `ps -L` shows them); empty once it exited.
    public var threadNames: [String] { IIOTestbed.threadNames(ofProcess: process.processIdentifier) }

    /// Sends `signal` to the process, e.g. SIGKILL to simulate a crash or SIGINT for Ctrl-C.
    public func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits until the stdout so far satisfies `isComplete` (or the process exited, or `timeLimit` seconds
    /// passed, a safety net) and returns that output.
    public func waitForOutput(timeLimit: TimeInterval = 10, until isComplete: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeLimit)
        var output = outputSoFar
        while !isComplete(output) && process.isRunning && Date() < deadline {
            usleep(10_000)
            output = outputSoFar
        }
        return output
    }

    /// Waits for the process to exit on its own, at most `timeLimit` seconds, then stops it if needed.
    @discardableResult
    public func wait(timeLimit: TimeInterval = 60) -> ProcessResult {
        let timedOut = exited.wait(timeout: .now() + timeLimit) == .timedOut
        if !timedOut { exited.signal() }
        return finish(timedOut: timedOut)
    }

    /// Sends SIGTERM (if still running), waits for the exit and returns the status and output.
    @discardableResult
    public func stop() -> ProcessResult {
        finish(timedOut: false)
    }

    private func finish(timedOut: Bool) -> ProcessResult {
        lock.lock()
        defer { lock.unlock() }
        if let result { return result }
        if process.isRunning {
            process.terminate()
            // A child that ignores SIGTERM (iiod blocked in a read, say) is killed after a grace period.
            if exited.wait(timeout: .now() + Self.terminationGracePeriod) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
            } else {
                exited.signal()
            }
        }
        process.waitUntilExit()
        let finished = ProcessResult(
            status: process.terminationStatus,
            timedOut: timedOut,
            standardOutput: Array(FileManager.default.contents(atPath: stdoutURL.path) ?? Data()),
            standardError: String(decoding: FileManager.default.contents(atPath: stderrURL.path) ?? Data(), as: UTF8.self))
        try? FileManager.default.removeItem(at: scratch)
        result = finished
        return finished
    }
}

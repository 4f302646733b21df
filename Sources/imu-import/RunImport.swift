import ArgumentParser
import CommandLineSupport
import MotionRecording

/// Runs an import so Ctrl-C stops it between recordings, and turns its errors into messages and exit codes.
func runImport(name: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
    do {
        try await runCancellingOnInterrupt(body)
    } catch let error as DatasetImportError {
        printError("imu-import \(name): \(error)")
        if case .notADataset = error { throw ExitCode(64) }
        throw ExitCode.failure
    } catch let error as RecordingError {
        printError("imu-import \(name): \(error)")
        throw ExitCode.failure
    }
}

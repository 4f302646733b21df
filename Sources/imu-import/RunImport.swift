import ArgumentParser
import CommandLineSupport

/// Runs an import so Ctrl-C stops it between recordings, and turns its errors into messages and exit codes.
func runImport(_ body: @escaping @Sendable () async throws -> Void) async throws {
    do {
        try await runCancellingOnInterrupt(body)
    } catch {
        throw exitReporting(error, tool: "imu-import")
    }
}

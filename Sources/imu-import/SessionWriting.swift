import Foundation
import MotionRecording
import SystemPackage

/// Creates the output directory and writes sessions into it, skipping ones already imported.
struct SessionWriting {
    let output: FilePath

    /// Creates `output` (and its parents) if needed.
    init(output: String) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        self.output = FilePath(output)
    }

    /// Writes `session` unless a recording of its name exists; reports which happened.
    func write(_ session: ImportedSession, report: inout ImportReport) async throws {
        do {
            try await session.write(into: output)
            report.record(session, outcome: .written)
        } catch .alreadyExists {
            report.record(session, outcome: .skipped)
        }
    }
}

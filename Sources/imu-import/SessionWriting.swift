import ActivityKit
import CommandLineSupport
import Foundation
import MotionRecording
import SystemPackage

/// Creates the output directory and writes sessions into it, skipping ones already imported completely and
/// rewriting ones a killed import left incomplete (`complete: false` in `recording.json`, or no metadata at all).
struct SessionWriting {
    let output: FilePath

    /// Creates `output` (and its parents) if needed.
    init(output: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                "cannot create the output directory \(output) (\(ActivityModel.plainReason(error))); "
                    + "check that its parent exists and is writable",
                status: .outputNotWritten)
        }
        self.output = FilePath(output)
    }

    /// Writes `session` unless a complete recording of its name exists; reports which happened.
    func write(_ session: ImportedSession, report: inout ImportReport) async throws {
        guard !session.raw.isEmpty, !session.motion.isEmpty || session.metadata.motionRate == nil else {
            report.refuse(
                session.directoryName,
                reason: "it holds no samples, and an empty recording is never written")
            return
        }
        try await writeNonEmpty(session, report: &report)
    }

    /// Writes `session`, which holds samples, unless a complete recording of its name exists.
    private func writeNonEmpty(_ session: ImportedSession, report: inout ImportReport) async throws {
        let directory = output.appending(session.directoryName)
        do {
            try await session.write(into: output)
            report.record(session, outcome: .written)
        } catch .alreadyExists {
            if (try? RecordingReader.readMetadata(directory))?.complete == true {
                report.record(session, outcome: .skipped)
                return
            }
            // The dataset still holds the whole session, so the half-written copy is replaced rather than kept.
            do {
                try FileManager.default.removeItem(atPath: directory.string)
            } catch {
                throw RecordingError.writeFailed(
                    path: directory.string,
                    reason:
                        "cannot remove the incomplete earlier import (\(ActivityModel.plainReason(error))); delete it by hand"
                )
            }
            try await session.write(into: output)
            report.record(session, outcome: .rewritten)
        }
    }
}

import ActivityKit
import CommandLineSupport
import DatasetImporters
import Foundation
import MotionRecording
import SystemPackage

/// Creates the output directory and writes sessions into it as they are read from the dataset (never one whole
/// session in memory), skipping ones already imported completely and rewriting ones a killed import left incomplete
/// (`complete: false` in `recording.json`, or no metadata at all).
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

    /// Writes the session `open` streams (called again to read it anew when an incomplete copy is rewritten) unless
    /// a complete recording of its name exists; reports which happened. A damaged dataset file or a session without
    /// samples is refused (named in `input`) and nothing of it is left behind; write failures are thrown.
    func write<Source: SessionBatchSource>(
        _ input: String, report: inout ImportReport, open: () throws(DatasetImportError) -> SessionStream<Source>
    ) async throws {
        do {
            var stream = try open()
            let directory = output.appending(stream.directoryName)
            do {
                try accept(try await stream.write(into: output), of: stream.directoryName, from: input, report: &report, outcome: .written)
            } catch RecordingError.alreadyExists {
                if let existing = try? RecordingReader.readMetadata(directory), existing.complete {
                    try report.record(stream.directoryName, metadata: existing, outcome: .skipped)
                    return
                }
                // The dataset still holds the whole session, so the half-written copy is replaced rather than kept.
                do {
                    try FileManager.default.removeItem(atPath: directory.string)
                } catch {
                    throw RecordingError.writeFailed(
                        path: directory.string,
                        reason: "cannot remove the incomplete earlier import (\(ActivityModel.plainReason(error))); delete it by hand")
                }
                stream = try open()
                try accept(
                    try await stream.write(into: output), of: stream.directoryName, from: input, report: &report, outcome: .rewritten)
            }
        } catch let error as DatasetImportError {
            report.refuse(input, reason: "\(error)")
        }
    }

    /// Reports a written recording, or removes it and refuses `input` when it held no samples (an empty recording is
    /// never left behind).
    private func accept(
        _ metadata: RecordingMetadata, of directoryName: String, from input: String, report: inout ImportReport,
        outcome: ImportReport.Outcome
    ) throws {
        let counts = metadata.counts ?? RecordingCounts(raw: 0, motion: 0, events: 0)
        guard counts.raw > 0, counts.motion > 0 || metadata.motionRate == nil else {
            try? FileManager.default.removeItem(atPath: output.appending(directoryName).string)
            report.refuse(input, reason: "it holds no samples (a header without rows?), so no recording was written")
            return
        }
        try report.record(directoryName, metadata: metadata, outcome: outcome)
    }
}

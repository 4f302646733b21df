import CommandLineSupport
import Foundation
import MotionRecording
import MotionSamples

/// Prints what an import did: a line per recording on stdout (text or JSON), progress on stderr.
struct ImportReport {
    /// What happened to one session.
    enum Outcome: String, Encodable {
        /// The recording was written.
        case written
        /// A complete recording of that name already existed and was left alone.
        case skipped
        /// An incomplete recording of that name (from an interrupted import) was replaced.
        case rewritten
    }

    /// One JSON line of `--json` output.
    private struct Line: Encodable {
        var recording: String
        var outcome: Outcome
        var tag: String
        var subject: String?
        var raw: Int
        var motion: Int
    }

    let json: Bool
    private(set) var written = 0
    private(set) var skipped = 0
    private(set) var rewritten = 0
    /// Inputs that could not be read or held nothing to import, each already named on stderr.
    private(set) var failed = 0

    /// Shows progress on stderr before a session is converted (the `index`th of `total`, from 1): a bar on a terminal,
    /// a line per session under `--verbose` elsewhere. The lines on stdout are the per-recording summary.
    func progress(_ index: Int, of total: Int, _ name: String) {
        if bar.isVisible {
            bar.update("importing \(name)", completed: index - 1, total: total)
        } else if StatusOutput.isVerbose {
            printError("[\(index)/\(total)] \(name)")
        }
    }

    /// Completes the bar once every session of `total` is done.
    func finishProgress(total: Int) {
        bar.update("imported", completed: total, total: total)
    }

    private let bar = TerminalProgressBar()

    /// Reports one session on stdout; a JSON line that cannot be encoded is thrown, never dropped.
    mutating func record(_ directoryName: String, metadata: RecordingMetadata, outcome: Outcome) throws {
        let (raw, motion) = (metadata.counts?.raw ?? 0, metadata.counts?.motion ?? 0)
        switch outcome {
        case .written: written += 1
        case .skipped: skipped += 1
        case .rewritten: rewritten += 1
        }
        bar.clear()
        if json {
            let line = Line(
                recording: directoryName, outcome: outcome, tag: metadata.tag, subject: metadata.subject, raw: raw, motion: motion
            )
            print(try JSONLine.encode(line))
        } else {
            let verb =
                switch outcome {
                case .written: "wrote"
                case .skipped: "skipped (already there)"
                case .rewritten: "rewrote incomplete"
                }
            print(
                "\(verb) \(directoryName): \(metadata.tag), \(raw) raw, \(motion) motion rows"
            )
        }
    }

    /// Names an input that was not imported, and why, on stderr; `inputs` counts the inputs it stands for (an
    /// experiment's segments).
    mutating func refuse(_ input: String, reason: String, inputs: Int = 1) {
        failed += inputs
        bar.clear()
        printError("imu-import: \(input) was not imported: \(reason)")
    }

    /// The closing summary, on stderr; throws when an input failed or nothing at all was imported.
    func summary(output: String, dataset: String) throws(CommandFailure) {
        printError(
            "imported \(written + rewritten) recordings into \(output) (\(rewritten) of them replacing incomplete ones), "
                + "skipped \(skipped) that already existed"
                + (failed > 0 ? ", failed \(failed) (named above)" : ""))
        if written + rewritten + skipped == 0 && failed == 0 {
            throw CommandFailure(
                "nothing to import (\(dataset)): it holds no sessions; pass the dataset's own folder",
                status: .notEnoughData)
        }
        if failed > 0 {
            throw CommandFailure(
                "\(failed) input(s) of \(dataset) could not be imported (named above); fix or remove them and run again "
                    + "(complete recordings are kept and skipped)",
                status: .badInput)
        }
    }
}

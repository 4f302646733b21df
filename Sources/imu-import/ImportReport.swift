import CommandLineSupport
import Foundation
import MotionRecording

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

    /// Shows progress on stderr before a session is converted.
    func progress(_ index: Int, of total: Int, _ name: String) {
        printError("[\(index)/\(total)] \(name)")
    }

    /// Reports one session on stdout.
    mutating func record(_ session: ImportedSession, outcome: Outcome) {
        switch outcome {
        case .written: written += 1
        case .skipped: skipped += 1
        case .rewritten: rewritten += 1
        }
        if json {
            let line = Line(
                recording: session.directoryName, outcome: outcome, tag: session.metadata.tag,
                subject: session.metadata.subject, raw: session.raw.count, motion: session.motion.count
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(line) { print(String(decoding: data, as: UTF8.self)) }
        } else {
            let verb = switch outcome {
            case .written: "wrote"
            case .skipped: "skipped (already there)"
            case .rewritten: "rewrote incomplete"
            }
            print("\(verb) \(session.directoryName): \(session.metadata.tag), \(session.raw.count) raw, \(session.motion.count) motion rows")
        }
    }

    /// The closing summary, on stderr.
    func summary(output: String) {
        printError(
            "imported \(written + rewritten) recordings into \(output) (\(rewritten) of them replacing incomplete ones), "
                + "skipped \(skipped) that already existed")
    }
}

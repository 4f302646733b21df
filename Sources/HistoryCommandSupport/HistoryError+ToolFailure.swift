import CommandLineSupport
import MotionHistory

/// The history's errors in the one exit-status table.
extension HistoryError: ToolFailure {
    /// Missing input 12, a file that is not a readable history 16, not writable 11.
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .readFailed: .badInput
        case .notADatabase, .foreignDatabase, .newerSchema, .olderSchema: .historyRefused
        case .cannotOpen, .writeFailed: .outputNotWritten
        }
    }
}

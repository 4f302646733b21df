import CommandLineSupport
import MotionActivityKit

extension PedometerError: ToolFailure {
    /// A bad calibration file is bad input, one that cannot be written is output not written; parameters are checked
    /// as flags before they get here, so any other is bad input too.
    public var exitStatus: ExitStatus {
        switch self {
        case .calibrationNotWritten: .outputNotWritten
        case .invalidParameter, .invalidInterval, .forgottenInterval, .unreadableCalibration: .badInput
        }
    }
}

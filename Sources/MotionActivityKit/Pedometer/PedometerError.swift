/// Why a pedometer could not be set up or answer.
public enum PedometerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A parameter (rate, height, stride, calibration value) outside its documented range.
    case invalidParameter(String)
    /// A query over an interval that does not make sense (end before start, or not finite).
    case invalidInterval(start: Double, end: Double)
    /// A query whose interval holds some of the steps a full history has forgotten, but not all: their times are
    /// gone, so the count cannot be told (an interval holding all of them, or none, is answered).
    case forgottenInterval(start: Double, end: Double)
    /// A stride calibration file that cannot be read or is damaged.
    case unreadableCalibration(path: String, reason: String)
    /// The stride calibration could not be written.
    case calibrationNotWritten(path: String, reason: String)

    /// A message saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidParameter(let problem): problem
        case .invalidInterval(let start, let end):
            "the interval \(start)...\(end) s is empty or not finite; give a start before the end"
        case .forgottenInterval(let start, let end):
            "the interval \(start)...\(end) s starts or ends among steps the pedometer's history has forgotten (it keeps "
                + "the last steps and totals of the older ones); query from the first step on, or a more recent interval"
        case .unreadableCalibration(let path, let reason):
            "cannot read the stride calibration \(path): \(reason); write it again with imu-steps --calibrate-distance"
        case .calibrationNotWritten(let path, let reason):
            "cannot write the stride calibration \(path): \(reason); check that its folder exists and is writable"
        }
    }
}

/// One libFuzzer target: a parser fed arbitrary bytes.
///
/// `run` returns for every input the parser accepts or refuses; a trap (a failed precondition, an overflow, an index
/// out of range, an invariant the target checks) is a crash libFuzzer reports.
struct FuzzTarget: Sendable {
    /// The name `imu-fuzz` and `Fuzzing/Corpus/<name>` know the target by.
    let name: String
    /// What the target parses, for `imu-fuzz --list`.
    let summary: String
    /// Feeds one input to the parser.
    let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `make fuzz` runs them.
    static let all: [FuzzTarget] = [
        RecordingFileTarget.metadata, RecordingFileTarget.raw, RecordingFileTarget.motion, RecordingFileTarget.events,
        ModelTarget.target, MotionSenseTarget.target, HAPTTarget.target, ScanDecoderTarget.target,
        SysfsValueTarget.target, MountMatrixTarget.target, LabelMapTarget.target, DecimalNumberTarget.target,
        CSVColumnsTarget.target, DatasetLineTarget.target, ModelJSONTarget.target, CalibrationFileTarget.target,
        StrideCalibrationTarget.target, BrokerURLTarget.target, MQTTConfigTarget.target, DeviceMotionTarget.target,
    ]
}

import MotionActivityKit

/// The stride calibration file (`StrideModel.read`, what `imu-steps --stride-calibration FILE` reads): the file's
/// bytes.
enum StrideCalibrationTarget {
    /// Cadences a model is asked about, steps per second: the clamped range, beyond it, and not a number.
    private static let cadences = [0, 0.5, 1.8, 4, 1e300, -1, Double.nan, Double.infinity]

    /// The target.
    static let target = FuzzTarget(name: "stride-calibration", summary: "StrideModel.read of a stride calibration") {
        bytes in
        let path = Scratch.write(bytes, to: "stride.json")
        guard let model = try? StrideModel.read(from: path) else { return }
        precondition(bytes.count <= StrideModel.maximumFileSize, "a file over the size limit accepted")
        precondition(
            StrideModel.heightRange.contains(model.height) && StrideModel.scaleRange.contains(model.scale)
                && (model.stepLength.map { StrideModel.stepLengthRange.contains($0) } ?? true),
            "an accepted model outside its documented ranges")
        for cadence in cadences {
            let length = model.stepLength(atCadence: cadence)
            precondition(length.isFinite && length > 0 && length <= 10, "a step of \(length) m at cadence \(cadence)")
        }
        let copy = Scratch.write([], to: "stride-saved.json")
        precondition((try? model.write(to: copy)) != nil, "an accepted model could not be written")
        precondition((try? StrideModel.read(from: copy)) == model, "a written model reads back changed")
    }
}

import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage

/// The magnetometer calibration file (`CalibrationFile.load`, what `--calibration FILE` and a saved calibration
/// read): the file's bytes.
enum CalibrationFileTarget {
    /// Readings a correction must keep finite: the widest common full scale (AK8963's ±4912 µT) and Earth's field.
    private static let readings = [
        Vector3(x: 4912, y: -4912, z: 4912), Vector3(x: 0, y: 0, z: 0), Vector3(x: 22, y: -5, z: -40),
    ]

    /// The target.
    static let target = FuzzTarget(name: "calibration", summary: "CalibrationFile.load of a magnetometer calibration") {
        bytes in
        let path = Scratch.write(bytes, to: "calibration.json")
        guard let file = try? CalibrationFile.load(path: FilePath(path)) else { return }
        precondition(bytes.count <= CalibrationFile.maximumSize, "a file over the size limit accepted")
        precondition(
            file.calibration.problem == nil && file.calibration.accuracy != .uncalibrated
                && file.device.count <= CalibrationFile.maximumKeyLength,
            "an accepted calibration outside its documented ranges")
        for reading in readings {
            let corrected = file.calibration.apply(to: reading)
            precondition(
                corrected.x.isFinite && corrected.y.isFinite && corrected.z.isFinite,
                "an accepted calibration turns a finite reading into a non-finite one")
        }
        let copy = Scratch.write([], to: "calibration-saved.json")
        precondition((try? file.save(to: FilePath(copy))) != nil, "an accepted calibration could not be saved")
        precondition((try? CalibrationFile.load(path: FilePath(copy))) == file, "a saved calibration reads back changed")
    }
}

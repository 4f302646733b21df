import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// The per-device magnetometer calibration file: where it lives, a round trip, and hostile contents refused.
@Suite struct CalibrationFileTests {
    /// A valid calibration.
    private static let calibration = MagnetometerCalibration(
        offset: Vector3(x: 12.5, y: -3.25, z: 40), softIron: [[1.02, 0.01, 0], [0.01, 0.99, -0.02], [0, -0.02, 0.99]],
        fieldNorm: 47.5, accuracy: .high, sampleCount: 4000, coverage: 0.8, residual: 0.009)

    @Test("The path: $XDG_STATE_HOME (absolute only), else ~/.local/state; keys made safe as file names")
    func paths() {
        #expect(
            CalibrationFile.defaultPath(deviceKey: "mpu9250-mpu9250", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == FilePath("/s/imu-bridge/calibration/mpu9250-mpu9250.json"))
        #expect(
            CalibrationFile.defaultPath(deviceKey: "x", environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == FilePath("/h/.local/state/imu-bridge/calibration/x.json"))
        #expect(CalibrationFile.defaultPath(deviceKey: "x", environment: [:]) == nil)
        #expect(CalibrationFile.deviceKey("../../etc/passwd") == "_._.._etc_passwd")
        #expect(CalibrationFile.deviceKey("") == "device")
        #expect(CalibrationFile.deviceKey("hid sensor hub/magn_3d") == "hid_sensor_hub_magn_3d")
        #expect(CalibrationFile.deviceKey(String(repeating: "a", count: 500)).count == CalibrationFile.maximumKeyLength)
    }

    @Test("Saved and loaded again: the same calibration, directories created as needed")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path.appending("state/imu-bridge/calibration/board.json")
        let file = CalibrationFile(device: "board", calibration: Self.calibration)
        try file.save(to: path)
        #expect(try CalibrationFile.load(path: path) == file)
        try file.save(to: path)
        #expect(try CalibrationFile.load(path: path) == file)
    }

    @Test("NaN, 1e308, 1e999, wrong types, a missing key, a negative-definite matrix, another version: refused")
    func hostile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let offset = #""offset":{"x":1,"y":2,"z":3}"#
        let rest =
            #""soft_iron":[[1,0,0],[0,1,0],[0,0,1]],"field_norm":45,"accuracy":"low","sample_count":10,"coverage":0.2,"residual":0.01"#
        func document(_ calibration: String, version: String = "1") -> String {
            #"{"format_version":\#(version),"device":"d","calibration":{\#(calibration)}}"#
        }
        let good = document(offset + "," + rest)
        let hostile = [
            document(#""offset":{"x":NaN,"y":2,"z":3},"# + rest), document(#""offset":{"x":1e308,"y":2,"z":3},"# + rest),
            document(#""offset":{"x":1e999,"y":2,"z":3},"# + rest), document(#""offset":"north","# + rest),
            document(offset + "," + rest.replacingOccurrences(of: "\"low\"", with: "2")),
            document(offset + "," + rest.replacingOccurrences(of: "\"sample_count\":10,", with: "")),
            document(offset + "," + rest.replacingOccurrences(of: "[[1,0,0],[0,1,0],[0,0,1]]", with: "[[-1,0,0],[0,-1,0],[0,0,-1]]")),
            document(offset + "," + rest.replacingOccurrences(of: "\"sample_count\":10", with: "\"sample_count\":1e12")),
            document(offset + "," + rest.replacingOccurrences(of: "\"low\"", with: "\"uncalibrated\"")),
            document(offset + "," + rest, version: "2"), "[]", "{", "",
        ]
        let goodPath = directory.path.appending("good.json")
        try Data(good.utf8).write(to: URL(fileURLWithPath: goodPath.string))
        #expect(try CalibrationFile.load(path: goodPath).calibration.accuracy == .low)
        for (index, text) in hostile.enumerated() {
            let path = directory.path.appending("hostile-\(index).json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path.string))
            #expect(throws: RecordingError.self, "\(text)") { try CalibrationFile.load(path: path) }
        }
        #expect(throws: RecordingError.self) { try CalibrationFile.load(path: FilePath("/dev/zero")) }
        #expect(throws: RecordingError.self) { try CalibrationFile.load(path: directory.path) }
    }
}

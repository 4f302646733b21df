import Foundation
import IIOTestbed
import MotionRecording
import SystemPackage
import Testing

/// A testbed with the polled ADXL345 fixture (iio:device10, real-time readings that never run out) and a
/// scratch output directory for `imu-record`.
final class RecorderSetup {
    /// The umockdev testbed the recorder runs in.
    let testbed: Testbed
    /// Where `imu-record` creates its recording.
    let output: URL

    /// Creates the testbed, installs `fixture` unless nil, and creates the output directory.
    init(fixture: String? = "adxl345") throws {
        testbed = try Testbed()
        if let fixture { _ = try testbed.install(fixtureNamed: fixture) }
        output = FileManager.default.temporaryDirectory.appendingPathComponent("imu-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    }

    deinit {
        testbed.close()
        try? FileManager.default.removeItem(at: output)
    }

    /// Starts `imu-record --tag TAG --sensor-rate 50 --output DIR` plus `arguments` in the background.
    func launch(tag: String, _ arguments: [String] = []) throws -> BackgroundProcess {
        try testbed.launchUnderPreload(
            executable: try product("imu-record"), arguments: ["--tag", tag, "--sensor-rate", "50", "--output", output.path] + arguments)
    }

    /// The single recording directory `imu-record` created, once it exists.
    var recordingDirectory: URL? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        return entries.first { $0.hasSuffix(".imurec") }.map { output.appendingPathComponent($0) }
    }

    /// Complete rows of `raw.csv` on disk so far (the header excluded).
    var rawRowsOnDisk: Int {
        guard let directory = recordingDirectory,
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent("raw.csv").path)
        else { return 0 }
        return max(0, data.filter { $0 == UInt8(ascii: "\n") }.count - 1)
    }

    /// Reads the recording back with the library's reader.
    func readRecording() throws -> Recording {
        try RecordingReader.read(FilePath(try #require(recordingDirectory, "imu-record created no recording").path))
    }
}

import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import FoundationEssentials
import IIOSensors
import LiveMotion
import Logging
import MotionRecording
import MotionSamples
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// `imu-calibrate`: a magnetometer's hard- and soft-iron calibration, from a live IMU turned through all
/// orientations or from a file of readings, saved for the device.
@main
struct IMUCalibrate: AsyncParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() async { await mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-calibrate",
        abstract: "Calibrate a magnetometer's hard and soft iron, as CoreMotion's CMCalibratedMagneticField.",
        discussion: """
              imu-calibrate --live                    # then turn the board all round
              imu-calibrate --replay mag.csv -o cal.json
              imu-calibrate --live --device lsm9ds1 --json

            With --live, reads the magnetometer of the IMU (the first IMU, or --device), asks you to turn the \
            board slowly through all orientations (every face up, every edge down) and shows, on a terminal, the \
            share of directions covered, the accuracy so far and the device axes the field has not yet been seen \
            along ("point +z -x down-north": turn the board so that its +z axis, then its -x axis, points along the \
            Earth's field, down and towards magnetic north in the northern hemisphere, up and towards it in the \
            southern). It stops at high accuracy, after --duration \
            seconds, or on Ctrl-C, with what it has. With --replay, reads a CSV with the columns t_s, mag_x, \
            mag_y, mag_z (microtesla, as BROAD and imu-motion's input have them; other columns ignored, .gz \
            decompressed), with the same display on a terminal.

            The readings are binned by direction (96 cells), fitted with an ellipsoid (hard-iron offset and \
            soft-iron matrix) and checked; the accuracy is low from 15 % of the directions with a residual \
            under 5 % of the field, medium from 35 % under 3 %, high from 60 % under 1.5 %. The result is \
            saved as JSON (docs/formats.md) to -o FILE, else to \
            $XDG_STATE_HOME/imu-bridge/calibration/<device-key>.json (~/.local/state by default), the key \
            being --device-key, else the magnetometer's name and bus path, e.g. \
            mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068 (--live), or the file's name (--replay). imu-record \
            and imu-motion on a recording find and apply it; imu-motion --calibration FILE applies any file.

            Exit status: 0 on success; 4 and 5 no accelerometer or no such IMU (or none with a magnetometer), \
            other sensor statuses as imu-stream; 11 the file could not be written; 12 the input is unreadable \
            or malformed; 14 the readings covered too few directions for a calibration; 64 usage error \
            (--duration 0.01...31536000 s).
            """,
        version: ToolVersion.line)

    @Option(help: ArgumentHelp("Read magnetometer readings from a CSV (t_s, mag_x, mag_y, mag_z).", valueName: "file"))
    var replay: String?

    @Flag(help: "Read the live IMU's magnetometer.")
    var live = false

    @OptionGroup var sensor: SensorOptions
    @OptionGroup var sensorRate: SensorRateOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --live, stop after this many seconds (default: at high accuracy).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The key the calibration is saved under.", valueName: "key"))
    var deviceKey: String?

    @OptionGroup var destination: OutputOptions
    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        guard (replay != nil) != live else { throw ValidationError("give either --live or --replay FILE") }
        if replay != nil && (sensor.isGiven || sensorRate.sensorRate != nil || duration != nil) {
            throw ValidationError("--device, --wait, --any, --sensor-rate and --duration only apply with --live")
        }
        if let duration { try requireFlag("--duration", duration, in: 0.01...31_536_000, unit: "s") }
        if sensor.any && !sensor.waits(otherwise: false) { throw ValidationError("--any only applies with --wait") }
    }

    func run() async throws {
        verbosity.bootstrap()
        do {
            let (key, calibrator): (String, MagnetometerCalibrator)
            if let replay {
                (key, calibrator) = try Self.replay(replay)
            } else {
                (key, calibrator) = try await liveCalibration()
            }
            guard let calibration = calibrator.calibration else {
                throw CommandFailure(
                    "the readings cover \(Int((calibrator.coverage * 100).rounded())) % of the directions, too few for a calibration "
                        + "(\(calibrator.sampleCount) readings, \(calibrator.ignoredCount) ignored); turn the board slowly through all "
                        + "orientations, every face up, and try again",
                    status: .notEnoughData)
            }
            let deviceKey = CalibrationFile.deviceKey(self.deviceKey ?? key)
            let path: FilePath
            if let output = destination.output {
                path = FilePath(output)
            } else if let standard = CalibrationFile.defaultPath(deviceKey: deviceKey, environment: CalibrationOptions.environment) {
                path = standard
            } else {
                throw CommandFailure("neither XDG_STATE_HOME nor HOME is set; pass -o FILE", status: .usage)
            }
            try CalibrationFile(device: deviceKey, calibration: calibration, created: Date()).save(to: path)
            let report = CalibrationReport(path: path.string, device: deviceKey, calibration: calibration)
            print(format.json ? try JSONLine.encode(report) : report.text)
        } catch {
            throw exitReporting(error, tool: "imu-calibrate")
        }
    }

    /// Calibrates from the CSV at `path`; the key is the file's name without its extensions.
    private static func replay(_ path: String) throws -> (String, MagnetometerCalibrator) {
        let csv = try MagnetometerCSV(path: path)
        var calibrator = MagnetometerCalibrator()
        let progress = CalibrationProgress()
        while let reading = try csv.next() {
            calibrator.add(reading)
            if calibrator.sampleCount.isMultiple(of: 500) { progress.show(calibrator) }
        }
        calibrator.refit()
        progress.finish()
        let name = FilePath(path).lastComponent?.string ?? path
        return (String(name.prefix { $0 != "." }), calibrator)
    }

    /// Calibrates from the live IMU's magnetometer until high accuracy, `--duration` or Ctrl-C; the key is the IMU's
    /// ``IIOSensors/IMU/calibrationKey`` (the magnetometer's name and bus path), which imu-record finds it by.
    private func liveCalibration() async throws -> (String, MagnetometerCalibrator) {
        let logger = Logger(label: "imu-calibrate")
        let configuration = StreamConfiguration(rate: sensorRate.sensorRate)
        let (device, uri, wait, any, duration) = (sensor.device, sensor.uri, sensor.waits(otherwise: false), sensor.any, duration)
        return try await runCancellingOnInterrupt(onStreamThread: true) {
            let live = try await LiveIMU.open(
                device: device, uri: uri, waitsForIMU: wait, followsRemovals: wait, acceptsAnyIMU: any,
                configuration: configuration, logger: logger
            ) { status in printStatus("imu-calibrate: \(status)") }
            guard let magnetometer = live.imu.magnetometer else {
                throw CommandFailure(
                    "\(live.imu.name) has no magnetometer; pick an IMU with one (imu-list shows them) with --device",
                    status: .noSuchIMU)
            }
            printStatus("imu-calibrate: turn \(live.imu.name) slowly through all orientations: every face up, every edge down")
            var calibrator = MagnetometerCalibrator()
            let progress = CalibrationProgress()
            var deadline: Double?
            do {
                loop: for try await input in live.source.inputs() {
                    guard case .readings(let batch) = input else { continue }
                    for sample in batch where sample.sensor == .magnetometer {
                        deadline = deadline ?? duration.map { sample.timestamp + $0 }
                        calibrator.add(sample.value)
                        if let deadline, sample.timestamp >= deadline { break loop }
                    }
                    progress.show(calibrator)
                    if calibrator.accuracy == .high { break }
                }
            } catch is CancellationError {}
            progress.finish()
            calibrator.refit()
            return (live.imu.calibrationKey ?? "\(live.imu.name)-\(magnetometer.name)", calibrator)
        }
    }
}

import ArgumentParser
import CommandLineSupport
import IIOSensors
import LiveMotion
import Logging
import MotionSamples
import Resampling

/// `imu-stream`: prints decoded samples of one IMU (with its magnetic field, if it has a magnetometer), in
/// CoreMotion units and signs.
@main
struct IMUStream: AsyncParsableCommand {
    /// Runs the tool, its memory set up first for the hours it may stream; usage errors are reported like every other
    /// failure (one line, status 64).
    static func main() {
        mainStreaming()
    }

    static let configuration = CommandConfiguration(
        commandName: "imu-stream",
        abstract: "Stream one IMU's accelerometer, gyroscope and magnetometer, in CoreMotion units and signs.",
        discussion: """
              imu-stream --samples 10                 # ten samples of the first IMU
              imu-stream --json --duration 5 | jq .acceleration.z
              imu-stream --wait --any                 # survive unplug and replug

            Acceleration is in g with gravity pointing down (lying face up at rest reads z = -1), \
            rotation rate in rad/s. An IMU with a magnetometer (an MPU-9250, a HID hub's magn_3d, a \
            compass chip on the same bus) adds its latest reading in microtesla, in the same device axes \
            (magnetic_field in --json). Timestamps are monotonic seconds from the kernel's scan timestamps. \
            Uses the device's kernel buffer when it has one (its current trigger, else its own, attached \
            and detached again on exit; or a hardware FIFO) and polls the *_raw attributes otherwise. \
            When another reader holds the buffer (iio-sensor-proxy on most GNOME and KDE laptops), it \
            says so, naming the holder, and polls the *_raw attributes at a lower rate. Accelerometer \
            and gyroscope of split devices are merged onto one timeline, at the sensor's rate \
            (--sensor-rate asks for one; without it the sensor keeps its current rate).

            The default IMU is the first with an accelerometer and a gyroscope, else the first with an \
            accelerometer; on a Chromebook that is the base. --device lid or --device base picks a \
            convertible's display or base sensors (cros-ec's label accel-display / accel-base).

            More examples:
              imu-stream --device lsm6dso --sensor-rate 104 --duration 5
              imu-stream --device lid --samples 10    # a Chromebook's display
              imu-stream --uri ip:raspberrypi --samples 10

            Without --wait (the default), a sensor that disappears ends the stream with status 7. \
            With --wait, imu-stream waits for the IMU to appear, says "sensor removed, waiting" when \
            it goes, and resumes when it (or, with --any, any IMU) comes back. --rate, the sensor \
            rate until now, still works for one release with a note: use --sensor-rate.

            imu-stream has no --mqtt: it shows the raw samples at the sensor rate (up to thousands a second, \
            one MQTT message each), which is no stream for a broker. Publish the fused, throttled device motion \
            with imu-classify or imu-record --mqtt --mqtt-motion-rate HZ instead, or read a board's raw samples \
            from elsewhere through iiod (--uri ip:HOST).

            Exit status: 0 on success; 3 no IIO subsystem, 4 no accelerometer, 5 no such IMU, \
            6 permission denied, 7 sensor removed, 8 no samples in time (or no answer), 9 malformed sysfs value, \
            10 remote unreachable, 15 buffer held by another reader and no *_raw to poll (or no way \
            to read the sensor at all), 64 usage error (including a --uri other than local: or ip:, \
            --sensor-rate 0.1...10000 Hz, --duration 0.01...31536000 s, --samples 1...10^9).
            """,
        version: ToolVersion.line)

    @OptionGroup var sensor: SensorOptions
    @OptionGroup var sensorRate: SensorRateOptions

    /// The sensor rate under its old spelling, kept for one release.
    @Option(name: .customLong("rate"), parsing: .unconditional, help: .hidden)
    var deprecatedRate: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many samples.", valueName: "count"))
    var samples: Int?

    @OptionGroup var output: JSONOptions

    @Flag(help: "Poll the *_raw attributes even when the device has a buffer.")
    var poll = false

    @OptionGroup var verbosity: VerbosityOptions

    /// The rate to ask the sensor for, under its new or its deprecated spelling.
    private var rate: Double? { sensorRate.sensorRate ?? deprecatedRate }
    private var uri: String { sensor.uri }
    private var device: String? { sensor.device }
    private var any: Bool { sensor.any }
    private var json: Bool { output.json }
    private var wait: Bool { sensor.waits(otherwise: false) }

    func validate() throws {
        if let deprecatedRate {
            guard sensorRate.sensorRate == nil else {
                throw ValidationError("--rate is the old spelling of --sensor-rate; give only --sensor-rate")
            }
            try requireFlag("--rate", deprecatedRate, in: SensorRateOptions.range, unit: "Hz")
        }
        if let duration { try requireFlag("--duration", duration, in: 0.01...31_536_000, unit: "s") }
        if let samples { try requireFlag("--samples", samples, in: 1...1_000_000_000) }
        if any && !wait { throw ValidationError("--any only applies with --wait") }
    }

    func run() async throws {
        verbosity.bootstrap()
        if deprecatedRate != nil {
            noteDeprecated(
                "--rate", tool: "imu-stream", use: "--sensor-rate",
                meaning: "here it still asks the sensor for that rate; elsewhere --rate is the device-motion rate")
        }
        let logger = Logger(label: "imu-stream")
        let configuration = StreamConfiguration(rate: rate, forcePolling: poll)
        let (uri, device, wait, any, json, duration, samples) = (
            uri, device, wait, any, json, duration, samples
        )
        do {
            try await runCancellingOnInterrupt(onStreamThread: true) {
                let printer = SamplePrinter(json: json)
                let live = try await LiveIMU.open(
                    device: device, uri: uri, waitsForIMU: wait, followsRemovals: wait, acceptsAnyIMU: any,
                    configuration: configuration, logger: logger
                ) { status in printStatus("imu-stream: \(status)") }
                try await Self.stream(
                    live.source.inputs(), hasGyroscope: live.imu.gyroscope != nil, printer: printer, duration: duration,
                    samples: samples)
            }
        } catch is CancellationError {
            return
        } catch {
            throw exitReporting(error, tool: "imu-stream") { error in
                guard case IIOSensorError.refillTimeout = error, !poll else { return nil }
                return "try --poll to read it by polling"
            }
        }
    }

    /// Prints aligned samples until the source ends, `duration` or `samples` is reached, or the task
    /// is cancelled. Samples still held for alignment are printed before an error is reported. When the live
    /// source streams again after a removal, the samples held are printed and alignment starts over for the IMU it
    /// streams now (its accelerometer alone when a split IMU's gyroscope left by itself).
    private static func stream(
        _ inputs: some AsyncSequence<MotionSourceInput, any Error>, hasGyroscope: Bool, printer: SamplePrinter, duration: Double?,
        samples: Int?
    ) async throws {
        var aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: hasGyroscope))
        var magneticField = MagneticFieldHold()
        var aligned: [IMUSample] = []
        var printed = 0
        var deadline: Double?
        /// Prints what the aligner released; returns false once a limit is reached.
        func emit() throws -> Bool {
            defer { aligned.removeAll(keepingCapacity: true) }
            for sample in aligned {
                deadline = deadline ?? duration.map { sample.timestamp + $0 }
                if let deadline, sample.timestamp >= deadline { return false }
                try printer.print(PrintedSample(sample: sample, magneticField: magneticField.field(at: sample.timestamp)))
                printed += 1
                if let samples, printed >= samples { return false }
            }
            return true
        }
        do {
            for try await input in inputs {
                switch input {
                case .readings(let batch):
                    magneticField.append(batch)
                    aligner.append(batch, into: &aligned)
                case .status(let status, _):
                    guard let gyroscope = status.streamsGyroscope else { continue }
                    aligner.finish(into: &aligned)
                    aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: gyroscope))
                    magneticField.reset()
                }
                guard try emit() else { return }
            }
        } catch {
            aligner.finish(into: &aligned)
            _ = try emit()
            throw error
        }
        aligner.finish(into: &aligned)
        _ = try emit()
    }
}

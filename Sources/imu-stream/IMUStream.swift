import ArgumentParser
import CommandLineSupport
import IIOSensors
import LiveMotion
import Logging
import MotionSamples
import Resampling

/// `imu-stream`: prints decoded samples of one IMU, in CoreMotion units and signs.
@main
struct IMUStream: AsyncParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() async { await mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-stream",
        abstract: "Stream one IMU's accelerometer and gyroscope, in CoreMotion units and signs.",
        discussion: """
            Acceleration is in g with gravity pointing down (lying face up at rest reads z = -1), \
            rotation rate in rad/s. Timestamps are monotonic seconds from the kernel's scan timestamps. \
            Uses the device's kernel buffer when it has one (its current trigger, else its own, attached \
            and detached again on exit; or a hardware FIFO) and polls the *_raw attributes otherwise. \
            When another reader holds the buffer (iio-sensor-proxy on most GNOME and KDE laptops), it \
            says so, naming the holder, and polls the *_raw attributes at a lower rate. Accelerometer \
            and gyroscope of split devices are merged onto one timeline.

            The default IMU is the first with an accelerometer and a gyroscope, else the first with an \
            accelerometer; on a Chromebook that is the base. --device lid or --device base picks a \
            convertible's display or base sensors (cros-ec's label accel-display / accel-base).

            Examples:
              imu-stream                              # first IMU, until Ctrl-C
              imu-stream --device lsm6dso --rate 104 --duration 5
              imu-stream --device lid --samples 10  # a Chromebook's display accelerometer
              imu-stream --json --samples 100 | jq .acceleration.z
              imu-stream --wait --any               # wait for a sensor; survive unplug and replug

            Without --wait, a sensor that disappears ends the stream with status 7. With --wait, \
            imu-stream waits for the IMU to appear, says "sensor removed, waiting" when it goes, and \
            resumes when it (or, with --any, any IMU) comes back.

            Exit status: 0 on success; 3 no IIO subsystem, 4 no accelerometer, 5 no such IMU, \
            6 permission denied, 7 sensor removed, 8 no samples in time, 9 malformed sysfs value, \
            10 remote unreachable, 15 buffer held by another reader and no *_raw to poll (or no way \
            to read the sensor at all), 64 usage error (including a --uri other than local: or ip:).
            """)

    @Option(help: "libiio context URI: 'local:' or 'ip:HOST[:PORT]'.")
    var uri = "local:"

    @Option(
        help:
            "The IMU: a name or device name from imu-list, an iio:deviceN id, an index, or a location (lid, base). Default: the first with a gyroscope."
    )
    var device: String?

    @Option(
        help: "Sampling rate to ask for, in Hz (the smallest rate the device offers at or above it).")
    var rate: Double?

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "Stop after this many samples.")
    var samples: Int?

    @Flag(
        help: "Print one JSON object per sample: {\"timestamp\", \"acceleration\", \"rotationRate\"}.")
    var json = false

    @Flag(help: "Poll the *_raw attributes even when the device has a buffer.")
    var poll = false

    @Flag(help: "Wait for the IMU if it is not there, and for its return after an unplug.")
    var wait = false

    @Flag(
        help: "With --wait: after an unplug, resume on any IMU that appears, not only the same one.")
    var any = false

    @Flag(name: .shortAndLong, help: "Log the capture mode, rate and clock to stderr.")
    var verbose = false

    func validate() throws {
        if let rate { try requireFlag("--rate", rate, in: 0.1...10_000, unit: "Hz") }
        if let duration { try requireFlag("--duration", duration, in: 0.01...31_536_000, unit: "s") }
        if let samples { try requireFlag("--samples", samples, in: 1...1_000_000_000) }
        if any && !wait { throw ValidationError("--any only applies with --wait") }
    }

    func run() async throws {
        bootstrapLogging(level: verbose ? .info : .warning)
        let logger = Logger(label: "imu-stream")
        let configuration = StreamConfiguration(rate: rate, forcePolling: poll)
        let (uri, device, wait, any, json, duration, samples) = (
            uri, device, wait, any, json, duration, samples
        )
        do {
            try await runCancellingOnInterrupt {
                let printer = SamplePrinter(json: json)
                let live = try await LiveIMU.open(
                    device: device, uri: uri, waitsForIMU: wait, followsRemovals: wait, acceptsAnyIMU: any,
                    configuration: configuration, logger: logger
                ) { status in printError("imu-stream: \(status)") }
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
        var aligned: [IMUSample] = []
        var printed = 0
        var deadline: Double?
        /// Prints what the aligner released; returns false once a limit is reached.
        func emit() throws -> Bool {
            defer { aligned.removeAll(keepingCapacity: true) }
            for sample in aligned {
                deadline = deadline ?? duration.map { sample.timestamp + $0 }
                if let deadline, sample.timestamp >= deadline { return false }
                try printer.print(sample)
                printed += 1
                if let samples, printed >= samples { return false }
            }
            return true
        }
        do {
            for try await input in inputs {
                switch input {
                case .readings(let batch):
                    aligner.append(batch, into: &aligned)
                case .status(let status, _):
                    guard let gyroscope = status.streamsGyroscope else { continue }
                    aligner.finish(into: &aligned)
                    aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: gyroscope))
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

import CommandLineSupport
import DeviceMotionKit
import MotionRecording
import MotionSamples
import Resampling
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// What `imu-motion` reads, streamed in bounded memory: a BROAD-style CSV of paired samples, or a recording
/// (`.imurec` directory, or its `raw.csv`) of raw readings as a live source delivered them.
enum MotionInput {
    /// Samples from a CSV, each pairing the accelerometer with the gyroscope (if the file has one).
    case samples(RawSampleCSV)
    /// A recording's raw readings, in its batches.
    case recording(RecordingReplaySource)

    /// Samples handed to the pipeline at a time.
    static let batchSize = 4096

    /// Opens `path`: a recording directory or its `raw.csv` through `RecordingReader`, anything else as a CSV.
    static func open(path: String) throws -> MotionInput {
        if let directory = recordingDirectory(for: path) {
            return .recording(try RecordingReplaySource(contentsOf: directory))
        }
        return .samples(try RawSampleCSV(path: path))
    }

    /// The recording directory `path` names (itself, or the parent of its `raw.csv`), if it is one.
    private static func recordingDirectory(for path: String) -> FilePath? {
        if isDirectory(atPath: path) { return FilePath(path) }
        let file = FilePath(path)
        guard file.lastComponent?.string == "raw.csv" else { return nil }
        let directory = file.removingLastComponent()
        var status = stat()
        return stat(directory.appending("recording.json").string, &status) == 0 ? directory : nil
    }

    /// Whether the input has magnetometer readings (a CSV with `mag_*` columns, a recording of format 3).
    var hasMagnetometer: Bool {
        switch self {
        case .samples(let csv): csv.hasMagnetometer
        case .recording(let source): source.hasMagnetometer
        }
    }

    /// The magnetometer calibration to apply: `--calibration`'s file, none, or (not given) a recording's own.
    func calibration(_ options: CalibrationOptions) throws -> RecordingCalibration? {
        switch self {
        case .samples: try options.givenFile()
        case .recording(let source): try options.calibration(for: source.metadata)
        }
    }

    /// Whether the input has gyroscope readings.
    var hasGyroscope: Bool {
        switch self {
        case .samples(let csv): csv.hasGyroscope
        case .recording(let source): source.hasGyroscope
        }
    }

    /// Runs the whole input through `updates`, handing the estimates to `write` as they come; returns how many
    /// readings were read. Fails on an unreadable line, or when the timestamps give no sensor rate.
    func motions(
        through updates: inout MotionUpdateLoop, source: String, write: ([DeviceMotion]) throws -> Void
    ) throws -> Int {
        func checkRate() throws {
            if let failure = updates.rateFailure { throw InputError.noSensorRate("\(source): \(failure)") }
        }
        var motions: [DeviceMotion] = []
        var readings = 0
        func deliver() throws {
            try write(motions)
            motions.removeAll(keepingCapacity: true)
        }
        switch self {
        case .samples(let csv):
            var batch: [IMUSample] = []
            var magnetometer: [MagnetometerSample] = []
            batch.reserveCapacity(Self.batchSize)
            while true {
                batch.removeAll(keepingCapacity: true)
                magnetometer.removeAll(keepingCapacity: true)
                while batch.count < Self.batchSize, let row = try csv.next() {
                    batch.append(row.sample)
                    if let reading = row.magnetometer { magnetometer.append(reading) }
                }
                if batch.isEmpty { break }
                readings += batch.count
                updates.append(samples: batch, magnetometer: magnetometer, into: &motions)
                try checkRate()
                try deliver()
            }
            guard readings > 0 else { throw InputError.empty(source) }
        case .recording(let source):
            let batches = try source.batchReader()
            while let batch = try batches.next() {
                readings += batch.count
                updates.append(batch, into: &motions)
                try checkRate()
                try deliver()
            }
        }
        updates.finish(into: &motions)
        try checkRate()
        try deliver()
        return readings
    }

    /// The first `limit` samples on one timeline (a recording's readings aligned as the pipeline aligns them) and
    /// the magnetometer readings among them, for the benchmark.
    func alignedSamples(limit: Int) throws -> (samples: [IMUSample], magnetometer: [MagnetometerSample]) {
        var samples: [IMUSample] = []
        var magnetometer: [MagnetometerSample] = []
        switch self {
        case .samples(let csv):
            while samples.count < limit, let row = try csv.next() {
                samples.append(row.sample)
                if let reading = row.magnetometer { magnetometer.append(reading) }
            }
        case .recording(let source):
            var aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: source.hasGyroscope))
            let batches = try source.batchReader()
            while samples.count < limit, let batch = try batches.next() {
                aligner.append(batch, into: &samples)
                for reading in batch where reading.sensor == .magnetometer {
                    magnetometer.append(MagnetometerSample(timestamp: reading.timestamp, field: reading.value))
                }
            }
            aligner.finish(into: &samples)
        }
        return (Array(samples.prefix(limit)), magnetometer)
    }
}

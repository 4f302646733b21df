import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Logging
import MotionRecording

/// `imu-import motionsense`: one recording per MotionSense trial file.
struct MotionSenseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionsense",
        abstract: "Import MotionSense A_DeviceMotion_data (CoreMotion device motion, 50 Hz).",
        discussion: """
            One recording per <activity>_<trial>/sub_<n>.csv.gz file: tag = the activity's canonical name \
            (dws downstairs, ups upstairs, wlk walking, jog running, sit sitting, std standing; --label-map \
            renames a code or a name), subject = sub_<n>. The raw \
            stream is gravity + userAcceleration and rotationRate at 50 Hz; the motion stream is the \
            recorded device motion resampled to --rate.

            Example:
              imu-import motionsense ../shared/data/motionsense -o recordings/ms --rate 25
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The MotionSense folder (holding A_DeviceMotion_data).", valueName: "dataset"))
    var dataset: String

    @OptionGroup var motionRate: MotionRateOptions

    @OptionGroup var options: ImportOptions

    /// The rate of the recordings' device-motion stream, in Hz.
    private var rate: Double { motionRate.rate }

    func validate() throws {
        try requireFlag(
            "--rate", rate, in: 1...MotionSenseImporter.sampleRate,
            unit: "Hz (the dataset's rate at most)")
    }

    func run() async throws {
        options.verbosity.bootstrap()
        let (dataset, rate, options) = (dataset, rate, options)
        try await runImport {
            let logger = Logger(label: "imu-import")
            var trials = try MotionSenseImporter.trials(in: dataset, labels: options.labelMap.labels())
            logger.info("found \(trials.count) trial files in \(dataset)")
            if let limit = options.limit { trials = Array(trials.prefix(limit)) }
            let writing = try SessionWriting(output: options.output)
            var report = ImportReport(json: options.json)
            for (index, trial) in trials.enumerated() where !Task.isCancelled {
                report.progress(index + 1, of: trials.count, "\(trial.trial)/\(trial.subject)")
                try await writing.write(trial.path, report: &report) { () throws(DatasetImportError) in
                    try MotionSenseImporter.stream(for: trial, motionRate: rate)
                }
            }
            report.finishProgress(total: trials.count)
            try report.summary(output: options.output, dataset: dataset)
        }
    }
}

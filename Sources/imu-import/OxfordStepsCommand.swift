import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Logging
import MotionRecording

/// `imu-import oxford-steps`: one recording per walk of the Oxford Step Counter validation set.
struct OxfordStepsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oxford-steps",
        abstract: "Import the Oxford Step Counter validation walks (accelerometer at 100 Hz, counted steps).",
        discussion: """
            One recording per validation/userN_<position>_<timestamp>.csv file of \
            github.com/Oxford-step-counter/DataSet (CC BY 4.0): tag = walking, subject = userN, counted_steps = \
            the ground-truth step count. Accelerations are negated from Android's sign into CoreMotion's and \
            converted from m/s² to g; there is no gyroscope, so device motion comes from the fusion's \
            accelerometer-only mode (gravity as a low-pass of the accelerometer). imu-steps shows the counted \
            steps beside its own.

            Example:
              git clone https://github.com/Oxford-step-counter/DataSet oxford-steps
              imu-import oxford-steps oxford-steps -o recordings/oxford
            """
    )

    @Argument(
        help: ArgumentHelp("The dataset folder (holding validation/userN_*.csv).", valueName: "dataset"))
    var dataset: String

    @OptionGroup var options: ImportOptions

    func run() async throws {
        options.verbosity.bootstrap()
        let (dataset, options) = (dataset, options)
        try await runImport {
            let logger = Logger(label: "imu-import")
            var walks = try OxfordStepsImporter.walks(in: dataset)
            logger.info("found \(walks.count) validation walks in \(dataset)")
            if let limit = options.limit { walks = Array(walks.prefix(limit)) }
            let writing = try SessionWriting(output: options.output)
            var report = ImportReport(json: options.json)
            for (index, walk) in walks.enumerated() where !Task.isCancelled {
                report.progress(index + 1, of: walks.count, walk.name)
                try await writing.write(walk.path, report: &report) { () throws(DatasetImportError) in
                    try OxfordStepsImporter.stream(of: walk)
                }
            }
            try report.summary(output: options.output, dataset: dataset)
        }
    }
}

import ArgumentParser
import CommandLineSupport
import DatasetImporters
import Logging
import MotionRecording

/// `imu-import hapt`: one recording per labelled segment of UCI HAPT's six basic activities.
struct HAPTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hapt",
        abstract: "Import UCI HAPT RawData (accelerometer + gyroscope at 50 Hz, labelled segments).",
        discussion: """
            One recording per segment of RawData/labels.txt with activity 1-6: tag = walking, \
            upstairs, downstairs, sitting, standing or lying (WALKING ... LAYING); the postural \
            transitions 7-12 (STAND_TO_SIT ...) only when --label-map names them; subject = userNN. \
            Accelerations are negated from Android's sign into CoreMotion's (g); rotation rates are \
            rad/s. The recordings hold the raw 50 Hz streams; their device motion is produced by \
            replaying them through the fusion pipeline. HAPT is for evaluation only: never commit or \
            ship the recordings.

            Example:
              imu-import hapt ../shared/data/hapt -o recordings/hapt --limit 20
            """
    )

    @Argument(
        help: ArgumentHelp("The HAPT folder (holding RawData/labels.txt).", valueName: "dataset"))
    var dataset: String

    @OptionGroup var options: ImportOptions

    func run() async throws {
        options.verbosity.bootstrap()
        let (dataset, options) = (dataset, options)
        try await runImport {
            let logger = Logger(label: "imu-import")
            var segments = try HAPTImporter.segments(in: dataset, labels: options.labelMap.labels())
            logger.info(
                "found \(segments.count) labelled segments of the six basic activities in \(dataset)")
            if let limit = options.limit { segments = Array(segments.prefix(limit)) }
            let writing = try SessionWriting(output: options.output)
            var report = ImportReport(json: options.json)
            var reader: HAPTExperimentReader?
            // An experiment whose files cannot be read is named once, with the number of its segments.
            let experimentOf = { (segment: HAPTImporter.Segment) in "\(segment.experimentName) \(segment.subject)" }
            let segmentCounts = segments.reduce(into: [String: Int]()) { counts, segment in counts[experimentOf(segment), default: 0] += 1 }
            var unreadable: Set<String> = []
            for (index, segment) in segments.enumerated() where !Task.isCancelled {
                let experiment = experimentOf(segment)
                if unreadable.contains(experiment) { continue }
                let name = "\(experiment) \(segment.tag)"
                report.progress(index + 1, of: segments.count, name)
                if reader.map({ !$0.reads(segment) }) ?? true {
                    do {
                        reader = try HAPTExperimentReader(of: segment, in: dataset)
                    } catch {
                        reader = nil
                        unreadable.insert(experiment)
                        let count = segmentCounts[experiment, default: 1]
                        report.refuse(count == 1 ? name : "\(experiment) (\(count) segments)", reason: "\(error)", inputs: count)
                        continue
                    }
                }
                guard let reader else { continue }
                try await writing.write(name, report: &report) { () throws(DatasetImportError) in
                    HAPTImporter.stream(of: segment, reader: reader)
                }
            }
            report.finishProgress(total: segments.count)
            try report.summary(output: options.output, dataset: dataset)
        }
    }
}

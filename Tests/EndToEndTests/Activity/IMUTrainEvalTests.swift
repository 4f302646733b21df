import ActivityKit
import CommandLineSupport
import DatasetImporters
import DeviceMotionKit
import Foundation
import IIOTestbed
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// Whether `imu-import`, `imu-train` and `imu-eval` were built next to the tests.
private let datasetToolsBuilt = ["imu-import", "imu-train", "imu-eval"].allSatisfy { PackageLocations.product(named: $0) != nil }

/// `imu-import` on the MotionSense excerpts in `Fixtures/motionsense` (2 subjects x standing, walking) and on a
/// synthetic miniature of UCI HAPT's layout (HAPT itself may not be committed), then `imu-train` and `imu-eval` on
/// the recordings, with the classic on-device windows (20 samples, hop 5, 25 Hz).
@Suite(
    "imu-import, imu-train and imu-eval on dataset excerpts",
    .enabled(if: datasetToolsBuilt, "needs the built products (`swift build --build-tests` builds them)")
)
struct IMUTrainEvalTests {
    /// Rows of each MotionSense excerpt at 50 Hz, by recording directory name.
    private let motionSenseRows = [
        "standing-motionsense-std_6-sub_1.imurec": 250, "standing-motionsense-std_6-sub_2.imurec": 100,
        "walking-motionsense-wlk_7-sub_1.imurec": 150, "walking-motionsense-wlk_7-sub_2.imurec": 250,
    ]
    /// The classic on-device windows and a quick boosting run.
    private let trainingOptions = ["--window", "20", "--hop", "5", "--rate", "25", "--rounds", "20", "--seed", "3"]

    @Test(
        "imu-import motionsense: a complete recording per excerpt (raw: 2 rows per line at 50 Hz, motion at 25 Hz); a rerun skips complete ones and redoes an incomplete one"
    )
    func importMotionSense() throws {
        let scratch = try ScratchDirectory()
        let result = try scratch.importMotionSense()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count == 4, "\(result.output)")
        for (name, rows) in motionSenseRows {
            let recording = try RecordingReader.read(FilePath(scratch.motionSense.appendingPathComponent(name).path))
            #expect(recording.isComplete)
            #expect(recording.metadata.tag == (name.hasPrefix("walking") ? "walking" : "standing"))
            #expect(recording.metadata.subject == (name.contains("sub_1") ? "sub_1" : "sub_2"))
            #expect(recording.metadata.rawRate == 50)
            #expect(recording.metadata.motionRate == 25)
            #expect(recording.raw.count == 2 * rows)
            #expect(recording.raw.filter { $0.sensor == .gyroscope }.count == rows)
            #expect(recording.raw.last?.timestamp == Double(rows - 1) / 50)
            #expect(recording.motion.count == rows / 2)
        }
        // Reading the CSV files directly gives the imported recordings' motion streams (one parser, one resampler).
        for session in try SessionLoader(sampleRate: 25, fileFormats: DatasetFiles.formats).sessions(from: [scratch.motionSenseExcerpts]) {
            let name = "\(session.label)-motionsense-\(session.name.replacingOccurrences(of: "/", with: "-").prefix { $0 != "." }).imurec"
            let recording = try RecordingReader.read(FilePath(scratch.motionSense.appendingPathComponent(name).path))
            #expect(session.motions.count == recording.motion.count, "\(name)")
            for (direct, recorded) in zip(session.motions, recording.motion) {
                #expect(direct.timestamp == recorded.timestamp)
                #expect(
                    close(
                        [
                            direct.gravity.x, direct.gravity.y, direct.gravity.z, direct.userAcceleration.x, direct.userAcceleration.y,
                            direct.userAcceleration.z,
                        ],
                        [
                            recorded.gravity.x, recorded.gravity.y, recorded.gravity.z, recorded.userAcceleration.x,
                            recorded.userAcceleration.y, recorded.userAcceleration.z,
                        ],
                        tolerance: 1e-8))
            }
        }
        // A killed import leaves `complete: false` and a shortened raw.csv: the rerun writes that one again.
        let killed = scratch.motionSense.appendingPathComponent("walking-motionsense-wlk_7-sub_2.imurec")
        let metadata = killed.appendingPathComponent("recording.json")
        let json = try String(contentsOf: metadata, encoding: .utf8)
        try json.replacingOccurrences(of: "\"complete\" : true", with: "\"complete\" : false").write(
            to: metadata, atomically: true, encoding: .utf8)
        let raw = killed.appendingPathComponent("raw.csv")
        try (try String(contentsOf: raw, encoding: .utf8)).split(separator: "\n").prefix(30).joined(separator: "\n")
            .write(to: raw, atomically: true, encoding: .utf8)
        #expect(try !RecordingReader.read(FilePath(killed.path)).isComplete)

        let rerun = try scratch.importMotionSense()
        #expect(rerun.status == ExitStatus.success.rawValue, "\(rerun.standardError)")
        let lines = rerun.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("skipped ") }.count == 3, "\(rerun.output)")
        #expect(lines.filter { $0.hasPrefix("rewrote incomplete walking-motionsense-wlk_7-sub_2.imurec") }.count == 1, "\(rerun.output)")
        let rewritten = try RecordingReader.read(FilePath(killed.path))
        #expect(rewritten.isComplete)
        #expect(rewritten.raw.count == 500)
    }

    @Test("imu-import hapt: one recording per basic-activity segment, accelerometer negated into CoreMotion's sign")
    func importHAPT() throws {
        let scratch = try ScratchDirectory()
        let result = try scratch.importHAPT()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.hapt.path).sorted()
        #expect(
            names == [
                "standing-hapt-exp01-user01-300.imurec", "standing-hapt-exp02-user02-300.imurec",
                "walking-hapt-exp01-user01-0.imurec", "walking-hapt-exp02-user02-0.imurec",
            ])
        let standing = try RecordingReader.read(FilePath(scratch.hapt.appendingPathComponent(names[0]).path))
        #expect(standing.isComplete)
        #expect(standing.metadata.tag == "standing")
        #expect(standing.metadata.subject == "user01")
        #expect(standing.metadata.rawRate == 50)
        #expect(standing.raw.count == 2 * HAPTMiniature.segmentLength)
        let first = try #require(standing.raw.first)
        #expect(first.sensor == .accelerometer)
        #expect(first.timestamp == 300.0 / 50)
        #expect(close([first.value.x, first.value.y, first.value.z], [0, -1, 0]))
        let walking = try RecordingReader.read(FilePath(scratch.hapt.appendingPathComponent(names[3]).path))
        #expect(walking.metadata.tag == "walking")
        #expect(walking.metadata.subject == "user02")
        #expect(walking.raw.count == 2 * HAPTMiniature.segmentLength)
    }

    @Test("imu-import hapt: an experiment with a file missing is named once with its segments counted (exit 12); the rest is imported")
    func importHAPTWithFileMissing() throws {
        let scratch = try ScratchDirectory()
        let dataset = scratch.root.appendingPathComponent("hapt-dataset")
        try HAPTMiniature.write(to: dataset)
        let missing = dataset.appendingPathComponent("RawData/gyro_exp01_user01.txt")
        try FileManager.default.removeItem(at: missing)
        let result = try scratch.run("imu-import", ["hapt", dataset.path, "--output", scratch.hapt.path])
        #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
        let refusals = result.standardError.split(separator: "\n").filter { $0.contains(" was not imported: ") }
        #expect(
            refusals == [
                "imu-import: exp01 user01 (2 segments) was not imported: cannot read \(missing.path).gz: the file is missing; "
                    + "check the file, or download the dataset again"
            ], "\(result.standardError)")
        #expect(result.standardError.contains("2 input(s) of \(dataset.path) could not be imported"), "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.hapt.path).sorted()
        #expect(names == ["standing-hapt-exp02-user02-300.imurec", "walking-hapt-exp02-user02-0.imurec"])
    }

    @Test("imu-train at window 20 / hop 5: the same data and seed give byte-identical model files; imu-eval --json is consistent")
    func trainTwiceAndEvaluate() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let first = scratch.root.appendingPathComponent("first.model")
        let second = scratch.root.appendingPathComponent("second.model")
        for model in [first, second] {
            let result = try scratch.run("imu-train", [scratch.motionSense.path, "-o", model.path] + trainingOptions)
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        }
        let bytes = try Data(contentsOf: first)
        #expect(bytes == (try Data(contentsOf: second)))
        let model = try ActivityModel.load(contentsOf: first)
        #expect(model.window == (try WindowConfiguration(size: 20, hop: 5, sampleRate: 25)))
        #expect(model.classNames == ["standing", "walking"])
        #expect(model.summary.groupCount == 2)
        #expect(model.summary.sessionCount == 4)

        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.motionSense.path])
        let dataset = try WindowedDataset(sessions: sessions, configuration: model.window)
        #expect(model.summary.windowCount == dataset.windowCount)

        let evaluation = try scratch.run("imu-eval", ["--model", first.path, scratch.motionSense.path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["standing", "walking"], windows: dataset.windowCount)
        #expect(report["mode"] as? String == "evaluation")
        // Separable activities, evaluated on the training windows.
        #expect(report["accuracy"] as? Double == 1)
    }

    @Test("imu-train --cross-validate --folds 2 groups by subject, reports consistent numbers and stores them in the model")
    func crossValidateMotionSense() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("validated.model")
        let result = try scratch.run(
            "imu-train", [scratch.motionSense.path, "--cross-validate", "--folds", "2", "--json", "-o", modelURL.path] + trainingOptions)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        let report = try #require(lines.first)
        #expect(report["mode"] as? String == "cross-validation")
        #expect(report["folds"] as? Int == 2)
        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.motionSense.path])
        let windows = try WindowedDataset(sessions: sessions, configuration: WindowConfiguration(size: 20, hop: 5, sampleRate: 25))
            .windowCount
        try expectConsistent(report, classNames: ["standing", "walking"], windows: windows)
        #expect(lines.last?["windows"] as? Int == windows)

        let model = try ActivityModel.load(contentsOf: modelURL)
        let validation = try #require(model.summary.crossValidation)
        #expect(validation.folds == 2)
        #expect(validation.accuracy == report["accuracy"] as? Double)
        #expect(validation.macroF1 == report["macro_f1"] as? Double)
    }

    @Test("--tune with --rounds and --max-depth searches only the learning rates; the model records the grid and choice")
    func tuneHoldsTheGivenHyperparameters() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("tuned.model")
        let result = try scratch.run(
            "imu-train",
            [scratch.motionSense.path, "--tune", "--inner-folds", "2", "--max-depth", "2", "-v", "-o", modelURL.path]
                + trainingOptions)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let model = try ActivityModel.load(contentsOf: modelURL)
        let selection = try #require(model.summary.hyperparameterSelection)
        #expect(selection.grid == HyperparameterGrid(rounds: [20], learningRates: [0.1, 0.2], maximumDepths: [2]))
        #expect(selection.innerFolds == 2)
        let candidates = try #require(selection.candidates)
        #expect(candidates.map(\.parameters) == selection.grid?.candidates)
        #expect(selection.chosen == HyperparameterSearch.choice(among: candidates))
        #expect(model.summary.parameters.rounds == 20 && model.summary.parameters.maximumDepth == 2)
        #expect(model.summary.parameters.learningRate == selection.chosen.learningRate)
        #expect(result.standardError.contains(selection.choiceDescription), "\(result.standardError)")
    }

    @Test("imu-train on recordings without a subject groups the folds by session and says so on stderr")
    func recordingsWithoutSubjectAreGroupedBySession() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        for name in motionSenseRows.keys {
            let metadata = scratch.motionSense.appendingPathComponent(name).appendingPathComponent("recording.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: metadata)) as? [String: Any])
            object["subject"] = nil
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: metadata)
        }
        let modelURL = scratch.root.appendingPathComponent("sessions.model")
        let result = try scratch.run(
            "imu-train", [scratch.motionSense.path, "--cross-validate", "--folds", "2", "--json", "-o", modelURL.path] + trainingOptions)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "imu-train: 4 of 4 sessions name no subject; each of them is its own group, so folds split by session, never by window"),
            "\(result.standardError)")
        let model = try ActivityModel.load(contentsOf: modelURL)
        #expect(model.summary.sessionsWithoutSubject == 4)
        #expect(model.summary.groups?.count == 4)
        #expect(model.summary.crossValidation?.method?.contains("grouped by subject, or session where none is named") == true)
    }

    @Test("--offline: imu-train and imu-eval fuse the recordings forward and backward; the same windows, only gravity moved")
    func offlineFusion() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let live = try SessionLoader(sampleRate: 25).sessions(from: [scratch.motionSense.path])
        let offline = try SessionLoader(sampleRate: 25, fusionMode: .offline).sessions(from: [scratch.motionSense.path])
        #expect(offline.map(\.motions.count) == live.map(\.motions.count))
        var largestMove = 0.0
        for (causal, smoothed) in zip(live.flatMap(\.motions), offline.flatMap(\.motions)) {
            #expect(smoothed.timestamp == causal.timestamp)
            let reading = causal.userAcceleration + causal.gravity
            #expect((smoothed.userAcceleration + smoothed.gravity - reading).norm < 1e-12)
            largestMove = max(largestMove, (smoothed.gravity - causal.gravity).norm)
        }
        #expect(largestMove > 0)

        let liveModel = scratch.root.appendingPathComponent("live.model")
        let offlineModel = scratch.root.appendingPathComponent("offline.model")
        for (model, extra) in [(liveModel, [String]()), (offlineModel, ["--offline"])] {
            let result = try scratch.run("imu-train", [scratch.motionSense.path, "-o", model.path] + trainingOptions + extra)
            #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        }
        let windows = try WindowedDataset(sessions: offline, configuration: WindowConfiguration(size: 20, hop: 5, sampleRate: 25))
            .windowCount
        #expect(try ActivityModel.load(contentsOf: offlineModel).summary.windowCount == windows)

        let evaluation = try scratch.run("imu-eval", ["--model", offlineModel.path, scratch.motionSense.path, "--offline", "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["standing", "walking"], windows: windows)

        // Each model says how its recordings were fused; an offline one meeting live motion is warned about.
        #expect(try ActivityModel.load(contentsOf: liveModel).summary.recordingFusion == .live)
        #expect(try ActivityModel.load(contentsOf: offlineModel).summary.recordingFusion == .offline)
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: offlineModel)) as? [String: Any]
        #expect((stored?["summary"] as? [String: Any])?["recordingFusion"] as? String == "offline")
        let warning = "trained on recordings fused offline (imu-train --offline)"
        #expect(!evaluation.standardError.contains(warning))
        let recording = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.motionSense.path).sorted().first)
        let runs = [
            ("imu-eval", ["--model", offlineModel.path, scratch.motionSense.path, "--json"], true),
            ("imu-eval", ["--model", liveModel.path, scratch.motionSense.path, "--json"], false),
            ("imu-classify", ["--model", offlineModel.path, "--replay", scratch.motionSense.appendingPathComponent(recording).path], true),
        ]
        for (tool, arguments, warned) in runs {
            let result = try scratch.run(tool, arguments)
            #expect(result.status == ExitStatus.success.rawValue, "\(tool): \(result.standardError)")
            #expect(result.standardError.contains(warning) == warned, "\(tool) \(arguments): \(result.standardError)")
        }
    }

    @Test("--no-movement-axes: a model of the features without the device axes, which imu-eval and imu-classify use")
    func withoutMovementAxes() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("axes-free.model")
        let training = try scratch.run(
            "imu-train", [scratch.motionSense.path, "--no-movement-axes", "-o", modelURL.path] + trainingOptions)
        #expect(training.status == ExitStatus.success.rawValue, "\(training.standardError)")
        let model = try ActivityModel.load(contentsOf: modelURL)
        #expect(model.featureSet == .withoutMovementAxes)
        #expect(model.featureNames.count == 157 && !model.featureNames.contains("userAccelerationX.mean"))
        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.motionSense.path])
        let dataset = try WindowedDataset(sessions: sessions, configuration: model.window, featureSet: .withoutMovementAxes)
        let evaluation = try scratch.run("imu-eval", ["--model", modelURL.path, scratch.motionSense.path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["standing", "walking"], windows: dataset.windowCount)
        #expect(report["accuracy"] as? Double == 1)
        // imu-classify scores the windows of a walking recording with the model's features: walking, never standing.
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scratch.motionSense.path).sorted().first { $0.hasPrefix("walking") })
        let path = scratch.motionSense.appendingPathComponent(recording).path
        let replay = try scratch.run("imu-classify", ["--model", modelURL.path, "--replay", path, "--json"])
        #expect(replay.status == ExitStatus.success.rawValue, "\(replay.standardError)")
        let lines = try jsonLines(replay.output)
        let windows = try WindowedDataset(
            sessions: SessionLoader(sampleRate: 25).sessions(from: [path]), configuration: model.window,
            featureSet: .withoutMovementAxes)
        #expect(lines.count == windows.windowCount && !lines.isEmpty)
        #expect(lines.allSatisfy { $0["activity"] as? String != "standing" }, "\(replay.output)")
    }

    @Test("--either-way-up: every window learnt upside down too; cross-validation scores the recorded windows alone")
    func eitherWayUp() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("either-way-up.model")
        let result = try scratch.run(
            "imu-train",
            [scratch.motionSense.path, "--either-way-up", "--cross-validate", "--folds", "2", "--json", "-o", modelURL.path]
                + trainingOptions)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.motionSense.path])
        let configuration = try WindowConfiguration(size: 20, hop: 5, sampleRate: 25)
        let recorded = try WindowedDataset(sessions: sessions, configuration: configuration)
        let lines = try jsonLines(result.output)
        try expectConsistent(try #require(lines.first), classNames: ["standing", "walking"], windows: recorded.windowCount)
        #expect(lines.last?["windows"] as? Int == recorded.windowCount)
        let model = try ActivityModel.load(contentsOf: modelURL)
        #expect(model.summary.eitherWayUp == true)
        #expect(model.summary.windowCount == recorded.windowCount)
        // The excerpts recorded upside down in the pocket: still standing and walking.
        let turned = sessions.map { session in
            var turned = session
            turned.motions = session.motions.map(\.turnedHalfAboutZ)
            return turned
        }
        #expect(try model.evaluate(on: WindowedDataset(sessions: turned, configuration: configuration)).accuracy == 1)
    }

    @Test("--model A --model B: imu-classify and imu-eval score each model on its window ending at the same sample, averaged")
    func averagedModels() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        let rounds = ["--rounds", "20", "--seed", "3"]
        let models = [
            ("long", ["--window", "20", "--hop", "5", "--rate", "25"]), ("short", ["--window", "10", "--hop", "5", "--rate", "25"]),
            ("fast", ["--window", "20", "--hop", "5", "--rate", "50"]),
        ].map { name, window in
            (name, window, scratch.root.appendingPathComponent("\(name).model").path)
        }
        for (name, window, path) in models {
            let training = try scratch.run("imu-train", [scratch.motionSense.path, "-o", path] + window + rounds)
            #expect(training.status == ExitStatus.success.rawValue, "\(name): \(training.standardError)")
        }
        let recording = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scratch.motionSense.path).sorted().first { $0.hasPrefix("walking") })
        let path = scratch.motionSense.appendingPathComponent(recording).path
        func probabilities(_ modelPaths: [String]) throws -> [Double: [String: Double]] {
            let replay = try scratch.run(
                "imu-classify",
                modelPaths.flatMap { ["--model", $0] } + ["--replay", path, "--json", "--smoothing", "1", "--threshold", "0"])
            #expect(replay.status == ExitStatus.success.rawValue, "\(replay.standardError)")
            return Dictionary(
                uniqueKeysWithValues: try jsonLines(replay.output).map {
                    (try #require($0["timestamp"] as? Double), try #require($0["probabilities"] as? [String: Double]))
                })
        }
        let long = try probabilities([models[0].2])
        let short = try probabilities([models[1].2])
        let averaged = try probabilities([models[0].2, models[1].2])
        // The longest window sets the cadence: a prediction wherever the long model alone predicts, and only there.
        #expect(Set(averaged.keys) == Set(long.keys) && !averaged.isEmpty)
        for (timestamp, mean) in averaged {
            let (first, second) = (try #require(long[timestamp]), try #require(short[timestamp]))
            for (activity, value) in mean {
                #expect(abs(value - (first[activity]! + second[activity]!) / 2) < 1e-12, "\(activity) at \(timestamp)")
            }
        }
        // imu-eval averages them the same way: its windows and verdicts are imu-classify's on the same recording.
        let evaluation = try scratch.run("imu-eval", ["--model", models[0].2, "--model", models[1].2, path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        #expect(report["class_names"] as? [String] == ["standing", "walking"])
        let named = averaged.values.filter { ($0["walking"] ?? 0) > ($0["standing"] ?? 0) }.count
        #expect(report["confusion"] as? [[Int]] == [[0, 0], [averaged.count - named, named]])
        let mixedRates = try scratch.run("imu-classify", ["--model", models[0].2, "--model", models[2].2, "--replay", path])
        #expect(mixedRates.status == ExitStatus.modelRefused.rawValue, "\(mixedRates.standardError)")
        #expect(
            mixedRates.standardError.contains("the models cannot be averaged: they must share a sample rate"), "\(mixedRates.standardError)"
        )
        let mixedEvaluation = try scratch.run("imu-eval", ["--model", models[0].2, "--model", models[2].2, path])
        #expect(mixedEvaluation.status == ExitStatus.modelRefused.rawValue, "\(mixedEvaluation.standardError)")
    }

    @Test("HAPT miniature: imu-train --cross-validate --folds 2 over two users, then imu-eval of the model")
    func trainAndEvaluateHAPT() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importHAPT().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("hapt.model")
        let result = try scratch.run(
            "imu-train", [scratch.hapt.path, "--cross-validate", "--folds", "2", "--json", "-o", modelURL.path] + trainingOptions)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.hapt.path])
        #expect(Set(sessions.map(\.group)) == ["user01", "user02"])
        let windows = try WindowedDataset(sessions: sessions, configuration: WindowConfiguration(size: 20, hop: 5, sampleRate: 25))
            .windowCount
        let validation = try #require(try jsonLines(result.output).first)
        try expectConsistent(validation, classNames: ["standing", "walking"], windows: windows)

        let evaluation = try scratch.run("imu-eval", ["--model", modelURL.path, scratch.hapt.path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["standing", "walking"], windows: windows)
        #expect(report["accuracy"] as? Double == 1)
    }

    @Test(
        "a model trained on MotionSense evaluates on HAPT's shared activities without renaming anything; the activities it does not know are listed, not counted"
    )
    func motionSenseModelOnHAPT() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importMotionSense().status == ExitStatus.success.rawValue)
        // HAPT's upstairs (2) and lying (6), which the MotionSense excerpts (standing, walking) do not hold.
        #expect(try scratch.importHAPT(extraLabels: "2 2 2 0 299\n1 1 6 300 599\n").status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("motionsense.model")
        let training = try scratch.run("imu-train", [scratch.motionSense.path, "-o", modelURL.path] + trainingOptions)
        #expect(training.status == ExitStatus.success.rawValue, "\(training.standardError)")

        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.hapt.path])
        #expect(Set(sessions.map(\.label)) == ["lying", "standing", "upstairs", "walking"])
        let window = try WindowConfiguration(size: 20, hop: 5, sampleRate: 25)
        func windows(_ labels: Set<String>) throws -> Int {
            try WindowedDataset(sessions: sessions.filter { labels.contains($0.label) }, configuration: window).windowCount
        }
        let evaluation = try scratch.run("imu-eval", ["--model", modelURL.path, scratch.hapt.path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["standing", "walking"], windows: try windows(["standing", "walking"]))
        let unshared = try #require(report["unshared"] as? [[String: Any]])
        #expect(unshared.map { $0["name"] as? String } == ["lying", "upstairs"])
        #expect(unshared.map { $0["sessions"] as? Int } == [1, 1])
        #expect(unshared.map { $0["windows"] as? Int } == [try windows(["lying"]), try windows(["upstairs"])])
        #expect(evaluation.standardError.contains("imu-eval: 1 sessions of lying (\(try windows(["lying"])) windows) are not evaluated"))

        let text = try scratch.run("imu-eval", ["--model", modelURL.path, scratch.hapt.path])
        #expect(text.status == ExitStatus.success.rawValue, "\(text.standardError)")
        #expect(text.output.contains("not evaluated, activities the model does not know: lying (1 sessions"), "\(text.output)")

        // Only activities the model does not know: nothing to measure, status 12.
        let lyingOnly = scratch.hapt.appendingPathComponent("lying-hapt-exp01-user01-300.imurec").path
        let refused = try scratch.run("imu-eval", ["--model", modelURL.path, lyingOnly])
        #expect(refused.status == ExitStatus.badInput.rawValue, "\(refused.standardError)")
        #expect(refused.standardError.contains("the model does not know the activities lying"), "\(refused.standardError)")
    }

    @Test("an old model's class names (laying, walking_upstairs) still match recordings tagged lying and upstairs")
    func oldModelSpellings() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importHAPT(extraLabels: "2 2 2 0 299\n1 1 6 300 599\n").status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("hapt.model")
        #expect(
            try scratch.run("imu-train", [scratch.hapt.path, "-o", modelURL.path] + trainingOptions).status == ExitStatus.success.rawValue)
        let current = try String(contentsOf: modelURL, encoding: .utf8)
        let old = #""classNames":["lying","standing","upstairs","walking"]"#
        #expect(current.contains(old))
        try current.replacingOccurrences(of: old, with: #""classNames":["laying","standing","walking_upstairs","walking"]"#)
            .write(to: modelURL, atomically: true, encoding: .utf8)
        #expect(try ActivityModel.load(contentsOf: modelURL).classNames == ["laying", "standing", "walking_upstairs", "walking"])

        let sessions = try SessionLoader(sampleRate: 25).sessions(from: [scratch.hapt.path])
        let windows = try WindowedDataset(sessions: sessions, configuration: WindowConfiguration(size: 20, hop: 5, sampleRate: 25))
            .windowCount
        let evaluation = try scratch.run("imu-eval", ["--model", modelURL.path, scratch.hapt.path, "--json"])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        try expectConsistent(report, classNames: ["lying", "standing", "upstairs", "walking"], windows: windows)
        #expect(report["unshared"] == nil)
    }

    @Test("--label-map: the user's labels map onto the model's in imu-eval; a bad line is status 12 with file:line")
    func labelMapFile() throws {
        let scratch = try ScratchDirectory()
        #expect(try scratch.importHAPT().status == ExitStatus.success.rawValue)
        let modelURL = scratch.root.appendingPathComponent("hapt.model")
        let map = scratch.root.appendingPathComponent("labels.csv")
        try "# HAPT as we call it\nWALKING,strolling\nSTANDING,upright\n".write(to: map, atomically: true, encoding: .utf8)
        let renamed = scratch.root.appendingPathComponent("renamed")
        let imported = try scratch.run(
            "imu-import", ["hapt", scratch.root.appendingPathComponent("hapt-dataset").path, "-o", renamed.path, "--label-map", map.path])
        #expect(imported.status == ExitStatus.success.rawValue, "\(imported.standardError)")
        #expect(Set(try SessionLoader(sampleRate: 25).sessions(from: [renamed.path]).map(\.label)) == ["strolling", "upright"])
        // A model of the canonical names evaluates the renamed recordings through the reverse map.
        #expect(
            try scratch.run("imu-train", [scratch.hapt.path, "-o", modelURL.path] + trainingOptions).status == ExitStatus.success.rawValue)
        let reverse = scratch.root.appendingPathComponent("reverse.csv")
        try "strolling,walking\nupright,standing\n".write(to: reverse, atomically: true, encoding: .utf8)
        let evaluation = try scratch.run(
            "imu-eval", ["--model", modelURL.path, renamed.path, "--json", "--label-map", reverse.path])
        #expect(evaluation.status == ExitStatus.success.rawValue, "\(evaluation.standardError)")
        let report = try #require(try jsonLines(evaluation.output).first)
        #expect(report["class_names"] as? [String] == ["standing", "walking"])
        #expect(report["accuracy"] as? Double == 1)

        try "strolling,walking\nupright\n".write(to: reverse, atomically: true, encoding: .utf8)
        for (tool, arguments) in [
            ("imu-eval", ["--model", modelURL.path, renamed.path]), ("imu-train", [renamed.path, "--cross-validate"] + trainingOptions),
            ("imu-classify", ["--replay", renamed.path, "--model", modelURL.path]),
            ("imu-import", ["hapt", scratch.root.appendingPathComponent("hapt-dataset").path, "-o", renamed.path]),
        ] {
            let refused = try scratch.run(tool, arguments + ["--label-map", reverse.path])
            #expect(refused.status == ExitStatus.badInput.rawValue, "\(tool): \(refused.standardError)")
            #expect(
                refused.standardError.hasPrefix("\(tool): cannot read the label map (\(reverse.path):2): 1 fields where a label"),
                "\(refused.standardError)")
        }
        let live = try scratch.run("imu-classify", ["--live", "--label-map", reverse.path])
        #expect(live.status == ExitStatus.usage.rawValue, "\(live.standardError)")
        #expect(live.standardError.contains("--label-map only applies with --replay"), "\(live.standardError)")
    }

    /// Checks an evaluation report's JSON against its own confusion matrix: totals, accuracy, per-class precision,
    /// recall and F1, and macro-F1.
    private func expectConsistent(_ report: [String: Any], classNames: [String], windows: Int) throws {
        #expect(report["class_names"] as? [String] == classNames)
        let confusion = try #require(report["confusion"] as? [[Int]])
        let classes = try #require(report["classes"] as? [[String: Any]])
        let accuracy = try #require(report["accuracy"] as? Double)
        let macroF1 = try #require(report["macro_f1"] as? Double)
        #expect(confusion.count == classNames.count && confusion.allSatisfy { $0.count == classNames.count })
        let total = confusion.joined().reduce(0, +)
        #expect(total == windows)
        let correct = classNames.indices.map { confusion[$0][$0] }.reduce(0, +)
        #expect(abs(accuracy - Double(correct) / Double(total)) < 1e-12)
        #expect(classes.map { $0["name"] as? String } == classNames)
        var f1Sum = 0.0
        for (index, metrics) in classes.enumerated() {
            let support = confusion[index].reduce(0, +)
            let predicted = confusion.map { $0[index] }.reduce(0, +)
            let precision = predicted == 0 ? 0 : Double(confusion[index][index]) / Double(predicted)
            let recall = support == 0 ? 0 : Double(confusion[index][index]) / Double(support)
            let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
            #expect(metrics["support"] as? Int == support)
            #expect(abs((metrics["precision"] as? Double ?? -1) - precision) < 1e-12)
            #expect(abs((metrics["recall"] as? Double ?? -1) - recall) < 1e-12)
            #expect(abs((metrics["f1"] as? Double ?? -1) - f1) < 1e-12)
            f1Sum += f1
        }
        #expect(abs(macroF1 - f1Sum / Double(classNames.count)) < 1e-12)
    }
}

/// A synthetic miniature of UCI HAPT's `RawData` layout: users 1 and 2 (experiments 1 and 2), each walking for
/// samples 0-299 and standing upright for 300-599 at 50 Hz, in HAPT's units and Android's sign.
private enum HAPTMiniature {
    /// Samples in each labelled segment.
    static let segmentLength = 300

    /// Writes `RawData/labels.txt` (plus the `extraLabels` lines) and the accelerometer and gyroscope files under `root`.
    static func write(to root: URL, extraLabels: String = "") throws {
        let rawData = root.appendingPathComponent("RawData")
        try FileManager.default.createDirectory(at: rawData, withIntermediateDirectories: true)
        var labels = ""
        for user in 1...2 {
            let stem = "exp0\(user)_user0\(user).txt"
            let samples = 0..<(2 * segmentLength)
            let acceleration = samples.map { index in accelerationLine(index, walking: index < segmentLength, user: user) }
            let rotation = samples.map { index in rotationLine(index, walking: index < segmentLength) }
            try (acceleration.joined(separator: "\n") + "\n").write(
                to: rawData.appendingPathComponent("acc_" + stem), atomically: true, encoding: .utf8)
            try (rotation.joined(separator: "\n") + "\n").write(
                to: rawData.appendingPathComponent("gyro_" + stem), atomically: true, encoding: .utf8)
            labels += "\(user) \(user) 1 0 \(segmentLength - 1)\n\(user) \(user) 5 \(segmentLength) \(2 * segmentLength - 1)\n"
        }
        try (labels + extraLabels).write(to: rawData.appendingPathComponent("labels.txt"), atomically: true, encoding: .utf8)
    }

    /// Total acceleration in g, Android's sign (upright at rest: +1 g on y); walking bounces at 2 Hz.
    private static func accelerationLine(_ index: Int, walking: Bool, user: Int) -> String {
        guard walking else { return "0 1 0" }
        let phase = 2 * Double.pi * 2 * Double(index) / 50 + Double(user)
        return "\(0.1 * sin(phase / 2)) \(1 + 0.35 * sin(phase)) \(0.15 * cos(phase))"
    }

    /// Rotation rate in rad/s: a 1 Hz sway while walking, none at rest.
    private static func rotationLine(_ index: Int, walking: Bool) -> String {
        guard walking else { return "0 0 0" }
        let phase = 2 * Double.pi * Double(index) / 50
        return "\(0.4 * sin(phase)) \(0.2 * cos(phase)) 0"
    }
}

/// A scratch directory for one test, with the imported recordings in `motionsense/` and `hapt/`; removed at the end.
private final class ScratchDirectory {
    /// The directory.
    let root: URL
    /// Where `importMotionSense()` writes.
    var motionSense: URL { root.appendingPathComponent("motionsense") }
    /// Where `importHAPT()` writes.
    var hapt: URL { root.appendingPathComponent("hapt") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("imu-train-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs the built product `tool` with `arguments`.
    func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 300)
    }

    /// The MotionSense excerpts, in the dataset's layout.
    let motionSenseExcerpts = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense").path

    /// `imu-import motionsense Fixtures/motionsense --output motionsense/`.
    func importMotionSense() throws -> ProcessResult {
        try run("imu-import", ["motionsense", motionSenseExcerpts, "--output", motionSense.path])
    }

    /// Writes the HAPT miniature (with `extraLabels` lines in its labels.txt) and runs `imu-import hapt` on it into
    /// `hapt/`.
    func importHAPT(extraLabels: String = "") throws -> ProcessResult {
        let dataset = root.appendingPathComponent("hapt-dataset")
        try HAPTMiniature.write(to: dataset, extraLabels: extraLabels)
        return try run("imu-import", ["hapt", dataset.path, "--output", hapt.path])
    }
}

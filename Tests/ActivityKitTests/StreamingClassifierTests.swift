import ActivityKit
import Foundation
import MotionSamples
import Testing

@Suite struct StreamingClassifierTests {
    /// A model trained with the classic on-device windows: 20 samples, hop 5, 25 Hz.
    static let onDeviceModel = try! SyntheticMotion.model(rounds: 10, configuration: .onDevice)

    @Test func trainsAndExtractsFeaturesAtWindowTwenty() throws {
        let model = Self.onDeviceModel
        #expect(model.window == .onDevice)
        #expect(model.featureNames == FeatureExtractor(configuration: .onDevice).featureNames)
        // 400 samples per session: (400 - 20) / 5 + 1 windows, 6 sessions.
        #expect(model.summary.windowCount == 6 * 77)
        let dataset = try WindowedDataset(sessions: SyntheticMotion.sessions(subjects: 1), configuration: .onDevice)
        #expect(try model.evaluate(on: dataset).accuracy > 0.9)
    }

    @Test func firstPredictionAfterTwentySamplesThenEveryFive() throws {
        var classifier = StreamingActivityClassifier(model: Self.onDeviceModel)
        let samples = SyntheticMotion.samples(
            count: 60, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 5)
        var predictedAfter: [Int] = []
        for (index, motion) in samples.enumerated() {
            guard let window = classifier.process(motion) else { continue }
            predictedAfter.append(index + 1)
            #expect(window.timestamp == motion.timestamp)
            #expect(window.prediction.classNames == ["lying", "upright", "walking"])
        }
        #expect(predictedAfter == [20, 25, 30, 35, 40, 45, 50, 55, 60])
    }

    @Test func aShorterHopPredictsMoreOftenFromWholeWindows() throws {
        var classifier = try StreamingActivityClassifier(model: Self.onDeviceModel, hop: 2)
        #expect(classifier.hop == 2 && classifier.model.window == .onDevice)
        let samples = SyntheticMotion.samples(
            count: 30, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 5)
        var predictedAfter: [Int] = []
        var reference = StreamingActivityClassifier(model: Self.onDeviceModel)
        for (index, motion) in samples.enumerated() {
            let standard = reference.process(motion)
            guard let window = classifier.process(motion) else { continue }
            predictedAfter.append(index + 1)
            // Where both predict, they see the same 20 samples.
            if let standard { #expect(standard.prediction == window.prediction) }
        }
        #expect(predictedAfter == [20, 22, 24, 26, 28, 30])
        for hop in [0, 21] {
            #expect(throws: ActivityError.self) { try StreamingActivityClassifier(model: Self.onDeviceModel, hop: hop) }
        }
    }

    @Test("a model without the movement axes is fed its own features, also when it replaces one with them")
    func modelWithoutMovementAxesGetsItsFeatures() throws {
        let reduced = try SyntheticMotion.model(rounds: 10, configuration: .onDevice, featureSet: .withoutMovementAxes)
        let extractor = FeatureExtractor(configuration: .onDevice, featureSet: .withoutMovementAxes)
        let samples = SyntheticMotion.samples(
            count: 40, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 7)
        var fresh = StreamingActivityClassifier(model: reduced)
        var replaced = StreamingActivityClassifier(model: Self.onDeviceModel)
        try replaced.replaceModel(with: reduced)
        for (index, motion) in samples.enumerated() {
            let due = index >= 19 && (index + 1) % 5 == 0
            let expected = due ? reduced.predict(features: extractor.features(of: samples[index - 19...index])) : nil
            #expect(fresh.process(motion)?.prediction == expected)
            #expect(replaced.process(motion)?.prediction == expected)
        }
    }

    @Test("models of different windows are averaged, each on its own window ending at the same sample")
    func modelsOfDifferentWindowsAreAveraged() throws {
        let short = try SyntheticMotion.model(rounds: 10, configuration: try WindowConfiguration(size: 10, hop: 5, sampleRate: 25))
        var classifier = try StreamingActivityClassifier(models: [Self.onDeviceModel, short])
        #expect(classifier.windows == .onDevice && classifier.hop == 5)
        let samples = SyntheticMotion.samples(
            count: 40, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 8)
        let long = FeatureExtractor(configuration: .onDevice)
        let recent = FeatureExtractor(configuration: short.window)
        var predictedAfter: [Int] = []
        for (index, motion) in samples.enumerated() {
            guard let window = classifier.process(motion) else { continue }
            predictedAfter.append(index + 1)
            let first = Self.onDeviceModel.predict(features: long.features(of: samples[index - 19...index])).probabilities
            let second = short.predict(features: recent.features(of: samples[index - 9...index])).probabilities
            #expect(window.prediction.classNames == ["lying", "upright", "walking"])
            #expect(window.prediction.probabilities == zip(first, second).map { ($0 + $1) / 2 })
        }
        #expect(predictedAfter == [20, 25, 30, 35, 40])
        // The hop given applies to all; the longest window sets when the first prediction comes, whatever the order.
        var reversed = try StreamingActivityClassifier(models: [short, Self.onDeviceModel], hop: 10)
        #expect(samples.indices.filter { reversed.process(samples[$0]) != nil } == [19, 29, 39])
    }

    @Test func modelsThatCannotBeAveragedAreRefused() throws {
        let fast = try WindowConfiguration(size: 20, hop: 5, sampleRate: 50)
        let encoded = String(decoding: try Self.onDeviceModel.encoded(), as: UTF8.self)
        let otherRate = try JSONDecoder().decode(
            ActivityModel.self, from: Data(encoded.replacingOccurrences(of: #""sampleRate":25"#, with: #""sampleRate":50"#).utf8))
        #expect(otherRate.window == fast)
        var parameters = GradientBoostingParameters()
        parameters.rounds = 2
        let twoActivities = try ActivityTrainer(parameters: parameters).train(
            dataset: try WindowedDataset(
                sessions: SyntheticMotion.sessions(subjects: 1).filter { $0.label != "lying" }, configuration: .onDevice),
            dataDescription: "synthetic")
        #expect(throws: ActivityError.modelsDoNotGoTogether("no model was given")) {
            try StreamingActivityClassifier(models: [])
        }
        // The windows without an ensemble: the same checks, the same configuration.
        #expect(throws: ActivityError.modelsDoNotGoTogether("no model was given")) { try ModelEnsemble.windows(of: []) }
        #expect(throws: ActivityError.self) { try ModelEnsemble.windows(of: [Self.onDeviceModel, otherRate]) }
        #expect(throws: ActivityError.self) { try ModelEnsemble.windows(of: [Self.onDeviceModel, twoActivities]) }
        #expect(
            try ModelEnsemble.windows(of: [Self.onDeviceModel, Self.onDeviceModel], hop: 3)
                == ModelEnsemble([Self.onDeviceModel, Self.onDeviceModel]).windows(hop: 3))
        #expect(
            throws: ActivityError.modelsDoNotGoTogether(
                "they must share a sample rate: \(WindowConfiguration.onDevice.summary) against \(fast.summary)")
        ) { try StreamingActivityClassifier(models: [Self.onDeviceModel, otherRate]) }
        #expect(
            throws: ActivityError.modelsDoNotGoTogether(
                "they must name the same activities in the same order: lying, upright, walking against upright, walking"
            )
        ) { try StreamingActivityClassifier(models: [Self.onDeviceModel, twoActivities]) }
        var classifier = try StreamingActivityClassifier(models: [Self.onDeviceModel, Self.onDeviceModel])
        #expect(throws: ActivityError.modelsDoNotGoTogether("the 2 models in use need as many replacements, not 1")) {
            try classifier.replaceModels(with: [Self.onDeviceModel])
        }
        #expect(throws: ActivityError.self) { try classifier.replaceModels(with: [Self.onDeviceModel, twoActivities]) }
        #expect(classifier.ensemble.models.count == 2)
    }

    @Test func reloadWithOtherWindowsIsRefusedAndTheStreamGoesOn() throws {
        var classifier = StreamingActivityClassifier(model: Self.onDeviceModel)
        let samples = SyntheticMotion.samples(
            count: 30, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 6)
        let predictions = samples.prefix(22).compactMap { classifier.process($0) }
        #expect(predictions.count == 1)
        let other = ModelFileTests.model
        #expect(throws: ActivityError.windowMismatch(running: .onDevice, found: other.window)) {
            try classifier.replaceModel(with: other)
        }
        #expect(classifier.model.window == .onDevice)
        let after = samples.dropFirst(22).compactMap { classifier.process($0) }
        #expect(after.map(\.timestamp) == [samples[24].timestamp, samples[29].timestamp])
        #expect(
            ActivityError.windowMismatch(running: .onDevice, found: other.window).description.hasPrefix(
                "the model expects windows of 50 samples (hop 25) at 25 Hz but the running stream is cut into windows of 20 samples (hop 5) at 25 Hz"
            ))
    }

    @Test func reloadWithTheSameWindowsKeepsTheBufferedSamples() throws {
        var classifier = StreamingActivityClassifier(model: Self.onDeviceModel)
        let samples = SyntheticMotion.samples(
            count: 25, rate: 25, frequency: 2, amplitude: 0.4, gravity: Vector3(x: 0, y: -1, z: 0), seed: 7)
        for motion in samples.prefix(22) { _ = classifier.process(motion) }
        try classifier.replaceModel(with: Self.onDeviceModel)
        let after = samples.dropFirst(22).compactMap { classifier.process($0) }
        #expect(after.map(\.timestamp) == [samples[24].timestamp])
    }
}

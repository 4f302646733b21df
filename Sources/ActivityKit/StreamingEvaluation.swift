import DeviceMotionKit

extension SessionLoader {
    /// The confusion matrix of `model` over every session under `paths`, each window classified as the session is
    /// fused and then forgotten, so memory stays flat whatever the size of the files. `inspect` sees each session's
    /// summary. Fails naming every activity the model does not know (of the sessions that gave a window).
    public func evaluate(
        _ model: ActivityModel, on paths: [String], inspect: (SessionSummary) -> Void = { _ in }
    ) throws(ActivityError) -> ConfusionMatrix {
        guard abs(sampleRate - model.window.sampleRate) <= 1e-6 else {
            throw .sampleRateMismatch(session: paths.joined(separator: ", "), expected: model.window.sampleRate, found: sampleRate)
        }
        let inputs = try inputs(from: paths)
        let extractor = FeatureExtractor(configuration: model.window)
        var confusion = ConfusionMatrix(classNames: model.classNames)
        var unknown: Set<String> = []
        var start = 0
        while start < inputs.count {
            let group = Array(inputs[start..<min(start + Self.sessionsPerGroup, inputs.count)])
            let results = concurrentMap(group.count) { index in
                Result { () throws(ActivityError) in
                    var window = SlidingWindow<DeviceMotion>(configuration: model.window)
                    var predictions: [Int] = []
                    let summary = try stream(group[index]) { motions in
                        for motion in motions where window.append(motion) {
                            predictions.append(model.predict(features: extractor.features(of: window.contents)).bestIndex)
                        }
                    }
                    return (summary, predictions)
                }
            }
            for result in results {
                let (summary, predictions) = try result.get()
                inspect(summary)
                guard !predictions.isEmpty else { continue }
                guard let truth = model.classNames.firstIndex(of: summary.label) else {
                    unknown.insert(summary.label)
                    continue
                }
                for prediction in predictions { confusion.record(truth: truth, prediction: prediction) }
            }
            start += group.count
        }
        guard unknown.isEmpty else { throw .unknownActivities(unknown.sorted(), known: model.classNames) }
        return confusion
    }
}

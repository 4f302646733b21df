import DeviceMotionKit

extension SessionLoader {
    /// The confusion matrix of `models` (one, or several averaged as a ``ModelEnsemble`` over the longest model's
    /// windows) over every session under `paths`, each window classified as the session is fused and then forgotten,
    /// so memory stays flat whatever the size of the files. `inspect` sees each session's summary. The class names and
    /// the sessions' labels are both read through ``labels``, so `jogging` in an old model is the `running` of a new
    /// recording. Sessions of activities the models do not know are left out and returned as ``UnsharedActivity``s
    /// (a MotionSense model on HAPT's `lying`); fails naming them when no session at all is of an activity they know.
    public func evaluate(
        _ models: [ActivityModel], on paths: [String], inspect: (SessionSummary) -> Void = { _ in }
    ) throws(ActivityError) -> (confusion: ConfusionMatrix, unshared: [UnsharedActivity]) {
        let ensemble = try ModelEnsemble(models)
        let windows = try ensemble.windows()
        guard abs(sampleRate - windows.sampleRate) <= 1e-6 else {
            throw .sampleRateMismatch(session: paths.joined(separator: ", "), expected: windows.sampleRate, found: sampleRate)
        }
        let inputs = try inputs(from: paths)
        // The models' classes by name; two classes the map reads as one name are one row and column.
        var names: [String] = []
        let column = ensemble.classNames.map { className in
            let name = labels.name(of: className)
            if let index = names.firstIndex(of: name) { return index }
            names.append(name)
            return names.count - 1
        }
        var confusion = ConfusionMatrix(classNames: names)
        var unshared: [String: (sessions: Int, windows: Int)] = [:]
        var start = 0
        while start < inputs.count {
            let group = Array(inputs[start..<min(start + Self.sessionsPerGroup, inputs.count)])
            let results = concurrentMap(group.count) { index in
                Result { () throws(ActivityError) in
                    var window = SlidingWindow<DeviceMotion>(configuration: windows)
                    var predictions: [Int] = []
                    let summary = try stream(group[index]) { motions in
                        for motion in motions where window.append(motion) {
                            predictions.append(ensemble.predict(window.contents).bestIndex)
                        }
                    }
                    return (summary, predictions)
                }
            }
            for result in results {
                let (summary, predictions) = try result.get()
                inspect(summary)
                guard !predictions.isEmpty else { continue }
                guard let truth = names.firstIndex(of: summary.label) else {
                    let counts = unshared[summary.label, default: (0, 0)]
                    unshared[summary.label] = (counts.sessions + 1, counts.windows + predictions.count)
                    continue
                }
                for prediction in predictions { confusion.record(truth: truth, prediction: column[prediction]) }
            }
            start += group.count
        }
        guard confusion.total > 0 || unshared.isEmpty else {
            throw .unknownActivities(unshared.keys.sorted(), known: names)
        }
        let left = unshared.sorted { $0.key < $1.key }.map {
            UnsharedActivity(name: $0.key, sessions: $0.value.sessions, windows: $0.value.windows)
        }
        return (confusion, left)
    }
}

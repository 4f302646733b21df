import ActivityKit
import FoundationEssentials
import MotionSamples

/// The model loader (`ActivityModel.decode`): a model file's bytes; an accepted model must classify any window.
enum ModelTarget {
    /// The target.
    static let target = FuzzTarget(name: "model", summary: "ActivityModel.decode of a model file, then predict") { bytes in
        guard let model = try? ActivityModel.decode(Data(bytes), path: "fuzz.model") else { return }
        precondition(
            model.classNames.allSatisfy { !$0.isEmpty && LabelText.problem(with: $0) == nil },
            "an activity name that is empty, too long or holds a control character was accepted")
        let count = model.featureNames.count
        for features in [[Double](repeating: 0, count: count), (0..<count).map { Double($0) * 1e6 - 1e8 }] {
            let prediction = model.predict(features: features)
            precondition(prediction.probabilities.count == model.classNames.count, "one probability per class")
            precondition(
                prediction.probabilities.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 },
                "a probability outside 0...1 from an accepted model")
            precondition(abs(prediction.probabilities.reduce(0, +) - 1) < 1e-9, "probabilities of an accepted model do not add up to 1")
        }
    }
}

import FoundationEssentials

@testable import ActivityKit

/// The model files' JSON reader (`JSONValueDecoder`) against Foundation's `JSONDecoder`, which read them before: a
/// document it accepts as a model, `JSONDecoder` accepts as the same model (stricter is allowed: trailing commas,
/// repeated names and deep nesting are refused).
enum ModelJSONTarget {
    /// The target.
    static let target = FuzzTarget(name: "model-json", summary: "JSONValueDecoder against JSONDecoder on a model file") { bytes in
        let data = Data(bytes)
        guard let model = try? JSONValueDecoder().decode(ActivityModel.self, from: data) else { return }
        guard let reference = try? JSONDecoder().decode(ActivityModel.self, from: data) else {
            preconditionFailure("a model JSONDecoder refuses")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        precondition(
            (try? encoder.encode(model)) == (try? encoder.encode(reference)), "a model decoded otherwise than by JSONDecoder")
    }
}

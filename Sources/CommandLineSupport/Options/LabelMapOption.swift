import ActivityKit
import ArgumentParser

/// `--label-map FILE`: the user's own labels mapped onto the canonical activity names (docs/labels.md), for every
/// tool that reads labels.
public struct LabelMapOption: ParsableArguments, Sendable {
    /// The label map file, if given.
    @Option(
        name: .customLong("label-map"),
        help: ArgumentHelp(
            "A file of 'label,name' lines mapping your labels onto activity names (see docs/labels.md).", valueName: "file"))
    public var path: String?

    /// Creates the option, unset.
    public init() {}

    /// The map the tool reads labels through: the file's entries before the built-in aliases, or the built-in map.
    public func labels() throws(ActivityError) -> LabelMap {
        guard let path else { return .canonical }
        return try LabelMap.load(path: path)
    }
}

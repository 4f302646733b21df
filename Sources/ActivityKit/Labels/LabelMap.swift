import MotionSamples

/// How labels are read: a user's own labels (from `--label-map FILE`) onto the names they stand for, then the
/// built-in aliases (``ActivityName/aliases``) onto the canonical names. The one place labels are matched: imports,
/// training, evaluation and replay all read labels through it.
public struct LabelMap: Sendable, Equatable {
    /// The user's entries, label to name; empty for the built-in map.
    public private(set) var entries: [String: String]

    /// The built-in map: canonical names as they are, old spellings read as their canonical names.
    public static let canonical = LabelMap(uncheckedEntries: [:])

    /// At most this many entries (and lines) in a label map file.
    public static let maximumEntries = 10_000
    /// A label is 1 to this many bytes.
    public static let maximumLabelLength = 64

    /// A map with `entries` (label to name) before the built-in aliases; fails on a label that is empty, longer than
    /// ``maximumLabelLength`` bytes, holds a control character (``LabelText``) or a comma, or on more than
    /// ``maximumEntries`` entries.
    public init(entries: [String: String]) throws(ActivityError) {
        guard entries.count <= Self.maximumEntries else {
            throw .malformedLabelMap(
                path: "label map", line: nil, reason: "\(entries.count) entries, more than \(Self.maximumEntries)")
        }
        for (label, name) in entries {
            for text in [label, name] {
                if let problem = Self.problem(with: text) {
                    throw .malformedLabelMap(path: "label map", line: nil, reason: problem)
                }
            }
        }
        self.entries = entries
    }

    private init(uncheckedEntries: [String: String]) {
        entries = uncheckedEntries
    }

    /// A map of entries already checked, line by line, by ``load(path:)``.
    init(checkedEntries: [String: String]) {
        entries = checkedEntries
    }

    /// The name `label` stands for: the user's entry if there is one, then read through the built-in aliases
    /// (`jogging` is `running`); any other label is itself.
    public func name(of label: String) -> String {
        let mapped = entries[label] ?? label
        return ActivityName.aliases[mapped] ?? mapped
    }

    /// The name a dataset's own label (`jog`, `WALKING_UPSTAIRS`) is imported as: the user's entry for it if there is
    /// one, else `canonical`, the importer's name for it, read through the map.
    public func name(ofDatasetLabel datasetLabel: String, canonical: String) -> String {
        entries[datasetLabel] != nil ? name(of: datasetLabel) : name(of: canonical)
    }

    /// Whether `label` is canonical or one of the user's labels (an alias counts as its canonical name).
    public func knows(_ label: String) -> Bool {
        entries[label] != nil || ActivityName.isCanonical(name(of: label))
    }

    /// Why `text` cannot be a label, or nil if it can.
    static func problem(with text: some StringProtocol) -> String? {
        if text.isEmpty { return "a label is empty" }
        if let problem = LabelText.problem(with: text, limit: maximumLabelLength) {
            return "the label \(LabelText.quoted(text)): \(problem)"
        }
        if text.unicodeScalars.contains(",") { return "the label \(LabelText.quoted(text)) holds a comma" }
        return nil
    }
}

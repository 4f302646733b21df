import ActivityKit

/// The label map reader (`LabelMap.load`, what `--label-map FILE` reads): the file's bytes.
enum LabelMapTarget {
    /// The target.
    static let target = FuzzTarget(name: "label-map", summary: "LabelMap.load of a --label-map file") { bytes in
        let path = Scratch.write(bytes, to: "labels.csv")
        guard let labels = try? LabelMap.load(path: path) else { return }
        precondition(labels.entries.count <= LabelMap.maximumEntries, "more entries than a label map may hold")
        for (label, name) in labels.entries {
            for text in [label, name] {
                precondition(
                    !text.isEmpty && text.utf8.count <= LabelMap.maximumLabelLength
                        && !text.unicodeScalars.contains { $0 == "," || $0.properties.generalCategory == .control },
                    "an accepted label outside the documented form")
            }
            let read = labels.name(of: label)
            precondition(read == name || read == ActivityName.aliases[name], "a label read as something the map does not say")
        }
    }
}

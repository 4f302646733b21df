import DatasetImporters

/// The HAPT importer's parsers (`HAPTImporter.segments`, `experiment`, `raw`): the input is `labels.txt`, the
/// accelerometer file and the gyroscope file of the first segment, separated by NUL bytes.
enum HAPTTarget {
    /// The target.
    static let target = FuzzTarget(name: "hapt", summary: "HAPTImporter: labels.txt NUL acc_*.txt NUL gyro_*.txt") { bytes in
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
        let root = Scratch.root + "/hapt"
        Scratch.write(parts[0], to: "hapt/RawData/labels.txt")
        guard let segments = try? HAPTImporter.segments(in: root), let first = segments.first else { return }
        let stem = "\(first.experimentName)_\(first.subject).txt"
        let accelerometer = Scratch.write(parts.count > 1 ? parts[1] : [], to: "hapt/RawData/acc_" + stem)
        let gyroscope = Scratch.write(parts.count > 2 ? parts[2] : [], to: "hapt/RawData/gyro_" + stem)
        defer {
            Scratch.remove(String(accelerometer.dropFirst(Scratch.root.count + 1)))
            Scratch.remove(String(gyroscope.dropFirst(Scratch.root.count + 1)))
        }
        guard let experiment = try? HAPTImporter.experiment(of: first, in: root) else { return }
        for segment in segments.prefix(8) {
            let raw = HAPTImporter.raw(of: segment, in: experiment)
            precondition(raw.count <= 2 * (segment.end - segment.start + 1), "more samples than the segment holds")
            precondition(
                raw.allSatisfy { $0.value.x.isFinite && $0.value.y.isFinite && $0.value.z.isFinite },
                "the importer accepted a value that is not finite")
        }
    }
}

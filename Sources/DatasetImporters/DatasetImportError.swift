import MotionRecording

/// Why a public dataset could not be turned into recordings; each message says what to do.
public enum DatasetImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder is not the dataset it was given as (empty, or another dataset's): nothing to import; `expected`
    /// describes the layout looked for.
    case notADataset(path: String, expected: String)
    /// A dataset file could not be read or decompressed.
    case unreadableFile(path: String, reason: String)
    /// A dataset folder could not be listed, so what it holds would be left out.
    case unlistableFolder(path: String)
    /// A line of a dataset file does not have the expected shape.
    case malformedLine(path: String, line: Int, reason: String)

    /// A message naming the path (and line) and what to do.
    public var description: String {
        switch self {
        case .notADataset(let path, let expected):
            "nothing to import (\(path)): the folder does not look like the dataset, which holds \(expected); pass the dataset's top folder"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason); check the file, or download the dataset again"
        case .unlistableFolder(let path):
            "cannot list the folder \(path); check its permissions"
        case .malformedLine(let path, let line, let reason):
            "\(path):\(line): \(reason); the file is damaged, download the dataset again"
        }
    }
}

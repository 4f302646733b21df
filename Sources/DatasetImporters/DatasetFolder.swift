import FoundationEssentials

/// A dataset's folders as the importers list them: one that cannot be listed is an error, never an empty folder.
enum DatasetFolder {
    /// The names in the folder at `path`, sorted; throws if it cannot be listed (what it holds would be left out
    /// unsaid).
    static func names(in path: String) throws(DatasetImportError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw .unlistableFolder(path: path)
        }
        return names.sorted()
    }
}

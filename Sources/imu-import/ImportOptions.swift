import ArgumentParser
import CommandLineSupport

/// Options every importer takes.
struct ImportOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Directory to write the recordings into (created if missing).", valueName: "dir"))
    var output: String

    @Option(help: "Import at most this many recordings (for a quick look).")
    var limit: Int?

    @Flag(help: "Print one JSON object per recording instead of a line of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log details to stderr.")
    var verbose = false

    @OptionGroup var labelMap: LabelMapOption

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }
}

import ArgumentParser
import CommandLineSupport

/// Options every importer takes.
struct ImportOptions: ParsableArguments {
    @OptionGroup var destination: OutputOptions

    @Option(parsing: .unconditional, help: "Import at most this many recordings (for a quick look; 1...10^9).")
    var limit: Int?

    /// The values `--limit` accepts.
    static let limitRange = 1...1_000_000_000

    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// The directory the recordings are written into (created if missing).
    var output: String { destination.output ?? "" }
    /// Whether each recording is reported as a JSON object.
    var json: Bool { format.json }

    @OptionGroup var labelMap: LabelMapOption

    func validate() throws {
        if destination.output == nil { throw ValidationError("give the directory to write the recordings into with -o DIR") }
        if let limit { try requireFlag("--limit", limit, in: Self.limitRange, unit: "recordings") }
    }
}

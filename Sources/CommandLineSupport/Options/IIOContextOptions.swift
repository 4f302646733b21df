import ArgumentParser

/// Where the IIO devices are: `--uri`, this machine or a board running `iiod`.
public struct IIOContextOptions: ParsableArguments, Sendable {
    /// The URI of this machine's IIO devices.
    public static let localURI = "local:"

    /// The libiio context URI (`--uri`).
    @Option(help: ArgumentHelp("libiio context URI: 'local:' or 'ip:HOST[:PORT]'.", valueName: "uri"))
    public var uri = Self.localURI

    /// Creates the options with their defaults.
    public init() {}
}

/// How a subprocess ended and what it printed.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status (or the signal number if it was killed).
    public var status: Int32
    /// Whether it was stopped because it ran past its time limit.
    public var timedOut: Bool
    /// Everything it wrote to stdout.
    public var standardOutput: [UInt8]
    /// Everything it wrote to stderr, as text.
    public var standardError: String

    /// stdout as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

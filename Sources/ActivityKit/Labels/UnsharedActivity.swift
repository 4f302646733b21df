/// An activity of the evaluated sessions the model does not know (after both went through the label map): its
/// windows are not classified, not counted as errors, and reported under this name instead.
public struct UnsharedActivity: Codable, Sendable, Equatable {
    /// The activity's name.
    public let name: String
    /// Sessions of the activity that gave at least one window.
    public let sessions: Int
    /// Their windows, left out of every figure.
    public let windows: Int

    /// Creates the entry.
    public init(name: String, sessions: Int, windows: Int) {
        self.name = name
        self.sessions = sessions
        self.windows = windows
    }
}

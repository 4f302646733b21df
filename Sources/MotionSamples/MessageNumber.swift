extension Double {
    /// The value as a message shows it: whole numbers without `.0` (`1000000`, `1000`), others in Swift's shortest
    /// round-trip form (`0.1`, `1e+19`, `nan`).
    public var messageText: String {
        guard isFinite, rounded() == self, magnitude < 1e15 else { return description }
        return String(Int64(self))
    }
}

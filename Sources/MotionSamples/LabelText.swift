/// The rule for text that names an activity or a person (a recording's tag and subject, a model's activity names, a
/// label map's labels): the tools print it as it is, to terminals, logs and tables, so it holds no control character
/// (a line break would forge a line, an escape sequence would drive the terminal), and its length is bounded.
public enum LabelText {
    /// Longest tag or subject a recording may hold, and longest activity name in a model, in bytes: far beyond any
    /// label a person types, short enough for a table.
    public static let maximumLength = 1024

    /// Why `text` cannot name an activity or a person, or `nil` if it can: it is longer than `limit` bytes, or holds a
    /// control character (C0, DEL or C1).
    public static func problem(with text: some StringProtocol, limit: Int = maximumLength) -> String? {
        if text.utf8.count > limit {
            return "it is longer than \(limit) bytes"
        }
        if text.unicodeScalars.contains(where: \.isControlCharacter) {
            return "it holds a control character (a line break, tab or terminal escape)"
        }
        return nil
    }

    /// `text` for a message: in quotes, its quotes, backslashes and control characters escaped as in a Swift string
    /// literal (`"a\nb"`, `"a\u{1B}b"`), at most 80 characters.
    public static func quoted(_ text: some StringProtocol) -> String {
        let shown = String(text.prefix(80))
        let escaped = shown.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").escapingControlCharacters()
        return "\"" + escaped + "\"" + (shown.count < text.count ? "..." : "")
    }
}

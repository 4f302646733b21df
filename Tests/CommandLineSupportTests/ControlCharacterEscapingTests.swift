import CommandLineSupport
import Testing

/// What messages do to text from outside: control characters written as escapes, so a file name cannot drive the
/// terminal.
@Suite("escaping control characters in messages")
struct ControlCharacterEscapingTests {
    @Test("C0, DEL and C1 become \\u{...}; line feeds and tabs are kept only when asked; other text is untouched")
    func escapes() {
        let name = "walk\u{1b}]0;title\u{7}\r\u{9b}2J\u{7f}\n\tok é 🚶"
        #expect(name.escapingControlCharacters() == #"walk\u{1B}]0;title\u{7}\u{D}\u{9B}2J\u{7F}\u{A}\u{9}ok é 🚶"#)
        #expect(name.escapingControlCharacters(keepingLineBreaks: true) == "walk\\u{1B}]0;title\\u{7}\\u{D}\\u{9B}2J\\u{7F}\n\tok é 🚶")
        #expect("plain, text".escapingControlCharacters() == "plain, text")
    }
}

import MotionSamples
import Testing

/// What messages do to text from outside: control characters written as escapes, so a file name cannot drive the
/// terminal.
@Suite("escaping control characters in messages")
struct ControlCharacterEscapingTests {
    @Test("C0, DEL and C1 are written as in a Swift literal; line feeds and tabs kept only when asked; other text untouched")
    func escapes() {
        let name = "walk\u{1b}]0;title\u{7}\r\u{9b}2J\u{7f}\0\n\tok é 🚶"
        #expect(name.escapingControlCharacters() == #"walk\u{1B}]0;title\u{07}\r\u{009B}2J\u{7F}\0\n\tok é 🚶"#)
        #expect(name.escapingControlCharacters(keepingLineBreaks: true) == #"walk\u{1B}]0;title\u{07}\r\u{009B}2J\u{7F}\0"# + "\n\tok é 🚶")
        #expect("plain, text".escapingControlCharacters() == "plain, text")
    }
}

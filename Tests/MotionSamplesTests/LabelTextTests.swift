import MotionSamples
import Testing

/// `LabelText`, the rule for tags, subjects, activity names and history labels: printed as they are, so no control
/// character, and a bounded length.
@Suite("label text")
struct LabelTextTests {
    @Test("C0, DEL and C1 control characters are refused; other Unicode, commas and spaces are labels")
    func controlCharacters() {
        for text in ["walk\ning", "walk\ting", "\u{1b}[2J", "a\u{7f}", "a\u{85}b", "\u{9b}31m"] {
            #expect(LabelText.problem(with: text)?.contains("control character") == true, "\(text.debugDescription)")
        }
        for text in ["walking", "Treppe hinauf", "marche rapide, sac", "散歩", "🚶", "x"] {
            #expect(LabelText.problem(with: text) == nil, "\(text)")
        }
    }

    @Test("the length is counted in bytes, up to the limit given (1024 by default)")
    func length() {
        #expect(LabelText.problem(with: String(repeating: "a", count: 1024)) == nil)
        #expect(LabelText.problem(with: String(repeating: "a", count: 1025)) == "it is longer than 1024 bytes")
        #expect(LabelText.problem(with: String(repeating: "é", count: 33), limit: 64) == "it is longer than 64 bytes")
    }

    @Test("quoted for a message: control characters escaped, long text cut at 80 characters")
    func quoted() {
        #expect(LabelText.quoted("walk\u{1b}[2Jing") == #""walk\u{1B}[2Jing""#)
        // A C1 control (8-bit CSI), which Swift's debugDescription leaves as it is; quotes and backslashes escaped.
        #expect(LabelText.quoted("a\u{9b}2J \"b\" c\\d\ne") == #""a\u{009B}2J \"b\" c\\d\ne""#)
        #expect(LabelText.quoted(String(repeating: "a", count: 100)) == "\"" + String(repeating: "a", count: 80) + "\"...")
    }
}

import Testing

@testable import DatasetImporters

/// Numbers of a dataset line (HAPT's space-separated files, MotionSense's and Oxford's CSV): ASCII lines are read from
/// their bytes, others as text, with the same result.
@Suite("Dataset lines: numbers")
struct DatasetTextTests {
    private func numbers(_ line: String, separator: Character? = nil) throws(DatasetImportError) -> [Double] {
        try DatasetText.numbers(Substring(line), separator: separator, path: "acc.txt", lineNumber: 7)
    }

    /// Whether two lists of numbers are the same, `nan` equal to `nan`.
    private func same(_ first: [Double], _ second: [Double]) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    @Test("white-space-separated: runs of spaces, tabs and a carriage return split; Unicode white space too")
    func whiteSpaceSeparated() throws {
        #expect(try numbers("  1.5\t-2  3e1\r") == [1.5, -2, 30])
        #expect(try numbers("1\u{00A0}2\u{2003} 3") == [1, 2, 3])
        #expect(try numbers(" \t ").isEmpty)
        // A space and a combining mark are one character, white space as a whole.
        #expect(try numbers("1 \u{0301}2") == [1, 2])
    }

    @Test("comma-separated: every field counts, an empty or blank one is nan, white space around a number is dropped")
    func commaSeparated() throws {
        #expect(same(try numbers("1, ,2,", separator: ","), [1, .nan, 2, .nan]))
        #expect(same(try numbers("", separator: ","), [.nan]))
        #expect(same(try numbers(" 0.25 ,\u{00A0}-4\u{00A0},", separator: ","), [0.25, -4, .nan]))
    }

    @Test("a field that is no number is refused with its text and line, ASCII or not")
    func notANumber() {
        #expect(throws: DatasetImportError.malformedLine(path: "acc.txt", line: 7, reason: "'abc' is not a number")) {
            try numbers("1 abc 3")
        }
        #expect(throws: DatasetImportError.malformedLine(path: "acc.txt", line: 7, reason: "'x\u{00E9}' is not a number")) {
            try numbers("1, x\u{00E9} ", separator: ",")
        }
    }
}

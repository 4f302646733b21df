/// `JSONEncoder`'s `.convertToSnakeCase` for ASCII keys: words split where lower case turns to upper case and before
/// the last capital of a run of capitals followed by lower case, lower-cased and joined by `_` (`rotationRate` is
/// `rotation_rate`, `myURLProperty` is `my_url_property`, `aURL` is `a_url`; the first character never starts a
/// word).
enum SnakeCaseKey {
    /// Appends `key` in snake_case to `output`; `false`, appending nothing, if the key is not ASCII.
    static func append(_ key: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        guard key.allSatisfy({ $0 < 0x80 }) else { return false }
        let count = key.count
        guard count > 0 else { return true }
        var wroteWord = false
        func appendWord(_ word: Range<Int>) {
            if wroteWord { output.append(UInt8(ascii: "_")) }
            wroteWord = true
            for index in word { output.append(isUpper(key[index]) ? key[index] + 32 : key[index]) }
        }
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<count).first(where: { isUpper(key[$0]) }) {
            appendWord(wordStart..<upper)
            guard let lower = (upper..<count).first(where: { isLower(key[$0]) }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                appendWord(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        appendWord(wordStart..<count)
        return true
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
}

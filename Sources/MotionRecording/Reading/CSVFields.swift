/// The fields of one line of a recording's CSV table (RFC 4180 quoting, one record per line), split in place: a plain
/// line (no quote, no carriage return: every line of numbers the recorder writes) keeps the bounds of its fields in
/// the line's own bytes, so that a number is read from them without making a `String`; a line with quotes keeps its
/// fields' unquoted texts (``CSVLine/fields(_:)``).
struct CSVFields {
    /// The plain line the bounds point into.
    private var line: ArraySlice<UInt8> = []
    /// Each field of a plain line, as indices of `line`; reused from line to line.
    private var bounds: [Range<Int>] = []
    /// The unquoted texts of a line with quotes or carriage returns; `nil` for a plain line.
    private var texts: [String]?

    /// Number of fields.
    var count: Int { texts?.count ?? bounds.count }

    /// Splits `line` (without its newline), replacing the fields of the line before, or says why it cannot.
    mutating func split(_ line: ArraySlice<UInt8>) throws(CSVLineError) {
        bounds.removeAll(keepingCapacity: true)
        let isPlain = line.withUnsafeBufferPointer { bytes in
            var start = 0
            for (offset, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: ","):
                    bounds.append(line.startIndex + start..<line.startIndex + offset)
                    start = offset + 1
                case UInt8(ascii: "\""), UInt8(ascii: "\r"):
                    return false
                default:
                    continue
                }
            }
            bounds.append(line.startIndex + start..<line.endIndex)
            return true
        }
        guard isPlain else {
            bounds.removeAll(keepingCapacity: true)
            self.line = []
            texts = try CSVLine.fields(line).get()
            return
        }
        texts = nil
        self.line = line
    }

    /// The text of field `index`.
    subscript(index: Int) -> String {
        texts?[index] ?? String(decoding: line[bounds[index]], as: UTF8.self)
    }

    /// Whether field `index` is empty.
    func isEmpty(_ index: Int) -> Bool {
        texts.map { $0[index].isEmpty } ?? bounds[index].isEmpty
    }

    /// Field `index` as `Double(_:)` reads its text, `nil` when it spells no number (``DecimalNumber``).
    func number(_ index: Int) -> Double? {
        if let texts { return DecimalNumber.parse(texts[index]) }
        return line[bounds[index]].withUnsafeBufferPointer { DecimalNumber.parse(utf8: $0) }
    }
}

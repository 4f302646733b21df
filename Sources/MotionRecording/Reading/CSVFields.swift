/// The fields of one line of a recording's CSV table (RFC 4180 quoting, one record per line), split in place: a plain
/// line (no quote, no carriage return: every line of numbers the recorder writes) keeps its bytes and the bounds of
/// its fields in them, so that a number is read from them without making a `String`; a line with quotes keeps its
/// fields' unquoted texts (``CSVLine/fields(_:)``).
struct CSVFields {
    /// The plain line the bounds point into: a copy of its bytes, in storage reused from line to line (a slice of
    /// the reader's buffer would be retained and released with every line).
    private var line: [UInt8] = []
    /// The bounds of each field of a plain line, as indices of `line`, in the first ``count`` places: room for the
    /// most fields a line of its length can hold, reused from line to line.
    private var bounds: [Range<Int>] = []
    /// Fields of the plain line.
    private var boundCount = 0
    /// The unquoted texts of a line with quotes or carriage returns; `nil` for a plain line.
    private var texts: [String]?

    /// Number of fields.
    var count: Int { texts?.count ?? boundCount }

    /// Splits `line` (without its newline), replacing the fields of the line before, or says why it cannot.
    mutating func split(_ line: ArraySlice<UInt8>) throws(CSVLineError) {
        if bounds.count <= line.count { bounds = Array(repeating: 0..<0, count: line.count + 1) }
        let found = line.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeMutableBufferPointer { bounds in Self.fieldBounds(of: bytes, into: bounds) }
        }
        guard let found else {
            boundCount = 0
            texts = try CSVLine.fields(line).get()
            return
        }
        boundCount = found
        texts = nil
        self.line.removeAll(keepingCapacity: true)
        self.line.append(contentsOf: line)
    }

    /// Writes the bounds of each field of `bytes` into `bounds`, which has room for one more than there are bytes,
    /// eight bytes at a time; returns how many fields there are, or `nil` when the line holds a quote or a carriage
    /// return.
    private static func fieldBounds(
        of bytes: UnsafeBufferPointer<UInt8>, into bounds: UnsafeMutableBufferPointer<Range<Int>>
    ) -> Int? {
        var fields = 0
        var start = 0
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                guard bytesEqual(word, UInt8(ascii: "\"")) | bytesEqual(word, UInt8(ascii: "\r")) == 0 else { return nil }
                var commas = bytesEqual(word, UInt8(ascii: ","))
                while commas != 0 {
                    let comma = offset &+ commas.trailingZeroBitCount / 8
                    bounds[fields] = start..<comma
                    fields &+= 1
                    start = comma &+ 1
                    commas &= commas &- 1
                }
                offset &+= 8
            }
        }
        for index in offset..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ","):
                bounds[fields] = start..<index
                fields &+= 1
                start = index &+ 1
            case UInt8(ascii: "\""), UInt8(ascii: "\r"):
                return nil
            default:
                continue
            }
        }
        bounds[fields] = start..<bytes.count
        return fields &+ 1
    }

    /// The top bit of each byte of `word` that equals `byte`, every other bit clear: a byte is zero after the
    /// exclusive or exactly when adding 0x7F to its low seven bits leaves its top bit clear, and so does the byte.
    @inline(__always)
    private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((difference & lowBits) &+ lowBits) | difference) & ~lowBits
    }

    /// The text of field `index`.
    subscript(index: Int) -> String {
        texts?[index] ?? String(decoding: line[bound(index)], as: UTF8.self)
    }

    /// Whether field `index` is empty.
    func isEmpty(_ index: Int) -> Bool {
        texts.map { $0[index].isEmpty } ?? bound(index).isEmpty
    }

    /// Field `index` as `Double(_:)` reads its text, `nil` when it spells no number (``DecimalNumber``).
    func number(_ index: Int) -> Double? {
        if let texts { return DecimalNumber.parse(texts[index]) }
        return line.withUnsafeBufferPointer { DecimalNumber.parse(utf8: UnsafeBufferPointer(rebasing: $0[bound(index)])) }
    }

    /// The bounds of field `index` of the plain line (`bounds` beyond its fields holds those of earlier lines).
    @inline(__always)
    private func bound(_ index: Int) -> Range<Int> {
        precondition(index < boundCount, "CSVFields: field \(index) of \(boundCount)")
        return bounds[index]
    }
}

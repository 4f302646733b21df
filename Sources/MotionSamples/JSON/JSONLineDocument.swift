/// What the encoders and containers of one ``JSONLineWriter`` call share: the bytes of every literal and key, and
/// whether the value needs `JSONEncoder` after all.
final class JSONLineDocument {
    /// Deepest nesting of arrays and objects `JSONEncoder` writes; deeper values go to it, which refuses them.
    static let maximumDepth = 512

    /// Literals and keys, each a range of it.
    private(set) var bytes: [UInt8] = []
    /// Whether something was met that only `JSONEncoder` handles.
    private(set) var needsFoundation = false

    /// An empty document, with room for a line of a few hundred bytes.
    init() { bytes.reserveCapacity(256) }

    /// Marks the value as one for `JSONEncoder`.
    func deferToFoundation() { needsFoundation = true }

    /// `null`, `true` or `false`.
    func keyword(_ text: StaticString) -> JSONLineValue {
        let start = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        return .literal(start..<bytes.count)
    }

    /// An integer as a literal, in decimal.
    func literal(_ value: some FixedWidthInteger) -> JSONLineValue {
        appendLiteral(value.description, dropping: false)
    }

    /// A finite floating-point number as a literal, as `JSONEncoder` writes it: its `description` without a final
    /// `.0`; a value that is not finite goes to `JSONEncoder`, which refuses it.
    func literal<Number: BinaryFloatingPoint & CustomStringConvertible>(_ value: Number) -> JSONLineValue {
        guard value.isFinite else {
            deferToFoundation()
            return keyword("null")
        }
        return appendLiteral(value.description, dropping: true)
    }

    /// A string as a literal, quoted and escaped as `JSONEncoder` escapes it (slashes left as they are).
    func literal(_ value: String) -> JSONLineValue {
        let start = bytes.count
        JSONStringEscaping.appendQuoted(value.utf8, to: &bytes)
        return .literal(start..<bytes.count)
    }

    /// `key`'s unescaped bytes as a member name, in snake_case if `converting`; a key that is not ASCII goes to
    /// `JSONEncoder` (its case conversion is Unicode's).
    func memberName(_ key: String, converting: Bool) -> Range<Int> {
        let start = bytes.count
        if converting {
            var key = key
            let converted = key.withUTF8 { SnakeCaseKey.append($0, to: &bytes) }
            if !converted { deferToFoundation() }
        } else {
            bytes.append(contentsOf: key.utf8)
        }
        return start..<bytes.count
    }

    /// Writes `value` to `output`, every object's keys sorted by their UTF-8; `false` when it needs `JSONEncoder`
    /// (nested too deeply, or an object with a key twice, whose merging is Foundation's own).
    func write(_ value: JSONLineValue, depth: Int, to output: inout [UInt8]) -> Bool {
        switch value {
        case .literal(let range):
            output.append(contentsOf: bytes[range])
            return true
        case .array(let array):
            guard depth + 1 < Self.maximumDepth else { return false }
            output.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(element, depth: depth + 1, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
            return true
        case .object(let object):
            guard depth + 1 < Self.maximumDepth else { return false }
            // Equal keys need no order between them: any key written twice sends the value to JSONEncoder.
            let members = object.members
            let order = members.indices.sorted { bytes[members[$0].key].lexicographicallyPrecedes(bytes[members[$1].key]) }
            output.append(UInt8(ascii: "{"))
            for (position, index) in order.enumerated() {
                if position > 0 {
                    guard !bytes[members[order[position - 1]].key].elementsEqual(bytes[members[index].key]) else {
                        return false
                    }
                    output.append(UInt8(ascii: ","))
                }
                JSONStringEscaping.appendQuoted(bytes[members[index].key], to: &output)
                output.append(UInt8(ascii: ":"))
                guard write(members[index].value, depth: depth + 1, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "}"))
            return true
        }
    }

    /// Appends `text`'s UTF-8 as a literal, without a final `.0` if `dropping`.
    private func appendLiteral(_ text: String, dropping: Bool) -> JSONLineValue {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        if dropping, bytes.count - start >= 2, bytes[bytes.count - 2] == UInt8(ascii: "."),
            bytes[bytes.count - 1] == UInt8(ascii: "0")
        {
            bytes.removeLast(2)
        }
        return .literal(start..<bytes.count)
    }
}

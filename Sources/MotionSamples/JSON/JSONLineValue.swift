/// A value on its way to a JSON line: bytes already in their final form, or a container still being filled.
enum JSONLineValue {
    /// A number, string, `true`, `false` or `null`, already written: its range in ``JSONLineDocument/bytes``.
    case literal(Range<Int>)
    /// An object, its members in the order they were encoded.
    case object(JSONLineObject)
    /// An array.
    case array(JSONLineArray)
}

/// An object's members in encoding order; a reference, so that containers handed out earlier keep filling it.
final class JSONLineObject {
    /// The members: each key's unescaped UTF-8 (its range in ``JSONLineDocument/bytes``) and its value.
    var members: [(key: Range<Int>, value: JSONLineValue)]

    /// An empty object, with room for a few members (most objects the tools write have three to eight).
    init() {
        members = []
        members.reserveCapacity(8)
    }
}

/// An array's elements; a reference, so that containers handed out earlier keep filling it.
final class JSONLineArray {
    /// The elements, in order.
    var elements: [JSONLineValue] = []
}

import FoundationEssentials
import MotionRecording

/// Parses a JSON document (RFC 8259, UTF-8, a byte-order mark allowed) into a ``JSONValue``, refusing anything else: a
/// syntax error, invalid UTF-8 in a string, an unpaired surrogate escape, a repeated member name or nesting deeper
/// than ``maximumDepth``.
///
/// Numbers are converted exactly as `Double(_:)` converts their text (``DecimalNumber``), integers to `Int` as well.
struct JSONParser {
    /// Deepest nesting of arrays and objects read: a model file nests six deep, and the limit keeps recursion bounded
    /// whatever the file holds.
    static let maximumDepth = 128

    /// Most members of an object whose names are searched for a repeat rather than hashed.
    static let membersSearched = 8

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The numbers of the list being packed (lists of numbers hold no lists), kept to pack the next list without
    /// growing a new array element by element.
    private var numbers: [Double] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `data` holds, or a `DecodingError.dataCorrupted` saying where it stops being JSON.
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { throw parser.failure("more after the document's value") }
            return value
        }
    }

    /// The error for a document that stops being JSON here.
    private func failure(_ problem: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "not valid JSON: \(problem) at byte \(index)"))
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Consumes `byte` (after white space), or fails.
    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard current == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw failure("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count,
            UnsafeBufferPointer(rebasing: bytes[index..<index + count]).elementsEqual(
                UnsafeBufferPointer(start: text.utf8Start, count: count))
        else { throw failure("unexpected word") }
        index += count
        return value
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        // The elements packed into `numbers` while every one is a number exactly a Double; unpacked at the first
        // that is not, before a nested list reuses `numbers`.
        numbers.removeAll(keepingCapacity: true)
        var isPacked = true
        while true {
            skipWhitespace()
            if isPacked, let byte = current, byte == UInt8(ascii: "-") || Self.isDigit(byte) {
                let element = try number()
                if let number = element.exactDouble {
                    numbers.append(number)
                } else {
                    elements = numbers.map(JSONValue.number) + [element]
                    isPacked = false
                }
            } else {
                if isPacked {
                    elements = numbers.map(JSONValue.number)
                    isPacked = false
                }
                elements.append(try value(depth: depth))
            }
            skipWhitespace()
            guard let byte = current else { throw failure("a list is not closed") }
            index += 1
            if byte == UInt8(ascii: "]") { return isPacked ? .numbers(Array(numbers)) : .array(elements) }
            guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
        }
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
        index += 1
        var members: [(name: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Names seen, once there are too many to search (a file may hold any number).
        var names: Set<String>?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let name = try string()
            if members.count >= Self.membersSearched {
                if names == nil { names = Set(members.map(\.name)) }
                guard names!.insert(name).inserted else { throw failure("member \"\(name)\" repeated") }
            } else {
                guard !members.contains(where: { $0.name == name }) else { throw failure("member \"\(name)\" repeated") }
            }
            try expect(UInt8(ascii: ":"))
            members.append((name, try value(depth: depth)))
            skipWhitespace()
            guard let byte = current else { throw failure("an object is not closed") }
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
        }
    }

    /// A string from its opening quote on; its UTF-8 must be valid.
    private mutating func string() throws -> String {
        index += 1
        let start = index
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        if current == UInt8(ascii: "\"") {
            index += 1
            return try text(UnsafeBufferPointer(rebasing: bytes[start..<index - 1]))
        }
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw failure("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try utf8.withUnsafeBufferPointer(text)
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case ..<0x20:
                throw failure("a control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }

    /// `utf8` as a string, if it is valid UTF-8.
    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string is not UTF-8") }
        return text
    }

    /// Resolves the escape after a backslash, appending its UTF-8.
    private mutating func escape(into utf8: inout [UInt8]) throws {
        guard let byte = current else { throw failure("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try hexQuad())
            if (0xD800...0xDBFF).contains(code) {
                guard current == UInt8(ascii: "\\") else { throw failure("an unpaired surrogate escape") }
                index += 1
                guard current == UInt8(ascii: "u") else { throw failure("an unpaired surrogate escape") }
                index += 1
                let low = UInt32(try hexQuad())
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("an unpaired surrogate escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("an unpaired surrogate escape") }
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw failure("an unknown escape")
        }
    }

    /// Four hexadecimal digits.
    private mutating func hexQuad() throws -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw failure("a \\u escape needs four hex digits") }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws -> JSONValue {
        let start = index
        let isNegative = current == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("a number needs a digit") }
        index += 1
        // An integer of at most 18 digits is its digits' value (`-0` is left to be the Double negative zero).
        var magnitude = Int(first &- UInt8(ascii: "0"))
        if first != UInt8(ascii: "0") {
            while let byte = current, Self.isDigit(byte) {
                magnitude = magnitude &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                index += 1
            }
        }
        if current != UInt8(ascii: "."), current != UInt8(ascii: "e"), current != UInt8(ascii: "E"),
            index - start - (isNegative ? 1 : 0) <= 18, magnitude != 0 || !isNegative
        {
            return .integer(isNegative ? -magnitude : magnitude)
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw failure("a number needs a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw failure("a number needs an exponent") }
            skipDigits()
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        guard let value = DecimalNumber.parse(utf8: text) else { throw failure("a number cannot be read") }
        // Below 2^53 an integer's double is exact; above, its text says whether it fits an Int. (`-0` stays a
        // number: as a Double it is negative zero.)
        if isInteger, value != 0 || value.sign == .plus,
            let integer = abs(value) < 0x1p53 ? Int(value) : Int(String(decoding: text, as: UTF8.self))
        {
            return .integer(integer)
        }
        return .number(value)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}

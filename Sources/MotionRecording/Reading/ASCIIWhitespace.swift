extension UInt8 {
    /// Whether the byte is ASCII white space (space, tab, line feed, vertical tab, form feed, carriage return): what
    /// `Character.isWhitespace` is true for among ASCII, tested without decoding text.
    package var isASCIIWhitespace: Bool { self == UInt8(ascii: " ") || (0x09...0x0D).contains(self) }
}

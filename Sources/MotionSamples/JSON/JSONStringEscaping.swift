/// JSON string quoting as `JSONEncoder` does it with `.withoutEscapingSlashes`: `"` and `\` escaped, control
/// characters as `\b`, `\f`, `\n`, `\r`, `\t` or `\u00xx` (lower-case hex), every other byte as it is.
enum JSONStringEscaping {
    /// Appends `text`'s UTF-8 in quotes, escaped.
    static func appendQuoted(_ text: some Collection<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                output += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                output += [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The lower-case hex digit of `value` (0-15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

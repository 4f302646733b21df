extension String {
    /// The text with every control character (C0, DEL, C1) written as an escape, `\u{1B}`, except line feeds and tabs
    /// when `keepingLineBreaks`: text from outside (a file name, a path, a label) printed in a message cannot move the
    /// cursor, clear the screen or retitle the terminal it is printed to.
    package func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }
        guard unicodeScalars.contains(where: escaped) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if escaped(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

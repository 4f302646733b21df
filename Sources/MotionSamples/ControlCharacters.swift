extension Unicode.Scalar {
    /// Whether this is a control character (general category Cc: C0, DEL or C1), which text from outside may not
    /// carry to a terminal, a log, an MQTT topic or a label.
    package var isControlCharacter: Bool { properties.generalCategory == .control }
}

extension String {
    /// The text with every control character written as Swift writes it in a string literal (`\n`, `\t`, `\r`, `\0`,
    /// else `\u{1B}`), except line feeds and tabs when `keepingLineBreaks`: text from outside (a file name, a path, a
    /// label) printed in a message cannot move the cursor, clear the screen or retitle the terminal it is printed to.
    package func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isControlCharacter && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }
        guard unicodeScalars.contains(where: escaped) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if escaped(scalar) {
                result.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

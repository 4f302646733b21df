import Foundation
import IIOTestbed
import Testing

/// util-linux's `script`, which runs a command on a pseudo-terminal; nil when it is not installed.
let scriptExecutable = PackageLocations.executableOnPath("script")

/// Why terminal tests were skipped.
let scriptMessage: Comment = "needs script (bsdutils)"

/// Runs the built `tool` on a pseudo-terminal (`script -qec`), so that its stdout and stderr are both a terminal,
/// outside the umockdev preload; returns its status and everything it wrote, stdout and stderr mixed as a terminal
/// receives them (the terminal turns each `\n` into `\r\n`).
func runOnTerminal(_ tool: String, _ arguments: [String], timeLimit: TimeInterval = 300) throws -> ProcessResult {
    let script = try #require(scriptExecutable, "script is not installed")
    let command = ([try product(tool)] + arguments).map(shellQuoted).joined(separator: " ")
    return try Testbed.runOutsidePreload(
        executable: script.path, arguments: ["-qec", command, "/dev/null"], timeLimit: timeLimit)
}

/// The lines a terminal shows after receiving `output`: a carriage return goes back to the line's start, `ESC [ K`
/// erases to its end, a newline starts the next line, and every other character overwrites the one under the cursor.
func terminalLines(_ output: String) -> [String] {
    let scalars = Array(output.unicodeScalars)
    var lines: [String] = []
    var line: [Unicode.Scalar] = []
    var column = 0
    var index = 0
    while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index] == "[", scalars[index + 1] == "K" {
            line.removeSubrange(min(column, line.count)...)
            index += 2
            continue
        }
        switch scalar {
        case "\r":
            column = 0
        case "\n":
            lines.append(String(String.UnicodeScalarView(line)))
            line = []
            column = 0
        default:
            if column < line.count { line[column] = scalar } else { line.append(scalar) }
            column += 1
        }
    }
    if !line.isEmpty { lines.append(String(String.UnicodeScalarView(line))) }
    return lines
}

/// `word` quoted for the shell `script` runs the command with.
private func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

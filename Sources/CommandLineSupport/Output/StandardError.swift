import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// Writes `message` and a newline to stderr (above the progress bar, if one is drawn), its control characters but
/// line breaks and tabs escaped (a file name in it cannot drive the terminal).
public func printError(_ message: String) {
    let line = message.escapingControlCharacters(keepingLineBreaks: true) + "\n"
    ProgressLine.printingAbove { writeToStandardError(line) }
}

/// Writes `text` to stderr as it is, unbuffered (a progress line, a bell).
public func writeToStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        guard written >= 0 else {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}

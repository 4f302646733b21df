import Foundation

/// Writes `message` and a newline to stderr.
public func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

import ArgumentParser
import Foundation

/// A runtime failure: the message goes to stderr and the process exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let message: String

    /// The message.
    var description: String { message }
}

import CommandLineSupport

extension InputError: ToolFailure {
    /// Every input problem exits with the README's status for bad input.
    var exitStatus: ExitStatus { .badInput }
}

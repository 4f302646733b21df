#if canImport(Glibc)
// `stdout` is a C global; the check runs once, on the main path after the run, with no other thread writing.
@preconcurrency import Glibc
#endif

/// After a run that succeeded: flushes standard output and, when a write to it failed (a full disk, an I/O error;
/// a closed pipe ends the process with SIGPIPE before this), says so and exits with
/// ``ExitStatus/outputNotWritten``: results that did not all arrive are not a success.
func exitUnlessStandardOutputWritten(tool: String) {
    let flushFailed = fflush(stdout) != 0
    let cause = flushFailed ? errno : 0
    guard flushFailed || ferror(stdout) != 0 else { return }
    let reason = cause != 0 ? String(cString: strerror(cause)) : "a write failed"
    printError("\(tool): cannot write the standard output (\(reason)); the results did not all arrive")
    exit(ExitStatus.outputNotWritten.rawValue)
}

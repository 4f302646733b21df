#if canImport(Glibc)
import Glibc
#endif

/// `imu-fuzz TARGET [ARGS...]`: with `-DFUZZING -sanitize=fuzzer` libFuzzer's loop over TARGET with libFuzzer's
/// arguments; otherwise a replay of the files and folders in ARGS through TARGET.
@main
enum FuzzMain {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, arguments[1] != "--list" else {
            print(FuzzTarget.all.map { "\($0.name)\t\($0.summary)" }.joined(separator: "\n"))
            exit(arguments.count >= 2 ? 0 : 64)
        }
        guard let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
            printError("imu-fuzz: unknown target '\(arguments[1])'; see 'imu-fuzz --list'")
            exit(64)
        }
        let rest = [arguments[0]] + arguments.dropFirst(2)
        #if FUZZING
        exit(FuzzerLoop.run(target, arguments: rest))
        #else
        exit(Replay.run(target, paths: Array(rest.dropFirst())))
        #endif
    }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

#if FUZZING
import CLibFuzzer

#if canImport(Glibc)
import Glibc
#endif

/// Hands one target to libFuzzer's loop (`LLVMFuzzerRunDriver`), whose callback cannot capture it.
enum FuzzerLoop {
    /// The target the C callback feeds; set once, before the loop starts, and only read afterwards.
    nonisolated(unsafe) private static var current: FuzzTarget?

    /// Runs libFuzzer with `arguments` (program name first) over `target`; returns libFuzzer's status.
    static func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        current = target
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var argc = Int32(arguments.count)
        return argv.withUnsafeMutableBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &pointer) { data, size in
                FuzzerLoop.current?.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
        }
    }
}
#endif

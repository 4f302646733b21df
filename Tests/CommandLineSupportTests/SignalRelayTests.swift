import CommandLineSupport
import Dispatch
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Signal relay")
struct SignalRelayTests {
    @Test("a signal sent the moment observe returns reaches its handler")
    func noSignalIsLost() {
        let delivered = DispatchSemaphore(value: 0)
        SignalRelay.shared.observe(SIGUSR2) { delivered.signal() }
        defer { SignalRelay.shared.ignore(SIGUSR2) }
        kill(getpid(), SIGUSR2)
        #expect(delivered.wait(timeout: .now() + 30) == .success)
    }
}

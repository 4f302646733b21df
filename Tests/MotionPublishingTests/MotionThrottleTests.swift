import Testing

@testable import MotionPublishing

/// Device motion let through at a rate, by the samples' own timestamps.
@Suite("MotionThrottle")
struct MotionThrottleTests {
    @Test("the throttle averages the asked rate over 25 Hz samples and restarts after a gap")
    func throttle() {
        var throttle = MotionThrottle(rate: 10)
        let passed = (0..<250).map { Double($0) / 25 }.filter { throttle.admits($0) }
        #expect(passed.count == 100)
        #expect(throttle.admits(100) && !throttle.admits(100.04) && throttle.admits(100.1))
    }
}

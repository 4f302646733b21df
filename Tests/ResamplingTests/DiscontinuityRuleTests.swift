import Testing

@testable import Resampling

@Suite("DiscontinuityRule: the one definition of duplicates, steps back, gaps and clock jumps")
struct DiscontinuityRuleTests {
    let rule = DiscontinuityRule()

    @Test("each kind of step, at 100 Hz (gap threshold 0.05 s: three periods are less than the minimum gap)")
    func steps() {
        let threshold = rule.gapThreshold(period: 0.01)
        #expect(threshold == 0.05)
        #expect(rule.step(from: 1, to: 1, gapThreshold: threshold) == .duplicate)
        #expect(rule.step(from: 1, to: 0.99, gapThreshold: threshold) == .backward)
        #expect(rule.step(from: 20, to: 10, gapThreshold: threshold) == .jumpBack)
        #expect(rule.step(from: 1, to: 11.5, gapThreshold: threshold) == .jumpForward)
        #expect(rule.step(from: 1, to: 1.06, gapThreshold: threshold) == .gap)
        #expect(rule.step(from: 1, to: 1.01, gapThreshold: threshold) == .regular)
        #expect(rule.step(from: 1, to: 2, gapThreshold: .infinity) == .regular)
    }

    @Test("at 10 Hz three periods make the threshold")
    func slowStream() {
        #expect(rule.gapThreshold(period: 0.1) == 3 * 0.1)
    }

    @Test("the aligner and the resampler refuse the same out-of-range values")
    func sharedValidation() {
        #expect(throws: ResamplingError.self) { try SensorAligner(configuration: AlignerConfiguration(gapPeriods: 1)) }
        #expect(throws: ResamplingError.self) {
            try FixedRateResampler(outputRate: 25, channelCount: 3, configuration: ResamplerConfiguration(gapPeriods: 1))
        }
        #expect(throws: ResamplingError.self) {
            try SensorAligner(configuration: AlignerConfiguration(clockJumpThreshold: .infinity))
        }
    }
}

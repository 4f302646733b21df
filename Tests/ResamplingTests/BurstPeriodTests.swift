import Testing

@testable import Resampling

@Suite("burstPeriod: the period of readings stamped as they were handed over, in bursts")
struct BurstPeriodTests {
    /// `count` readings of a 100 Hz sensor handed over `size` at a time, each burst's readings 1 µs apart, from `offset`
    /// readings into the first burst.
    static func bursts(size: Int, count: Int, offset: Int = 0) -> [Double] {
        (offset..<offset + count).map { index in Double(index / size) * Double(size) * 0.01 + Double(index % size) * 1e-6 }
    }

    @Test("bursts of 4 every 40 ms: 10 ms, whether the first burst is whole or cut (starting in its middle)")
    func bursts() throws {
        for offset in [0, 2, 3] {
            let period = try #require(
                burstPeriod(of: Self.bursts(size: 4, count: 40, offset: offset), withinBurst: 5e-5, minimumReadings: 16))
            #expect(abs(period - 0.01) < 1e-12, "offset \(offset)")
        }
        // The median of the same steps is a microsecond.
        #expect(abs(try #require(medianInterval(of: Self.bursts(size: 4, count: 40))) - 1e-6) < 1e-12)
    }

    @Test("a catch-up burst before regular readings: the regular period")
    func catchUp() throws {
        let timestamps = (0..<12).map { 0.11 + Double($0) * 2e-6 } + (12..<40).map { Double($0) * 0.01 }
        #expect(try #require(burstPeriod(of: timestamps, withinBurst: 5e-5, minimumReadings: 16)) == (0.39 - 0.12) / 27)
    }

    @Test("too few readings between the first burst and the last, or one burst alone: no period")
    func tooFew() throws {
        #expect(burstPeriod(of: Self.bursts(size: 4, count: 16), withinBurst: 5e-5, minimumReadings: 16) == nil)
        // Starts at readings 4, 8 and 12: 8 readings over 80 ms.
        let period = try #require(burstPeriod(of: Self.bursts(size: 4, count: 16), withinBurst: 5e-5, minimumReadings: 8))
        #expect(abs(period - 0.01) < 1e-12)
        #expect(burstPeriod(of: Self.bursts(size: 64, count: 64), withinBurst: 5e-5, minimumReadings: 1) == nil)
        #expect(burstPeriod(of: [Double](), withinBurst: 5e-5, minimumReadings: 1) == nil)
        #expect(burstPeriod(of: [1.0], withinBurst: 5e-5, minimumReadings: 1) == nil)
    }

    @Test("a step back or a repeated timestamp starts no burst, and the steps after it count from the latest")
    func backwards() throws {
        let timestamps = [0, 0.01, 0.02, 0.015, 0.02, 0.03, 0.04]
        // Starts at 0.01, 0.02, 0.03, 0.04: 5 readings from the first to the last over 0.03 s.
        #expect(try #require(burstPeriod(of: timestamps, withinBurst: 5e-5, minimumReadings: 1)) == 0.03 / 5)
    }
}

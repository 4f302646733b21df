import Testing

@testable import MotionPlots

/// The per-pixel-column decimation that keeps a picture's memory and size bounded however long the recording.
@Suite("Bounded decimation of long recordings")
struct DecimationTests {
    @Test("a million samples keep at most `capacity` buckets, and every extreme survives the merges")
    func envelopeIsBounded() {
        var envelope = MinMaxEnvelope(channelCount: 2, capacity: 800)
        for index in 0..<1_000_000 {
            let time = Double(index) / 100
            let spike = index == 654_300 ? 50.0 : 0
            envelope.add(time: time, values: [Double(index % 100) / 100 + spike, -Double(index)])
        }
        #expect(envelope.buckets.count <= 800)
        #expect(envelope.sampleCount == 1_000_000)
        #expect(envelope.end == 9999.99)
        #expect(envelope.extremes(of: 0..<1)! == (min: 0, max: 50))
        #expect(envelope.extremes(of: 1..<2)! == (min: -999_999, max: 0))
        // 10 000 s in at most 800 buckets: the span doubled from 10 ms to 16 x 0.01 x 2^n >= 12.5 s.
        #expect(envelope.bucketSpan * 800 >= 9999.99)
        #expect(envelope.bucketSpan * 400 < 9999.99)
    }

    @Test("non-finite values and times, and times before the first, are left out")
    func hostileSamples() {
        var envelope = MinMaxEnvelope(channelCount: 1, capacity: 10)
        envelope.add(time: 5, values: [1])
        envelope.add(time: .nan, values: [100])
        envelope.add(time: 4, values: [100])
        envelope.add(time: 6, values: [.infinity])
        envelope.add(time: 1e300, values: [100])
        envelope.add(time: 7, values: [1, 2])
        #expect(envelope.extremes(of: 0..<1)! == (min: 1, max: 1))
        #expect(envelope.sampleCount == 2)
    }

    @Test("a label timeline shows the label that held longest per bucket, in runs")
    func labelTimeline() {
        var timeline = LabelTimeline(start: 0, capacity: 100, initialSpan: 1)
        timeline.add("walking", from: 0, to: 30)
        timeline.add("sitting", from: 30, to: 50)
        timeline.add("walking", from: 50, to: 50.2)
        let spans = timeline.spans()
        #expect(spans.map(\.label) == ["walking", "sitting", "walking"])
        #expect(spans.first?.from == 0 && spans.first?.to == 30)
        #expect(spans.last?.to == 51)
        // Past the capacity the buckets merge (span 8 s): the 0.2 s of walking loses its bucket to standing.
        timeline.add("standing", from: 50.2, to: 400)
        #expect(timeline.spans().map(\.label) == ["walking", "sitting", "standing"])
        #expect(timeline.bucketSpan == 8)
    }
}

import ActivityKit
import Testing

@Suite struct SlidingWindowTests {
    @Test func onDeviceConfigurationEmitsAfterTwentyThenEveryFive() throws {
        var window = SlidingWindow<Int>(configuration: .onDevice)
        var emittedAfter: [Int] = []
        for sample in 1...40 where window.append(sample) {
            emittedAfter.append(sample)
        }
        #expect(emittedAfter == [20, 25, 30, 35, 40])
    }

    @Test func contentsAreTheLatestSamplesOldestFirst() throws {
        var window = SlidingWindow<Int>(configuration: try WindowConfiguration(size: 4, hop: 2, sampleRate: 25))
        for sample in 1...7 { _ = window.append(sample) }
        #expect(Array(window.contents) == [4, 5, 6, 7])
    }

    @Test func latestViewsTheNewestSamplesAcrossTheRingsWrap() throws {
        var window = SlidingWindow<Int>(configuration: try WindowConfiguration(size: 6, hop: 1, sampleRate: 25))
        for sample in 1...9 { _ = window.append(sample) }
        #expect(Array(window.contents) == [4, 5, 6, 7, 8, 9])
        #expect(Array(window.contents.latest(4)) == [6, 7, 8, 9])
        #expect(Array(window.contents.latest(2)) == [8, 9])
        #expect(Array(window.contents.latest(6)) == Array(window.contents))
        #expect(Array(window.contents.latest(10)) == Array(window.contents))
        #expect(window.contents.latest(0).isEmpty)
    }

    @Test func hopEqualToSizeGivesDisjointWindows() throws {
        var window = SlidingWindow<Int>(configuration: try WindowConfiguration(size: 5, hop: 5, sampleRate: 25))
        var windows: [[Int]] = []
        for sample in 1...15 where window.append(sample) {
            windows.append(Array(window.contents))
        }
        #expect(windows == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]])
    }

    @Test func resetStartsOver() throws {
        var window = SlidingWindow<Int>(configuration: .onDevice)
        for sample in 1...22 { _ = window.append(sample) }
        window.reset()
        let readyAfter = (1...20).filter { window.append($0) }
        #expect(readyAfter == [20])
        #expect(Array(window.contents) == Array(1...20))
    }

    @Test func invalidConfigurationsAreRejected() {
        #expect(throws: ActivityError.self) { try WindowConfiguration(size: 2, hop: 1, sampleRate: 25) }
        #expect(throws: ActivityError.self) { try WindowConfiguration(size: 20, hop: 0, sampleRate: 25) }
        #expect(throws: ActivityError.self) { try WindowConfiguration(size: 20, hop: 21, sampleRate: 25) }
        #expect(throws: ActivityError.self) { try WindowConfiguration(size: 20, hop: 5, sampleRate: 0) }
    }

    @Test func durationsRoundToSamples() throws {
        let configuration = try WindowConfiguration(duration: 2.56, hopDuration: 1.28, sampleRate: 25)
        #expect(configuration.size == 64)
        #expect(configuration.hop == 32)
    }
}

import ActivityKit
import Foundation
import Testing

@Suite struct DefaultModelTests {
    @Test("the bundled MotionSense model loads, fits this build's features and names the six activities")
    func bundledModelLoads() throws {
        let model = try ActivityModel.bundledDefault()
        #expect(model.classNames == ["downstairs", "jogging", "sitting", "standing", "upstairs", "walking"])
        #expect(model.window == .standard)
        #expect(model.featureNames == FeatureExtractor(configuration: model.window).featureNames)
    }

    @Test("the bundled model file stays small enough to ship")
    func bundledModelIsSmall() throws {
        let url = try #require(ActivityModel.defaultModelCandidates.first { FileManager.default.fileExists(atPath: $0.path) })
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size < 1_000_000)
    }
}

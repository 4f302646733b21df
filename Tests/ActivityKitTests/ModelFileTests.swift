import ActivityKit
import Foundation
import Testing

@Suite struct ModelFileTests {
    static let model = try! SyntheticMotion.model(rounds: 5, configuration: TrainingTests.configuration)

    func json() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Self.model.encoded()) as? [String: Any])
    }

    @Test func roundTripsThroughBytes() throws {
        let decoded = try ActivityModel.decode(Self.model.encoded(), path: "test.model")
        #expect(decoded.classNames == Self.model.classNames)
        #expect(decoded.window == Self.model.window)
        #expect(decoded.featureNames == Self.model.featureNames)
        #expect(try decoded.encoded() == Self.model.encoded())
    }

    @Test func otherFormatVersionIsRejected() throws {
        var object = try json()
        object["formatVersion"] = 99
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ActivityError.unsupportedModelVersion(found: 99, supported: ActivityModel.currentFormatVersion)) {
            try ActivityModel.decode(data, path: "test.model")
        }
    }

    @Test("a trained model is written in the current format with its provenance: groups, version, how it was tuned")
    func trainedModelCarriesProvenance() throws {
        let summary = Self.model.summary
        #expect(Self.model.formatVersion == 2)
        #expect(summary.groups == ["s0", "s1"])
        #expect(summary.sessionsWithoutSubject == 0)
        #expect(summary.projectVersion == ProjectVersion.current)
        #expect(summary.hyperparameterSelection == .given(summary.parameters))
        let object = try json()
        let stored = try #require(object["summary"] as? [String: Any])
        #expect(stored["projectVersion"] as? String == ProjectVersion.current)
        #expect((stored["hyperparameterSelection"] as? [String: Any])?["method"] as? String != nil)
    }

    @Test func differentFeatureOrderIsRejected() throws {
        var object = try json()
        var names = try #require(object["featureNames"] as? [String])
        names.swapAt(0, 1)
        object["featureNames"] = names
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try ActivityModel.decode(data, path: "test.model")
        } throws: { error in
            guard case .incompatibleModel = error as? ActivityError else { return false }
            return true
        }
    }

    @Test("a model of the features without the movement axes round-trips and is recognised by its names")
    func modelWithoutMovementAxesRoundTrips() throws {
        let model = try SyntheticMotion.model(
            rounds: 5, configuration: TrainingTests.configuration, featureSet: .withoutMovementAxes)
        let dataset = try WindowedDataset(
            sessions: SyntheticMotion.sessions(subjects: 2), configuration: TrainingTests.configuration,
            featureSet: .withoutMovementAxes)
        #expect(model.featureSet == .withoutMovementAxes)
        #expect(model.featureNames == FeatureSet.withoutMovementAxes.featureNames)
        let decoded = try ActivityModel.decode(model.encoded(), path: "test.model")
        #expect(decoded.featureSet == .withoutMovementAxes)
        #expect(try decoded.encoded() == model.encoded())
        #expect(try decoded.evaluate(on: dataset).accuracy > 0.9)
        let allFeatures = try WindowedDataset(
            sessions: SyntheticMotion.sessions(subjects: 1), configuration: TrainingTests.configuration)
        #expect(throws: ActivityError.self) { try decoded.evaluate(on: allFeatures) }
    }

    @Test func aFeatureListOfNoSetIsRejected() throws {
        var object = try json()
        object["featureNames"] = Array(FeatureSet.all.featureNames.dropLast())
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(
            throws: ActivityError.incompatibleModel("it lists 324 features but this build computes 325 or 157 in a different order")
        ) { try ActivityModel.decode(data, path: "test.model") }
    }

    @Test func classCountMismatchIsRejected() throws {
        var object = try json()
        object["classNames"] = ["only", "two"]
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ActivityError.self) { try ActivityModel.decode(data, path: "test.model") }
    }

    @Test func garbageIsRejectedWithAMessage() {
        #expect(
            throws: ActivityError.unreadableModel(
                path: "x.model", reason: "not an activity model file (expected JSON with a formatVersion)")
        ) {
            try ActivityModel.decode(Data("hello".utf8), path: "x.model")
        }
    }

    @Test func writesAndLoadsFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("activity-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.model.write(to: url)
        #expect(try ActivityModel.load(contentsOf: url).classNames == Self.model.classNames)
    }
}

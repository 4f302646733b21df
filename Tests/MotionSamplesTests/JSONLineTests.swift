import FoundationEssentials
import Testing

@testable import MotionSamples

/// `JSONLine` writes what Foundation's `JSONEncoder` writes with its settings, byte for byte, and fails where it fails:
/// every case here is compared with `JSONLine.foundationEncode`, the encoder itself.
@Suite("JSONLine: JSONEncoder's bytes without JSONEncoder")
struct JSONLineTests {
    /// `JSONLine.encode(value)` and JSONEncoder's output: equal strings, or both refuse.
    private func expectSameAsFoundation(_ value: some Encodable, _ comment: Comment? = nil) {
        let foundation = Result { try JSONLine.foundationEncode(value) }
        let line = Result { try JSONLine.encode(value) }
        switch (line, foundation) {
        case (.success(let written), .success(let expected)): #expect(written == expected, comment)
        case (.failure, .failure): break
        default: Issue.record("JSONLine \(line), JSONEncoder \(foundation)", sourceLocation: .__here())
        }
    }

    @Test("an IMU sample, with and without a gyroscope, is written without JSONEncoder and reads as it does")
    func imuSample() throws {
        let withGyroscope = IMUSample(
            timestamp: 12.345678, acceleration: Vector3(x: 0.0012345, y: -0.99871234, z: 1e-7),
            rotationRate: Vector3(x: 0, y: -0.0, z: 1e16))
        let bytes = try #require(JSONLineWriter.bytes(of: withGyroscope))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"acceleration":{"x":0.0012345,"y":-0.99871234,"z":1e-07},"rotation_rate":{"x":0,"y":-0,"z":1e+16},"timestamp":12.345678}"#
        )
        expectSameAsFoundation(withGyroscope)
        let accelerometerOnly = IMUSample(timestamp: 3, acceleration: Vector3(x: 1, y: 2.5, z: -3), rotationRate: nil)
        #expect(JSONLineWriter.bytes(of: accelerometerOnly) != nil)
        expectSameAsFoundation(accelerometerOnly)
    }

    @Test("a number that is not finite is refused as JSONEncoder refuses it, in a struct or a dictionary")
    func nonFinite() {
        for value in [Double.nan, .infinity, -.infinity] {
            let sample = IMUSample(timestamp: 1, acceleration: Vector3(x: value, y: 0, z: 0), rotationRate: nil)
            #expect(JSONLineWriter.bytes(of: sample) == nil)
            #expect(throws: EncodingError.self) { try JSONLine.encode(sample) }
            expectSameAsFoundation(sample)
            let probabilities = ["walking": 0.5, "sitting": value]
            #expect(JSONLineWriter.bytes(of: probabilities) == nil)
            expectSameAsFoundation(probabilities)
        }
    }

    @Test(
        "keys in snake_case as JSONEncoder converts them",
        arguments: [
            "", "a", "_", "__", "A", "AB", "URL", "aURL", "myURLProperty", "oneTwoThree", "_oneTwoThree_", "macroF1",
            "x1Y", "rotationRate", "ABCdef", "aBCdEF", "a_B", "a__bC", "already_snake", "Abc", "aB1cD2", "HTTPServer2Go",
            "iOS", "a1B2C3", "zZ", "Z_z", "__X__",
        ])
    func snakeCase(key: String) {
        expectSameAsFoundation(Tree.object([(key, .int(1))]), "key \(key)")
        #expect(JSONLineWriter.bytes(of: Tree.object([(key, .int(1))])) != nil)
    }

    @Test("a dictionary's keys are data: kept as they are, sorted by their UTF-8, escaped")
    func dictionaryKeys() throws {
        let probabilities: [String: Double] = [
            "walking": 0.25, "Upstairs": 0.5, "sitting_down": 0.125, "é": 1, "10": 2, "9": 3, "a\"b\\c/d\n": 4,
            "rotationRate": 5,
        ]
        let bytes = try #require(JSONLineWriter.bytes(of: probabilities))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"10":2,"9":3,"Upstairs":0.5,"a\"b\\c/d\n":4,"rotationRate":5,"sitting_down":0.125,"walking":0.25,"é":1}"#
        )
        expectSameAsFoundation(probabilities)
        expectSameAsFoundation(["outer": probabilities])
        expectSameAsFoundation(Tree.object([("classProbabilities", .dictionary(["rotationRate": .int(1)]))]))
    }

    @Test("strings are escaped as JSONEncoder escapes them: quotes, backslashes and control characters, not slashes")
    func strings() throws {
        let text = "q\"\\/\u{0}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{1f}\u{7f}é\u{2028}\u{1F600}e\u{301}"
        let bytes = try #require(JSONLineWriter.bytes(of: [text]))
        #expect(
            String(decoding: bytes, as: UTF8.self) == "[\"q\\\"\\\\/\\u0000\\b\\t\\n\\u000b\\f\\r\\u001f\u{7f}é\u{2028}\u{1F600}e\u{301}\"]"
        )
        expectSameAsFoundation([text])
    }

    @Test("what only JSONEncoder handles goes to it: dates, data, URLs, non-ASCII property names, keys written twice")
    func deferredToFoundation() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        #expect(JSONLineWriter.bytes(of: ["at": date]) == nil)
        expectSameAsFoundation(["at": date])
        #expect(JSONLineWriter.bytes(of: Data([1, 2, 3])) == nil)
        expectSameAsFoundation(Data([1, 2, 3]))
        let url = try #require(URL(string: "https://example.org/a b"))
        expectSameAsFoundation([url])
        #expect(JSONLineWriter.bytes(of: Tree.object([("Éclair", .int(1))])) == nil)
        expectSameAsFoundation(Tree.object([("Éclair", .int(1))]))
        let twice = Tree.object([("aB", .int(1)), ("a_b", .int(2))])
        #expect(JSONLineWriter.bytes(of: twice) == nil)
        expectSameAsFoundation(twice)
    }

    @Test("nesting up to JSONEncoder's limit is written, beyond it refused as JSONEncoder refuses it")
    func depth() {
        for depth in [1, 2, 510, 511, 512, 513, 600] {
            var tree = Tree.int(1)
            for level in 0..<depth { tree = level.isMultiple(of: 2) ? .array([tree]) : .object([("k", tree)]) }
            expectSameAsFoundation(tree, "depth \(depth)")
        }
    }

    @Test("3000 random values: the same bytes as JSONEncoder, or the same refusal; most without it")
    func randomValues() {
        var generator = TreeGenerator(seed: 0x5EED_F00D)
        var written = 0
        for _ in 0..<3000 {
            let tree = generator.tree(depth: 0)
            expectSameAsFoundation(tree, "\(tree)")
            if JSONLineWriter.bytes(of: tree) != nil { written += 1 }
        }
        #expect(written > 2000, "only \(written) of 3000 values written without JSONEncoder")
    }
}

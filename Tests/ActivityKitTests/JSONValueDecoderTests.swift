import Foundation
import MotionSamples
import Testing

@testable import ActivityKit

/// The model files' JSON reader (`JSONValueDecoder`) against Foundation's `JSONDecoder`, which read them before: the
/// same models from the same files, the same words for the same damage, and refusals for what is not JSON.
@Suite("Model files' JSON: the same models and messages as JSONDecoder")
struct JSONValueDecoderTests {
    /// `value` written as sorted JSON, to compare two decodings byte for byte.
    private func written(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// The bytes of a bundled model in the source tree.
    private func bundled(_ name: String) throws -> Data {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ActivityKit/Resources")
        return try Data(contentsOf: resources.appendingPathComponent(name))
    }

    @Test("both bundled models and a trained one decode to what JSONDecoder decodes, written again byte for byte")
    func sameModels() throws {
        let files = [try bundled("motionsense.model"), try bundled("motionsense-2s.model"), try ModelFileTests.model.encoded()]
        for data in files {
            let fast = try JSONValueDecoder().decode(ActivityModel.self, from: data)
            let reference = try JSONDecoder().decode(ActivityModel.self, from: data)
            #expect(try written(fast) == written(reference))
            #expect(fast.classifier.rounds.count == reference.classifier.rounds.count)
        }
    }

    @Test("damaged models are described in the same words: a missing field, a wrong kind, a null")
    func sameMessages() throws {
        let model = try #require(JSONSerialization.jsonObject(with: ModelFileTests.model.encoded()) as? [String: Any])
        var classifier = try #require(model["classifier"] as? [String: Any])
        var rounds = try #require(classifier["rounds"] as? [[[String: Any]]])
        let damages: [(String, ([String: Any]) -> [String: Any])] = [
            ("no classNames", { $0.filter { $0.key != "classNames" } }),
            ("classNames a number", { $0.merging(["classNames": 5]) { $1 } }),
            ("a class name a number", { $0.merging(["classNames": [1, "b"]]) { $1 } }),
            ("window size text", { $0.merging(["window": ["size": "100", "hop": 50, "sampleRate": 25]]) { $1 } }),
            ("summary null", { $0.merging(["summary": NSNull()]) { $1 } }),
        ]
        rounds[0][0]["threshold"] = ["x"]
        classifier["rounds"] = rounds
        let treeDamage = model.merging(["classifier": classifier]) { $1 }
        for (name, damage) in damages.map({ ($0.0, $0.1(model)) }) + [("a threshold text", treeDamage)] {
            let data = try JSONSerialization.data(withJSONObject: damage)
            let fast = #expect(throws: DecodingError.self, "\(name)") { try JSONValueDecoder().decode(ActivityModel.self, from: data) }
            let reference = #expect(throws: DecodingError.self, "\(name)") { try JSONDecoder().decode(ActivityModel.self, from: data) }
            #expect(fast.map { DecodingFailure.reason($0) } == reference.map { DecodingFailure.reason($0) }, "\(name)")
        }
        // Where JSONDecoder names no field ("not valid JSON"), this one does.
        let fractional = model.merging(["window": ["size": 100.5, "hop": 50, "sampleRate": 25]]) { $1 }
        let error = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(ActivityModel.self, from: JSONSerialization.data(withJSONObject: fractional))
        }
        #expect(error.map { DecodingFailure.reason($0) } == "window.size: invalid value (the number does not fit Int)")
    }

    @Test("what is not JSON is refused, as JSONDecoder refuses it; so are trailing commas, repeats and deep nesting")
    func refusals() {
        let texts = [
            "", " ", "{", "01", "1.", ".5", "+1", "1e", "-", "[1] 2", "nul", "tru", "\"a", "'a'", "\"\\x\"", "\"\\u12\"",
            "\"\\ud800\"", "\"\\ud800\\u0041\"", "\"\\udc00\"", "\"a\u{01}b\"", "{\"a\" 1}", "{1:2}", "[1 2]", "{\"a\":1 \"b\":2}",
        ]
        for text in texts {
            #expect(throws: DecodingError.self, "\(text)") { try JSONParser.parse(Data(text.utf8)) }
            #expect(throws: (any Error).self, "\(text)") { try JSONDecoder().decode(JSONAny.self, from: Data(text.utf8)) }
        }
        // JSONDecoder lets these through; RFC 8259 does not, and no model file needs them.
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        for text in ["[1,]", "{\"a\":1,}", "{\"a\":1,\"b\":2,\"a\":3}", deep] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONParser.parse(Data(text.utf8)) }
        }
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(Data(deepest.utf8)) }
        #expect(throws: DecodingError.self) { try JSONParser.parse(Data([0x22, 0xFF, 0x22])) }
    }

    @Test("strings with every escape, and numbers: the values JSONDecoder reads")
    func sameValues() throws {
        let strings = ["\"a\\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00\\n\\t\\b\\f\\r\"", "\"caf\u{e9} \u{1F600}\"", "\"\""]
        for text in strings {
            let data = Data(text.utf8)
            #expect(try JSONValueDecoder().decode(String.self, from: data) == JSONDecoder().decode(String.self, from: data))
        }
        let reals = [
            "0", "-0", "0.1", "-2.5e-3", "1E2", "123456789012345678901234567890", "0.18387732255614103",
            "-1.7976931348623157e308", "5e-324", "4.9406564584124654e-324", "9007199254740993", "-9223372036854775809",
        ]
        for text in reals {
            let data = Data(text.utf8)
            let fast = try JSONValueDecoder().decode(Double.self, from: data)
            #expect(fast.bitPattern == (try JSONDecoder().decode(Double.self, from: data)).bitPattern, "\(text)")
            #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for text in ["7", "-7", "3.0", "3e0", "9223372036854775807", "-9223372036854775808"] {
            let data = Data(text.utf8)
            #expect(try JSONValueDecoder().decode(Int.self, from: data) == JSONDecoder().decode(Int.self, from: data), "\(text)")
        }
        for text in ["3.5", "9223372036854775808", "1e400", "\"3\"", "true"] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONValueDecoder().decode(Int.self, from: Data(text.utf8)) }
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Double.self, from: Data("1e400".utf8)) }
        #expect(try JSONValueDecoder().decode([Int?].self, from: Data("[1,null, 3]".utf8)) == [1, nil, 3])
        #expect(try JSONValueDecoder().decode(String.self, from: Data("\u{FEFF}\"bom\"".utf8)) == "bom")
        let derived = Data(#"{"super":5,"x":1}"#.utf8)
        #expect(try JSONValueDecoder().decode(Derived.self, from: derived).base == 5)
        #expect(try JSONDecoder().decode(Derived.self, from: derived).base == 5)
    }

    @Test("lists of numbers, packed or mixed with other values, decode as JSONDecoder decodes them")
    func numberLists() throws {
        let lists = [
            "[1,2,3]", "[0.5,-0,2]", "[9007199254740992,1]", "[1,9007199254740993,2]", "[-9223372036854775808,1]",
            "[3.0,4,5e0]", "[2.5,1]", "[300,1]", "[1e400]", "[1,null,3]", "[1,\"a\"]", "[\"a\",1]", "[]", "[[1,2],[3]]",
            "[1,[2,3],4]", "[[1,2],5]", "[1,{\"a\":[2]},3]",
        ]
        for text in lists {
            let data = Data(text.utf8)
            func same<Value: Decodable & Equatable>(_ type: Value.Type) {
                let fast = Result { try JSONValueDecoder().decode(type, from: data) }
                let reference = Result { try JSONDecoder().decode(type, from: data) }
                #expect((try? fast.get()) == (try? reference.get()), "\(text) as \(type)")
                #expect((try? fast.get()) != nil || (try? reference.get()) == nil, "\(text) as \(type)")
            }
            same([Double].self)
            same([Float].self)
            same([Int].self)
            same([Int8].self)
            same([Int?].self)
            same([String].self)
            same([[Int]].self)
            same(JSONAny.self)
            // The same lists as an object's members: packed ones decode without a container.
            let member = Data("{\"a\":\(text)}".utf8)
            func sameMember<Value: Decodable & Equatable>(_ type: Value.Type) {
                let fast = Result { try JSONValueDecoder().decode(type, from: member) }
                let reference = Result { try JSONDecoder().decode(type, from: member) }
                #expect((try? fast.get()) == (try? reference.get()), "{a: \(text)} as \(type)")
                #expect((try? fast.get()) != nil || (try? reference.get()) == nil, "{a: \(text)} as \(type)")
            }
            sameMember([String: [Double]].self)
            sameMember([String: [Int]].self)
            sameMember([String: [Int8]].self)
        }
        let signed = try JSONValueDecoder().decode([Double].self, from: Data("[0.5,-0]".utf8))
        #expect(signed.map(\.bitPattern) == [0.5, -0.0].map(\.bitPattern))
        // What is packed: numbers only, each exactly a Double; anything else keeps the list a list of values.
        guard case .numbers(let numbers) = try JSONParser.parse(Data("[1, 2.5, -3, 9007199254740992]".utf8)) else {
            Issue.record("a list of numbers is not packed")
            return
        }
        #expect(numbers == [1, 2.5, -3, 0x1p53])
        for text in ["[1,9007199254740993]", "[1,\"a\"]", "[1,[2]]", "[[1],2]", "[]"] {
            guard case .array = try JSONParser.parse(Data(text.utf8)) else {
                Issue.record("\(text) is packed")
                continue
            }
        }
    }

    @Test("an object of fifty thousand members decodes whole, and a name repeated at its end is refused")
    func manyMembers() throws {
        let count = 50_000
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let dictionary = try JSONValueDecoder().decode([String: Int].self, from: Data(text.utf8))
        #expect(dictionary.count == count && dictionary["k49999"] == 49_999)
        let repeated = text.dropLast() + ",\"k7\":0}"
        #expect(throws: DecodingError.self) { try JSONParser.parse(Data(repeated.utf8)) }
    }
}

/// A value that decodes its base part through `superDecoder()`, whose keys have no `super` of their own.
private struct Derived: Decodable {
    let base: Int

    init(from decoder: any Decoder) throws {
        base = try Int(from: try decoder.container(keyedBy: Keys.self).superDecoder())
    }

    private enum Keys: CodingKey { case x }
}

/// Any JSON value, for asking Foundation's `JSONDecoder` whether a text is JSON at all, and what it holds.
private struct JSONAny: Decodable, Equatable {
    /// The value written again: members in name order, numbers as `Double`s.
    let text: String

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var elements: [String] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONAny.self).text) }
            text = "[\(elements.joined(separator: ","))]"
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append("\(key.stringValue.debugDescription):\(try object.decode(JSONAny.self, forKey: key).text)")
            }
            text = "{\(members.joined(separator: ","))}"
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                text = "null"
            } else if let bool = try? value.decode(Bool.self) {
                text = "\(bool)"
            } else if let number = try? value.decode(Double.self) {
                text = "\(number)"
            } else {
                text = try value.decode(String.self).debugDescription
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

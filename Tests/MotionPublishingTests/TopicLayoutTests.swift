import Testing

@testable import MotionPublishing

/// Topics `<prefix>/<host>/<imu>/...`: levels cleaned, prefixes checked against MQTT's topic-name rules.
@Suite("TopicLayout")
struct TopicLayoutTests {
    @Test("the documented topics; wildcards and slashes in host or IMU names become _")
    func topics() throws {
        let topics = try TopicLayout(host: "pi-4", imu: "lsm6dso/accel #1")
        #expect(topics.activity == "imu-bridge/pi-4/lsm6dso_accel__1/activity")
        #expect(topics.status == "imu-bridge/pi-4/lsm6dso_accel__1/status")
        #expect(try TopicLayout(prefix: "site/hall", host: "h", imu: "i").motion == "site/hall/h/i/motion")
        #expect(topics.clientID == "imu-bridge-pi-4-lsm6dso_accel__1")
    }

    @Test("control characters in a host or IMU name (a hostile sysfs name) become _, DEL too")
    func controlCharactersInLevels() throws {
        let topics = try TopicLayout(host: "pi\u{7F}", imu: "bmi\u{1B}[2J\u{7F}270")
        #expect(topics.activity == "imu-bridge/pi_/bmi_[2J_270/activity")
    }

    @Test(
        "prefixes refused: empty, empty levels, too long, wildcards, every control character, a leading $",
        arguments: [
            "", "a//b", "/a", "a/", String(repeating: "x", count: 257), "a/+", "#", "a+b", "a#", "$SYS", "$share/g",
            "a\nb", "a\rb", "a\tb", "a\0b", "a\u{1B}b", "a\u{7F}b", "a\u{85}b", "a\u{9F}b",
        ])
    func refusedPrefix(_ prefix: String) {
        #expect(throws: MQTTError.self, "\(prefix.debugDescription)") { try TopicLayout(prefix: prefix, host: "h", imu: "i") }
    }

    @Test("prefixes accepted: levels of names, a $ after the first character, non-ASCII letters, 256 bytes")
    func acceptedPrefix() throws {
        for prefix in ["imu-bridge", "site/hall 2", "a$b", "a/$b", "müller/é", String(repeating: "x", count: 256)] {
            #expect(try TopicLayout(prefix: prefix, host: "h", imu: "i").prefix == prefix)
        }
    }

    @Test("imu-record's topics are under a recording level, with a client id of its own")
    func recorderTopics() throws {
        let topics = try TopicLayout(host: "pi", imu: "bmi270", tool: .record)
        #expect(topics.status == "imu-bridge/pi/bmi270/recording/status")
        #expect(topics.motion == "imu-bridge/pi/bmi270/recording/motion")
        #expect(topics.summary == "imu-bridge/pi/bmi270/recording/summary")
        #expect(topics.clientID == "imu-bridge-pi-bmi270-record")
        #expect(topics.clientID != (try TopicLayout(host: "pi", imu: "bmi270")).clientID)
    }

    @Test("the refusal names the prefix quoted, so a control character cannot break the one-line report")
    func refusalIsOneLine() {
        #expect(
            throws: MQTTError.invalidSetting(
                #"--mqtt-prefix "a\nb""#,
                reason: "give 1...256 bytes of topic levels without +, #, empty levels, control characters or a leading $")
        ) {
            try TopicLayout(prefix: "a\nb", host: "h", imu: "i")
        }
    }
}

import Testing

@testable import IIOSensors

@Suite("Which clock scan timestamps are in")
struct ScanClockChoiceTests {
    private func device(_ name: String, clock: String?, triggerDirectory: Bool = true) -> IIODeviceInfo {
        var info = IIOSensorsTests.device(name: name, gyro: false)
        info.timestampClock = clock
        info.hasTriggerDirectory = triggerDirectory
        return info
    }

    @Test("a writable realtime clock is switched to monotonic and restored afterwards")
    func switched() {
        var writes = 0
        let choice = ScanClockChoice.choose(for: device("mpu6050", clock: "realtime")) {
            writes += 1
            return true
        }
        #expect(choice == ScanClockChoice(clockName: "monotonic", restoring: "realtime", reason: .switched))
        #expect(writes == 1)
    }

    @Test("a clock that cannot be written stays, and is converted")
    func notWritable() {
        let choice = ScanClockChoice.choose(for: device("mpu6050", clock: "boottime")) { false }
        #expect(choice == ScanClockChoice(clockName: "boottime", restoring: nil, reason: .notWritable))
        #expect(choice.description == "current_timestamp_clock boottime cannot be switched; converting to monotonic")
    }

    @Test("no current_timestamp_clock attribute: the kernel's default, realtime, and no write attempted")
    func missingAttributeIsRealtime() {
        let choice = ScanClockChoice.choose(for: device("adxl345", clock: nil)) {
            Issue.record("wrote a missing attribute")
            return true
        }
        #expect(choice == ScanClockChoice(clockName: "realtime", restoring: nil, reason: .notWritable))
    }

    @Test("already monotonic: nothing to write")
    func alreadyMonotonic() {
        let choice = ScanClockChoice.choose(for: device("lsm6dso_accel", clock: "monotonic")) {
            Issue.record("rewrote monotonic")
            return true
        }
        #expect(choice == ScanClockChoice(clockName: "monotonic", restoring: nil, reason: .alreadyMonotonic))
    }

    @Test(
        "cros-ec behind the EC FIFO stamps boottime whatever the attribute says: never switched",
        arguments: [
            ("cros-ec-accel", "boottime"), ("cros-ec-gyro", "boottime"), ("cros-ec-accel", "monotonic"), ("cros-ec-gyro", "realtime"),
        ])
    func crosECFixedBoottime(name: String, attribute: String) {
        let choice = ScanClockChoice.choose(for: device(name, clock: attribute, triggerDirectory: false)) {
            Issue.record("switched a clock the driver ignores")
            return true
        }
        #expect(choice == ScanClockChoice(clockName: "boottime", restoring: nil, reason: .fixedByDriver))
        #expect(TimestampClock(name: choice.clockName).isMonotonic == false)
    }

    @Test("cros-ec without the EC FIFO (triggered buffer) and cros-ec-accel-legacy follow the attribute")
    func crosECTriggeredFollowsAttribute() {
        #expect(device("cros-ec-accel", clock: "boottime", triggerDirectory: true).fixedTimestampClock == nil)
        #expect(device("cros-ec-accel-legacy", clock: "realtime", triggerDirectory: false).fixedTimestampClock == nil)
        let choice = ScanClockChoice.choose(for: device("cros-ec-accel", clock: "boottime", triggerDirectory: true)) { true }
        #expect(choice.reason == .switched)
    }
}

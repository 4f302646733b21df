import MotionSamples
import Resampling
import Testing

/// Readings of `sensor` at `times`, with value `value(t)`.
private func readings(_ sensor: SensorKind, at times: [Double], value: (Double) -> Vector3) -> [SensorSample] {
    times.map { SensorSample(sensor: sensor, timestamp: $0, value: value($0)) }
}

/// Delivers readings in batches of `batchDuration` seconds; the accelerometer's batches arrive `accelerometerLag`
/// batches late, like a split device with its own FIFO.
private func deliver(
    _ all: [SensorSample], batchDuration: Double, accelerometerLag: Int = 0, to aligner: inout SensorAligner
) -> [IMUSample] {
    let batchOf = { (reading: SensorSample) -> Int in
        Int(reading.timestamp / batchDuration) + (reading.sensor == .accelerometer ? accelerometerLag : 0)
    }
    let grouped = Dictionary(grouping: all, by: batchOf)
    var output: [IMUSample] = []
    for key in grouped.keys.sorted() {
        aligner.append(grouped[key] ?? [], into: &output)
    }
    aligner.finish(into: &output)
    return output
}

/// A linear accelerometer signal, so that interpolation is exact.
private func linearAcceleration(_ time: Double) -> Vector3 { Vector3(x: 0.1 * time, y: -0.2 * time, z: -1 + 0.05 * time) }

/// A linear gyroscope signal, so that interpolation is exact.
private func linearRotation(_ time: Double) -> Vector3 { Vector3(x: 1 - time, y: 0.3 * time, z: 2 * time) }

/// Whether two vectors agree to within `tolerance` in every component.
private func close(_ a: Vector3?, _ b: Vector3, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
}

@Suite("SensorAligner: accelerometer and gyroscope on one timeline")
struct SensorAlignerTests {
    @Test("A split IMU whose accelerometer starts first: the stream starts with the gyroscope, nothing half-filled")
    func accelerometerStartsFirst() throws {
        var aligner = try SensorAligner()
        // A 125 Hz accelerometer (the timeline) starting 25 ms before a 100 Hz gyroscope.
        let accelTimes = (0..<75).map { Double($0) * 0.008 }
        let gyroTimes = (0..<60).map { 0.025 + Double($0) * 0.01 }
        let input =
            readings(.accelerometer, at: accelTimes, value: linearAcceleration)
            + readings(.gyroscope, at: gyroTimes, value: linearRotation)
        let output = deliver(input, batchDuration: 0.04, to: &aligner)
        #expect(aligner.timeline == .accelerometer)
        let first = try #require(output.first)
        #expect(first.timestamp >= gyroTimes[0] - aligner.configuration.extrapolationTolerance)
        #expect(output.allSatisfy { $0.rotationRate != nil })
        #expect(aligner.statistics.unpaired == accelTimes.count - output.count)
        #expect(aligner.statistics.unpaired >= 2)
    }

    @Test("An 833 Hz gyroscope and a 104 Hz accelerometer align on the gyroscope's timeline, interpolated exactly")
    func fastGyroscopeSlowAccelerometer() throws {
        var aligner = try SensorAligner()
        let gyroTimes = timestamps(rate: 833, start: 0.0004, duration: 3, jitter: 0.1, seed: 3)
        let accelTimes = timestamps(rate: 104, start: 0.0031, duration: 3, jitter: 0.1, seed: 4)
        let input =
            readings(.gyroscope, at: gyroTimes, value: linearRotation)
            + readings(.accelerometer, at: accelTimes, value: linearAcceleration)
        let output = deliver(input, batchDuration: 0.05, accelerometerLag: 2, to: &aligner)
        #expect(aligner.timeline == .gyroscope)
        let first = try #require(accelTimes.first)
        let last = try #require(accelTimes.last)
        let expected = gyroTimes.filter { $0 >= first - 0.002 && $0 <= last + 0.002 }
        #expect(output.map(\.timestamp) == expected)
        let interior = output.filter { $0.timestamp >= first && $0.timestamp <= last }
        #expect(interior.allSatisfy { close($0.acceleration, linearAcceleration($0.timestamp)) })
        #expect(output.allSatisfy { $0.rotationRate == linearRotation($0.timestamp) })
        #expect(aligner.statistics.unpaired == gyroTimes.count - expected.count)
        #expect(aligner.statistics.outputCount == expected.count)
        #expect(aligner.statistics.inputCount == input.count)
    }

    @Test("A faster accelerometer becomes the timeline and the gyroscope is interpolated")
    func fastAccelerometer() throws {
        var aligner = try SensorAligner()
        let accelTimes = timestamps(rate: 400, duration: 2)
        let gyroTimes = timestamps(rate: 100, duration: 2)
        let input =
            readings(.accelerometer, at: accelTimes, value: linearAcceleration)
            + readings(.gyroscope, at: gyroTimes, value: linearRotation)
        let output = deliver(input, batchDuration: 0.1, to: &aligner)
        #expect(aligner.timeline == .accelerometer)
        #expect(output.count == accelTimes.count)
        let covered = output.filter { $0.timestamp <= gyroTimes.last ?? 0 }
        #expect(covered.allSatisfy { close($0.rotationRate, linearRotation($0.timestamp)) })
        let lastGyro = try #require(gyroTimes.last)
        let beyondGyro = accelTimes.filter { $0 > lastGyro + 0.002 }
        #expect(output.filter { $0.rotationRate == nil }.map(\.timestamp) == beyondGyro)
    }

    @Test("A combined device with shared timestamps pairs readings exactly, on the gyroscope's timeline")
    func sharedTimestamps() throws {
        var aligner = try SensorAligner()
        let times = timestamps(rate: 104, duration: 1)
        let input = times.flatMap { time in
            [
                SensorSample(sensor: .accelerometer, timestamp: time, value: linearAcceleration(time)),
                SensorSample(sensor: .gyroscope, timestamp: time, value: linearRotation(time)),
            ]
        }
        var output: [IMUSample] = []
        aligner.append(input, into: &output)
        aligner.finish(into: &output)
        #expect(aligner.timeline == .gyroscope)
        #expect(output == times.map { IMUSample(timestamp: $0, acceleration: linearAcceleration($0), rotationRate: linearRotation($0)) })
    }

    @Test("Magnetometer readings (an MPU-9250's scans, a slower compass) change neither the samples nor the statistics")
    func magnetometerIgnored() throws {
        let times = timestamps(rate: 104, duration: 1)
        let motion = times.flatMap { time in
            [
                SensorSample(sensor: .accelerometer, timestamp: time, value: linearAcceleration(time)),
                SensorSample(sensor: .gyroscope, timestamp: time, value: linearRotation(time)),
            ]
        }
        let withField = motion.enumerated().flatMap { index, reading in
            index % 4 == 1
                ? [reading, SensorSample(sensor: .magnetometer, timestamp: reading.timestamp, value: Vector3(x: 20, y: 0, z: -40))]
                : [reading]
        }
        var plain = try SensorAligner()
        var mixed = try SensorAligner()
        var plainOutput: [IMUSample] = []
        var mixedOutput: [IMUSample] = []
        plain.append(motion, into: &plainOutput)
        plain.finish(into: &plainOutput)
        mixed.append(withField, into: &mixedOutput)
        mixed.finish(into: &mixedOutput)
        #expect(mixedOutput == plainOutput && mixed.timeline == .gyroscope)
        #expect(mixed.statistics == plain.statistics)
    }

    @Test("Accelerometer-only sources pass through at once with rotationRate nil")
    func accelerometerOnly() throws {
        var aligner = try SensorAligner(configuration: .init(hasGyroscope: false))
        let times = timestamps(rate: 50, duration: 1)
        var output: [IMUSample] = []
        aligner.append(readings(.accelerometer, at: times, value: linearAcceleration), into: &output)
        #expect(output == times.map { IMUSample(timestamp: $0, acceleration: linearAcceleration($0), rotationRate: nil) })
        aligner.finish(into: &output)
        #expect(output.count == times.count)
    }

    @Test("A gyroscope that never arrives delays the accelerometer by at most the maximum wait")
    func missingGyroscope() throws {
        var aligner = try SensorAligner(configuration: .init(maximumWait: 0.2))
        let times = timestamps(rate: 100, duration: 1)
        var output: [IMUSample] = []
        aligner.append(readings(.accelerometer, at: times, value: linearAcceleration), into: &output)
        #expect(aligner.timeline == .accelerometer)
        #expect(output.map(\.timestamp) == times.filter { $0 < 0.79 - 1e-9 })
        aligner.finish(into: &output)
        #expect(output.count == times.count)
        #expect(output.allSatisfy { $0.rotationRate == nil })
    }

    @Test("Gyroscope readings wait until the accelerometer has a reading at or after their time")
    func readingsWaitForTheSlowerSensor() throws {
        var aligner = try SensorAligner()
        let gyro = readings(.gyroscope, at: timestamps(rate: 800, duration: 0.2), value: linearRotation)
        let accel = readings(.accelerometer, at: timestamps(rate: 100, duration: 0.2), value: linearAcceleration)
        var output: [IMUSample] = []
        aligner.append(Array(accel.prefix(5)) + Array(gyro.prefix(40)), into: &output)
        #expect(output.map(\.timestamp) == gyro.prefix(33).map(\.timestamp))
        aligner.append(Array(accel.dropFirst(5)), into: &output)
        #expect(output.count == 40)
        aligner.append(Array(gyro.dropFirst(40)), into: &output)
        #expect(output.count == 153)
        aligner.finish(into: &output)
        #expect(output.count == 153 + 1)
        #expect(aligner.statistics.unpaired == 6)
        #expect(output.allSatisfy { close($0.acceleration, linearAcceleration($0.timestamp)) || $0.timestamp > 0.19 })
    }

    @Test("The slower sensor is not interpolated across its gap; the readings inside are dropped and counted")
    func gapInSlowerSensor() throws {
        var aligner = try SensorAligner()
        let gyroTimes = timestamps(rate: 400, duration: 2)
        let accelTimes = timestamps(rate: 100, duration: 2).filter { $0 < 0.8 || $0 > 1.1 }
        let input =
            readings(.gyroscope, at: gyroTimes, value: linearRotation)
            + readings(.accelerometer, at: accelTimes, value: linearAcceleration)
        let output = deliver(input, batchDuration: 0.1, to: &aligner)
        #expect(aligner.statistics.gaps == 1)
        #expect(!output.contains { $0.timestamp > 0.792 && $0.timestamp < 1.108 })
        #expect(output.allSatisfy { close($0.acceleration, linearAcceleration($0.timestamp)) })
        #expect(aligner.statistics.unpaired + output.count == gyroTimes.count)
    }

    @Test("Duplicate, backward and non-finite readings are dropped and counted; output stays in time order")
    func repairs() throws {
        var aligner = try SensorAligner()
        var input =
            readings(.gyroscope, at: timestamps(rate: 200, duration: 1), value: linearRotation)
            + readings(.accelerometer, at: timestamps(rate: 100, duration: 1), value: linearAcceleration)
        input.insert(input[10], at: 11)
        input.insert(SensorSample(sensor: .gyroscope, timestamp: 0.001, value: .zero), at: 30)
        input.append(SensorSample(sensor: .accelerometer, timestamp: .nan, value: .zero))
        var output: [IMUSample] = []
        aligner.append(input, into: &output)
        aligner.finish(into: &output)
        #expect(aligner.statistics.duplicates == 1)
        #expect(aligner.statistics.backwards == 1)
        #expect(aligner.statistics.invalid == 1)
        #expect(zip(output, output.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(output.count == 199)
    }

    @Test("A backward clock jump flushes the old stream and aligns the new one")
    func backwardClockJump() throws {
        var aligner = try SensorAligner()
        let before = timestamps(rate: 100, start: 500, duration: 1)
        let after = timestamps(rate: 100, start: 2, duration: 1)
        var output: [IMUSample] = []
        for time in before + after {
            aligner.append(
                [
                    SensorSample(sensor: .accelerometer, timestamp: time, value: linearAcceleration(time)),
                    SensorSample(sensor: .gyroscope, timestamp: time, value: linearRotation(time)),
                ], into: &output)
        }
        aligner.finish(into: &output)
        #expect(aligner.statistics.clockJumps == 1)
        #expect(output.map(\.timestamp) == before + after)
    }

    @Test("A forward clock jump of a split device is counted and nothing is interpolated across it")
    func forwardClockJump() throws {
        var aligner = try SensorAligner()
        // 833 Hz gyroscope and 104 Hz accelerometer for 1 s, then both clocks jump 100 s ahead (a suspend) and run
        // another second; the accelerometer reads a different, constant value after the jump.
        let gyroscopeTimes = timestamps(rate: 833, start: 0.0004, duration: 1) + timestamps(rate: 833, start: 101.0004, duration: 1)
        let accelerometerTimes = timestamps(rate: 104, duration: 1.01) + timestamps(rate: 104, start: 101, duration: 1.01)
        let afterJump = Vector3(x: 0.3, y: 0, z: -0.9)
        let accelerometer = { (time: Double) in time < 50 ? linearAcceleration(time) : afterJump }
        let all =
            (readings(.gyroscope, at: gyroscopeTimes, value: linearRotation)
            + readings(.accelerometer, at: accelerometerTimes, value: accelerometer)).sorted { $0.timestamp < $1.timestamp }
        let output = deliver(all, batchDuration: 0.05, to: &aligner)
        #expect(aligner.statistics.clockJumps == 2)  // one per sensor
        #expect(aligner.statistics.unpaired == 0)
        #expect(output.map(\.timestamp) == gyroscopeTimes)
        for sample in output {
            #expect(close(sample.acceleration, accelerometer(sample.timestamp)), "at \(sample.timestamp) s")
            #expect(close(sample.rotationRate, linearRotation(sample.timestamp)))
        }
    }

    @Test("Paired samples from a file come out unchanged; repeated, backward and non-finite ones are dropped and counted")
    func pairedSamples() throws {
        var aligner = try SensorAligner()
        let times = timestamps(rate: 100, duration: 2)
        let clean = times.map { IMUSample(timestamp: $0, acceleration: linearAcceleration($0), rotationRate: linearRotation($0)) }
        var damaged = clean
        damaged.insert(clean[50], at: 51)  // repeated row
        damaged.insert(clean[90], at: 101)  // a row from 0.1 s earlier
        damaged[150].acceleration.y = .nan
        var output: [IMUSample] = []
        for start in stride(from: 0, to: damaged.count, by: 64) {
            aligner.append(samples: Array(damaged[start..<min(start + 64, damaged.count)]), into: &output)
        }
        aligner.finish(into: &output)
        #expect(aligner.statistics.duplicates == 2)
        #expect(aligner.statistics.backwards == 2)
        #expect(aligner.statistics.invalid == 1)
        // The row with the NaN acceleration keeps its gyroscope reading, paired with the interpolated accelerometer.
        #expect(output.map(\.timestamp) == times)
        for sample in output {
            #expect(close(sample.acceleration, linearAcceleration(sample.timestamp)))
            #expect(close(sample.rotationRate, linearRotation(sample.timestamp)))
        }
    }

    @Test("An invalid configuration is rejected with a message naming the parameter")
    func invalidConfiguration() {
        let error = #expect(throws: ResamplingError.self) {
            try SensorAligner(configuration: .init(maximumWait: -1))
        }
        #expect(error?.description.contains("maximumWait") == true)
    }
}

@Suite("SensorAligner: bounded memory and clocks that disagree")
struct SensorAlignerClockTests {
    @Test("A slower sensor on a clock 5 s ahead never pairs, yet the faster sensor's readings still come out")
    func followerOnAnotherClock() throws {
        var aligner = try SensorAligner()
        let accelTimes = timestamps(rate: 400, duration: 2)
        let gyroTimes = timestamps(rate: 100, start: 5, duration: 2)
        let input =
            readings(.accelerometer, at: accelTimes, value: linearAcceleration)
            + readings(.gyroscope, at: gyroTimes, value: linearRotation)
        let output = deliver(input, batchDuration: 0.1, to: &aligner)
        #expect(aligner.timeline == .accelerometer)
        #expect(output.map(\.timestamp) == accelTimes)
        #expect(output.allSatisfy { $0.rotationRate == nil })
    }
}

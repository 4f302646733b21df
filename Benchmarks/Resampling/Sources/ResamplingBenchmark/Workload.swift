import Foundation
import MotionSamples
import Resampling

/// One resampling scenario: a regularly sampled multichannel stream and the rate to resample it to.
struct Workload {
    /// Label printed with the results.
    let name: String
    /// Input rate in Hz.
    let inputRate: Double
    /// Output rate in Hz.
    let outputRate: Double
    /// Integer up/down factors with `inputRate * up / down == outputRate`, for scipy's polyphase resampler.
    let up: Int, down: Int
    /// Values per reading.
    let channelCount: Int
    /// Readings in the stream.
    let readingCount: Int

    /// The stream's values, reading after reading (`channelCount` per reading): a mix of sines per channel.
    func values() -> [Double] {
        var values = [Double](repeating: 0, count: readingCount * channelCount)
        for reading in 0..<readingCount {
            let time = Double(reading) / inputRate
            for channel in 0..<channelCount {
                let frequency = 0.3 + 0.7 * Double(channel)
                values[reading * channelCount + channel] = sin(2 * .pi * frequency * time) + 0.1 * sin(2 * .pi * 40 * time)
            }
        }
        return values
    }

    /// Resamples `values` with ``FixedRateResampler`` and returns the seconds taken and a checksum of the output.
    func runResampler(_ values: [Double]) throws -> (seconds: Double, checksum: Double) {
        var resampler = try FixedRateResampler(outputRate: outputRate, channelCount: channelCount)
        var checksum = 0.0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try values.withUnsafeBufferPointer { all in
                for reading in 0..<readingCount {
                    let slice = UnsafeBufferPointer(rebasing: all[reading * channelCount..<(reading + 1) * channelCount])
                    try resampler.append(timestamp: Double(reading) / inputRate, values: slice) { _, output in
                        checksum += output[0]
                    }
                }
            }
            resampler.finish { _, output in checksum += output[0] }
        }
        return (elapsed.seconds, checksum)
    }
}

/// An 833 Hz gyroscope and a 104 Hz accelerometer over `duration` seconds, delivered in 50 ms batches.
func alignerBatches(duration: Double) -> [[SensorSample]] {
    let batchDuration = 0.05
    return (0..<Int(duration / batchDuration)).map { batch -> [SensorSample] in
        let start = Double(batch) * batchDuration
        let gyro = (0..<Int(833 * batchDuration)).map { index -> SensorSample in
            let time = start + Double(index) / 833
            return SensorSample(sensor: .gyroscope, timestamp: time, value: Vector3(x: sin(time), y: cos(time), z: time))
        }
        let accel = (0..<Int(104 * batchDuration)).map { index -> SensorSample in
            let time = start + 0.0003 + Double(index) / 104
            return SensorSample(sensor: .accelerometer, timestamp: time, value: Vector3(x: 0, y: sin(time), z: -1))
        }
        return gyro + accel
    }
}

/// Aligns `batches` with ``SensorAligner``; returns the seconds taken and the samples produced.
func runAligner(_ batches: [[SensorSample]]) throws -> (seconds: Double, samples: Int) {
    var aligner = try SensorAligner()
    var output: [IMUSample] = []
    output.reserveCapacity(128)
    var produced = 0
    let elapsed = ContinuousClock().measure {
        for batch in batches {
            aligner.append(batch, into: &output)
            produced += output.count
            output.removeAll(keepingCapacity: true)
        }
        aligner.finish(into: &output)
        produced += output.count
    }
    return (elapsed.seconds, produced)
}

/// The anchor for the aligner: a plain loop that pairs each gyroscope reading with the latest accelerometer
/// reading (sample and hold, no ordering checks, no interpolation); returns the seconds taken and samples produced.
func runHoldPairing(_ batches: [[SensorSample]]) -> (seconds: Double, samples: Int) {
    var output: [IMUSample] = []
    output.reserveCapacity(128)
    var latestAcceleration = Vector3.zero
    var produced = 0
    let elapsed = ContinuousClock().measure {
        for batch in batches {
            for reading in batch.sorted(by: { $0.timestamp < $1.timestamp }) {
                switch reading.sensor {
                case .accelerometer:
                    latestAcceleration = reading.value
                case .gyroscope:
                    output.append(
                        IMUSample(timestamp: reading.timestamp, acceleration: latestAcceleration, rotationRate: reading.value))
                case .magnetometer:
                    continue
                }
            }
            produced += output.count
            output.removeAll(keepingCapacity: true)
        }
    }
    return (elapsed.seconds, produced)
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

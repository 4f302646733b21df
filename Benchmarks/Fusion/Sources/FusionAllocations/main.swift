import DeviceMotionKit
import Foundation
import MallocCounter
import MotionSamples

// Heap allocations per input sample of OrientationFilter.update and of the whole DeviceMotionPipeline (alignment,
// filter, attitude history, resampling to 25 Hz), after a warm-up that gives every buffer its size. The goal is 0.
// Run with: swift run -c release --package-path Benchmarks/Fusion

/// Allocation calls made by `body`.
func allocations(_ body: () -> Void) -> UInt64 {
    malloc_counter_start()
    body()
    return UInt64(malloc_counter_stop())
}

/// A device tilting and turning, gyroscope and accelerometer paired at `rate` Hz, `count` samples from `start` s.
func motion(count: Int, rate: Double, start: Double) -> [IMUSample] {
    (0..<count).map { index in
        let time = start + Double(index) / rate
        let orientation = Quaternion(axis: Vector3(x: 0.6, y: 0.8, z: 0), angle: 0.7 * sin(time))
        return IMUSample(
            timestamp: time, acceleration: -orientation.inverseRotate(Vector3(x: 0, y: 0, z: 1)),
            rotationRate: Vector3(x: 0.42 * cos(time), y: 0.56 * cos(time), z: 0.1))
    }
}

/// A split IMU's readings for 0.25 s from `start`: an 833 Hz gyroscope and a 104 Hz accelerometer.
func splitBatch(start: Double) -> [SensorSample] {
    let gyroscope = stride(from: start, to: start + 0.25, by: 1 / 833.0).map {
        SensorSample(sensor: .gyroscope, timestamp: $0, value: Vector3(x: 0.42 * cos($0), y: 0.56 * cos($0), z: 0.1))
    }
    let accelerometer = stride(from: start + 0.0003, to: start + 0.25, by: 1 / 104.0).map {
        SensorSample(sensor: .accelerometer, timestamp: $0, value: Vector3(x: 0, y: 0, z: -1))
    }
    return (gyroscope + accelerometer).sorted { $0.timestamp < $1.timestamp }
}

/// Prints one result line.
func report(_ name: String, allocations: UInt64, samples: Int) {
    let perSample = Double(allocations) / Double(samples)
    print("\(name): \(allocations) allocations for \(samples) input samples = \(perSample) per sample")
}

let samplesPerBatch = 100
let batchCount = 2000

// The counter must see an allocation, or every zero below would mean nothing.
let probe = allocations { _ = Array(repeating: Double(samplesPerBatch), count: 1000) }
guard probe >= 1 else { fatalError("the malloc interposer is not active: the counts below would be meaningless") }

var filter = OrientationFilter(samplePeriod: 1 / 200)
let filterSamples = motion(count: samplesPerBatch * batchCount, rate: 200, start: 0)
let filterAllocations = allocations {
    for sample in filterSamples {
        filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration, interval: 1 / 200)
    }
}
report("OrientationFilter.update", allocations: filterAllocations, samples: filterSamples.count)

var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
var motions: [DeviceMotion] = []
motions.reserveCapacity(batchCount * samplesPerBatch / 8 + 1000)
for warmUp in 0..<20 {
    pipeline.append(samples: motion(count: samplesPerBatch, rate: 200, start: Double(warmUp) / 2), into: &motions)
}
let batches = (20..<(20 + batchCount)).map { motion(count: samplesPerBatch, rate: 200, start: Double($0) / 2) }
let pipelineAllocations = allocations {
    for batch in batches { pipeline.append(samples: batch, into: &motions) }
}
report(
    "DeviceMotionPipeline, paired 200 Hz samples, 25 Hz output", allocations: pipelineAllocations,
    samples: batches.count * samplesPerBatch)

var live = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: 104)
motions.removeAll(keepingCapacity: true)
for warmUp in 0..<20 { live.append(splitBatch(start: Double(warmUp) / 4), into: &motions) }
let liveBatches = (20..<(20 + batchCount / 4)).map { splitBatch(start: Double($0) / 4) }
let liveAllocations = allocations {
    for batch in liveBatches { live.append(batch, into: &motions) }
}
report(
    "DeviceMotionPipeline, split 833 Hz gyro + 104 Hz accel readings, 25 Hz output", allocations: liveAllocations,
    samples: liveBatches.reduce(0) { $0 + $1.count })

import Foundation

// Resampler throughput, in input samples per second, against scipy.signal.resample_poly on the same data, and
// aligner throughput against a plain sample-and-hold copy loop, both anchors measured in the same run. Run with: swift run -c release --package-path Benchmarks/Resampling

let repeats = 3
let workloads = [
    Workload(
        name: "13 ch, 285.714 Hz -> 25 Hz", inputRate: 2000.0 / 7, outputRate: 25, up: 7, down: 80,
        channelCount: 13, readingCount: 200_000),
    Workload(
        name: "13 ch, 833 Hz -> 25 Hz", inputRate: 833, outputRate: 25, up: 25, down: 833,
        channelCount: 13, readingCount: 400_000),
]

print("Resampling benchmark (release build; best of \(repeats); anchor: scipy.signal.resample_poly, same data)")
for workload in workloads {
    let values = workload.values()
    var best = Double.infinity
    var checksum = 0.0
    for _ in 0..<repeats {
        let run = try workload.runResampler(values)
        best = min(best, run.seconds)
        checksum = run.checksum
    }
    let rate = Double(workload.readingCount) / best
    var line = "FixedRateResampler \(workload.name): \(Int(rate)) input samples/s"
    switch ScipyAnchor.seconds(values: values, workload: workload, repeats: repeats) {
    case .success(let anchorSeconds):
        let anchorRate = Double(workload.readingCount) / anchorSeconds
        line += String(format: ", scipy %d samples/s, ratio %.2f (ours / scipy)", Int(anchorRate), rate / anchorRate)
    case .failure(let unavailable):
        line += " (no anchor: \(unavailable.reason))"
    }
    print(line + String(format: " [checksum %.6f]", checksum))
}

let batches = alignerBatches(duration: 300)
let readings = batches.reduce(0) { $0 + $1.count }
var alignerBest = Double.infinity
var anchorBest = Double.infinity
var alignerSamples = 0
for _ in 0..<repeats {
    let run = try runAligner(batches)
    alignerBest = min(alignerBest, run.seconds)
    alignerSamples = run.samples
    anchorBest = min(anchorBest, runHoldPairing(batches).seconds)
}
let alignerRate = Double(readings) / alignerBest
let anchorRate = Double(readings) / anchorBest
print(
    "SensorAligner 833 Hz gyro + 104 Hz accel: \(Int(alignerRate)) readings/s (\(readings) readings -> "
        + "\(alignerSamples) samples), sample-and-hold copy loop \(Int(anchorRate)) readings/s, "
        + String(format: "ratio %.2f (ours / copy loop)", alignerRate / anchorRate))

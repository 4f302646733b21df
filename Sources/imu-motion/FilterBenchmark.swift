import DeviceMotionKit
import Foundation
import MotionSamples
import Resampling

/// Times the orientation filter alone, and the whole pipeline (alignment with its timestamp checks, filter,
/// attitude history, resampling to 25 Hz), over the same samples; with magnetometer readings, both include the
/// heading correction (the filter gets the reading of each sample's instant); with `--offline` the pipeline includes
/// the backward pass.
struct FilterBenchmark {
    /// The samples to replay.
    let samples: [IMUSample]
    /// Magnetometer readings to replay (one per sample, at its instant), or none.
    let magnetometer: [MagnetometerSample]
    /// The pipeline's reference frame.
    let referenceFrame: AttitudeReferenceFrame
    /// The declination for true north, in degrees.
    let declination: Double?
    /// Causal or forward-backward gravity in the pipeline.
    let mode: FusionMode

    /// The measured costs.
    struct Result {
        /// Samples per pass.
        let sampleCount: Int
        /// Filter update cost per sample, in nanoseconds (best pass).
        let filterNanoseconds: Double
        /// Whole pipeline cost per sample, in nanoseconds (best pass: alignment, filter, resampling to 25 Hz).
        let pipelineNanoseconds: Double
        /// A checksum of the filter output, so the work cannot be optimised away.
        let checksum: Double

        /// The report as JSON, with snake_case keys.
        private struct JSONReport: Encodable {
            let samples: Int
            let filterNanosecondsPerSample: Double
            let pipelineNanosecondsPerSample: Double
            let checksum: Double

            enum CodingKeys: String, CodingKey {
                case samples, checksum
                case filterNanosecondsPerSample = "filter_ns_per_sample"
                case pipelineNanosecondsPerSample = "pipeline_ns_per_sample"
            }
        }

        /// The human or JSON report.
        func report(json: Bool) throws -> String {
            if json {
                let report = JSONReport(
                    samples: sampleCount, filterNanosecondsPerSample: filterNanoseconds,
                    pipelineNanosecondsPerSample: pipelineNanoseconds, checksum: checksum)
                return try JSONLine.encode(report)
            }
            return "filter: \(Int(filterNanoseconds.rounded())) ns/sample, whole pipeline (alignment, filter, resampling to 25 Hz): "
                + "\(Int(pipelineNanoseconds.rounded())) ns/sample (\(sampleCount) samples, best of 5 passes)"
        }
    }

    /// Runs five passes of each and keeps the fastest.
    func run() throws(MotionError) -> Result {
        let period = medianInterval(of: samples.lazy.map(\.timestamp)) ?? 0.01
        let clock = ContinuousClock()
        var bestFilter = Duration.seconds(1_000_000)
        var bestPipeline = Duration.seconds(1_000_000)
        var checksum = 0.0
        for _ in 0..<5 {
            var filter = OrientationFilter(samplePeriod: period)
            let fields = magnetometer.count == samples.count ? magnetometer : []
            let filterTime = clock.measure {
                if fields.isEmpty {
                    for sample in samples {
                        filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
                    }
                } else {
                    for (sample, reading) in zip(samples, fields) {
                        filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
                        filter.update(magneticField: reading.field)
                    }
                }
            }
            checksum = filter.magneticNorthOrientation.w
            bestFilter = min(bestFilter, filterTime)
            var motions: [DeviceMotion] = []
            motions.reserveCapacity(samples.count)
            var updates = try MotionUpdateLoop(
                outputRate: 25, hasGyroscope: true, inputRate: 1 / period, mode: mode, referenceFrame: referenceFrame,
                declination: declination)
            let pipelineTime = clock.measure {
                updates.append(samples: samples, magnetometer: magnetometer, into: &motions)
                updates.finish(into: &motions)
            }
            bestPipeline = min(bestPipeline, pipelineTime)
        }
        let count = Double(samples.count)
        return Result(
            sampleCount: samples.count,
            filterNanoseconds: nanoseconds(bestFilter) / count,
            pipelineNanoseconds: nanoseconds(bestPipeline) / count,
            checksum: checksum)
    }

    /// A duration in nanoseconds.
    private func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}

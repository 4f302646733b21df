import Logging
import MotionSamples

/// One update session of a ``MotionManager``: reads a ``MotionSource`` to its end through a
/// ``DeviceMotionPipeline`` and hands every batch of estimates on.
struct MotionUpdateLoop: Sendable {
    /// Where the readings come from.
    let source: any MotionSource
    /// The output rate in Hz.
    let outputRate: Double
    /// The fusion tuning.
    let parameters: FusionParameters
    /// Where gaps and clock jumps are logged.
    let logger: Logger

    /// Runs until the source ends, fails, or `deliver` returns `false` (the session was stopped) or the task is
    /// cancelled; `end` is called after a normal end or a failure, not after a stop.
    func run(deliver: ([DeviceMotion]) -> Bool, end: (MotionError?) -> Void) async {
        var pipeline: DeviceMotionPipeline
        do {
            pipeline = try DeviceMotionPipeline(
                outputRate: outputRate, hasGyroscope: source.hasGyroscope, inputRate: source.nominalRate,
                parameters: parameters)
        } catch {
            end(error)
            return
        }
        var motions: [DeviceMotion] = []
        do {
            for try await batch in source.readings() {
                pipeline.append(batch, into: &motions)
                logEvents(of: &pipeline)
                guard deliver(motions) else { return }
                motions.removeAll(keepingCapacity: true)
                if let failure = pipeline.rateFailure {
                    end(failure)
                    return
                }
            }
        } catch {
            end(.sourceFailed(String(describing: error)))
            return
        }
        guard !Task.isCancelled else { return }
        pipeline.finish(into: &motions)
        logEvents(of: &pipeline)
        guard deliver(motions) else { return }
        end(pipeline.rateFailure)
    }

    /// Logs the gaps and clock jumps the pipeline saw.
    private func logEvents(of pipeline: inout DeviceMotionPipeline) {
        for event in pipeline.drainEvents() {
            logger.debug("device-motion input event", metadata: ["event": "\(event)", "source": "\(source.name)"])
        }
    }
}

import ActivityKit
import DeviceMotionKit
import MotionPlots

/// Streams one session into a ``MotionTrace``: its device motion, its tag, and with models the prediction of every
/// window; the session is never held whole in memory.
struct SessionPlotter {
    /// The models whose (averaged) predictions are drawn; none draws no predictions.
    let models: [ActivityModel]
    /// The device-motion rate, in Hz.
    let sampleRate: Double

    /// The trace of `session` and what the loader says of it.
    func trace(of session: SessionInput, loader: SessionLoader) throws(ActivityError) -> (trace: MotionTrace, summary: SessionSummary) {
        let name = session.path.split(separator: "/").last.map(String.init) ?? session.path
        var trace = MotionTrace(title: name, columns: RecordingChart.plotColumns)
        var classifier = models.isEmpty ? nil : try StreamingActivityClassifier(models: models)
        let hop = classifier.map { Double($0.hop) / $0.windows.sampleRate } ?? 0
        var first: Double?
        var last: Double?
        let summary = try loader.stream(session) { motions in
            for motion in motions {
                first = first ?? motion.timestamp
                last = motion.timestamp
                trace.add(time: motion.timestamp, values: Self.values(of: motion))
                if let window = classifier?.process(motion) {
                    trace.predicted(window.prediction.activity, from: window.timestamp - hop, to: window.timestamp)
                }
            }
        }
        if let first, let last, last > first { trace.tag(summary.label, from: first, to: last) }
        trace.subtitle =
            "tag \(summary.label), subject \(summary.group), \(summary.motionCount) samples at \(Int(sampleRate)) Hz"
            + (summary.droppedReadings > 0 ? ", \(summary.droppedReadings) readings dropped" : "")
        return (trace, summary)
    }

    /// The 15 numbers a trace draws of `motion`, in ``MotionQuantity`` order.
    static func values(of motion: DeviceMotion) -> [Double] {
        let gravity = motion.gravity
        let user = motion.userAcceleration
        let degrees = 180 / Double.pi
        return [
            gravity.x + user.x, gravity.y + user.y, gravity.z + user.z, gravity.x, gravity.y, gravity.z, user.x, user.y, user.z,
            motion.rotationRate.x, motion.rotationRate.y, motion.rotationRate.z,
            motion.attitude.roll * degrees, motion.attitude.pitch * degrees, motion.attitude.yaw * degrees,
        ]
    }
}

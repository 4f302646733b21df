import DeviceMotionKit

extension ActivityModel {
    /// Why classifying device motion fused in `mode` with this model costs accuracy, in words, or nil when it does
    /// not: a model trained on recordings fused offline (forward-backward gravity) meeting live, causal motion lost
    /// 0.3-0.4 points on MotionSense and HAPT (`Benchmarks/Activity/RESULTS.md`).
    public func fusionWarning(classifying mode: FusionMode) -> String? {
        guard summary.recordingFusion == .offline, mode == .live else { return nil }
        return "the model was trained on recordings fused offline (imu-train --offline) and classifies motion fused "
            + "live here (causal, as a live sensor's): such models lost 0.3-0.4 points of accuracy on live motion; "
            + "retrain without --offline"
    }
}

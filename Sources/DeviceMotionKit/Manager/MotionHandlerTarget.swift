import Dispatch

/// A push-mode handler and the queue it runs on.
struct MotionHandlerTarget: Sendable {
    /// The queue the handler runs on.
    let queue: DispatchQueue
    /// The handler.
    let handler: DeviceMotionHandler

    /// Runs the handler on the queue once per estimate, in order, as one block.
    func deliver(_ motions: [DeviceMotion]) {
        let handler = handler
        queue.async {
            for motion in motions { handler(motion, nil) }
        }
    }

    /// Runs the handler on the queue with the error that ended the updates.
    func deliver(_ error: MotionError) {
        let handler = handler
        queue.async { handler(nil, error) }
    }
}

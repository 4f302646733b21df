import Foundation

/// A push-mode handler and the queue it runs on.
struct MotionHandlerTarget: Sendable {
    /// The queue the handler runs on.
    let queue: OperationQueue
    /// The handler.
    let handler: DeviceMotionHandler

    /// Runs the handler on the queue once per estimate, in order, as one operation.
    func deliver(_ motions: [DeviceMotion]) {
        let handler = handler
        queue.addOperation {
            for motion in motions { handler(motion, nil) }
        }
    }

    /// Runs the handler on the queue with the error that ended the updates.
    func deliver(_ error: MotionError) {
        let handler = handler
        queue.addOperation { handler(nil, error) }
    }
}

import Foundation

extension OperationQueue {
    /// Waits until every operation queued so far on this serial queue has run.
    func drained() async {
        await withCheckedContinuation { continuation in
            addOperation { continuation.resume() }
        }
    }
}

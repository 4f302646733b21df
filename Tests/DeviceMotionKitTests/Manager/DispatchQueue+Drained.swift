import Dispatch

extension DispatchQueue {
    /// Waits until every block queued so far on this serial queue has run.
    func drained() async {
        await withCheckedContinuation { continuation in
            async { continuation.resume() }
        }
    }
}

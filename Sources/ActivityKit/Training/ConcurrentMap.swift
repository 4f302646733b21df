import Dispatch
import Synchronization

/// `transform(0) ... transform(count - 1)` computed on every core (`DispatchQueue.concurrentPerform`), in order.
func concurrentMap<Element: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> Element) -> [Element] {
    let slots = Mutex<[Element?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let element = transform(index)
        slots.withLock { $0[index] = element }
    }
    return slots.withLock { $0.compactMap { $0 } }
}

import CMemory

/// Returns the heap pages that freed allocations left behind to the system (`malloc_trim`).
///
/// Call after a large transient allocation, such as decoding a model file, in a long-running tool: glibc keeps
/// freed memory mapped, so resident memory would otherwise stay at the peak of that moment.
public func releaseFreedHeap() {
    _ = malloc_trim(0)
}

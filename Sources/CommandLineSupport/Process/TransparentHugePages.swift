import CMemory

/// Keeps the kernel from backing this process's memory with transparent huge pages (`PR_SET_THP_DISABLE`); returns
/// whether the kernel accepted it.
///
/// For the tools that stream from a live IMU for hours with a heap of a few megabytes. Debian's kernels enable
/// transparent huge pages for all anonymous memory (`CONFIG_TRANSPARENT_HUGEPAGE_ALWAYS`), and khugepaged collapses
/// any 2 MiB-aligned range with a single page in use into a 2 MiB page (`max_ptes_none` 511 by default,
/// Documentation/admin-guide/mm/transhuge.rst), at a moment of its choosing: a malloc arena or a reader thread's stack
/// then grows from tens of kilobytes to 2 MiB resident, a step at a random time that no allocation caused (measured
/// in the kernel VM: imu-classify's arena from 1.3 to 2.6 MB, a reader thread's stack from 24 kB to 2 MB). A thread's
/// stack whose top is 2 MiB-aligned even gets a huge page at its first touch. Such a process gains nothing from huge
/// pages; the batch tools, which walk large arrays, keep them.
///
/// Call it first in `main`, before any thread starts: memory already backed by a huge page keeps it.
@discardableResult
public func disableTransparentHugePages() -> Bool {
    cmemory_disable_transparent_huge_pages() == 0
}

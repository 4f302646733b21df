import CMemory

/// Keeps glibc's malloc at `count` arenas at most (`mallopt(M_ARENA_MAX)`); returns whether glibc accepted it.
///
/// glibc gives a thread that allocates while every arena is in use by another thread a new arena, up to eight per
/// core, and never gives one back (malloc/arena.c). A tool that streams for hours starts and ends reader threads at
/// every unplug and replug, so how many arenas it holds, and how much memory, depends on how those threads happened to
/// overlap: measured in the kernel VM, a new arena appeared at cycle 141 of 150 and warmed up by 144 kB over the next
/// cycles. With one arena every thread allocates from the main heap, and the tool's memory follows what it holds, not
/// its history of threads. Its threads allocate a few times a second, so sharing one lock costs nothing measurable
/// (`Benchmarks/Activity/live-cost.sh`: the same CPU with one arena as with glibc's default).
///
/// Call it first in `main`, before any thread starts: a thread keeps the arena it already has.
@discardableResult
public func limitMallocArenas(to count: Int32) -> Bool {
    mallopt(M_ARENA_MAX, count) == 1
}

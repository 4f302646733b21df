// The memory controls Swift's Glibc module does not export: glibc's malloc extensions (malloc_trim, mallopt) and prctl(2),
// which is variadic and so cannot be called from Swift directly.
#include <malloc.h>
#include <sys/prctl.h>

// Stops the kernel from backing this process's memory with transparent huge pages (PR_SET_THP_DISABLE, Linux 3.15);
// 0 on success, -1 with errno set.
static inline int cmemory_disable_transparent_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

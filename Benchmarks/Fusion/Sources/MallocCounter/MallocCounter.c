// The executable's own definitions of the allocation functions take precedence over glibc's for the whole
// process (libswiftCore and Foundation included); each counts and forwards to glibc's implementation.
#include "MallocCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

/// Whether allocations are being counted.
static atomic_bool counting;
/// Allocation calls since counting started.
static atomic_ullong allocations;

/// Counts one allocation call if counting.
static inline void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void malloc_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, 1);
}

unsigned long long malloc_counter_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

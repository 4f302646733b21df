#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Starts counting calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign (any thread).
void malloc_counter_start(void);

/// Stops counting and returns the number of allocation calls since malloc_counter_start().
unsigned long long malloc_counter_stop(void);

#endif

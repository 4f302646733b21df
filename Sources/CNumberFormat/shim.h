// printf's fixed-point text of one double. Swift reaches snprintf only through a variadic call, which boxes each value
// in a CVarArg array and casts it dynamically: a tenth of imu-motion's time converting a file.
#include <stdio.h>

// Writes `value` as printf's "%*.*f" (right-aligned in `width` characters, `decimals` digits after the point) into
// `buffer` (at most `size` bytes, NUL included); returns the length the full text has, as snprintf does.
static inline int cnumberformat_fixed(char *buffer, size_t size, int width, int decimals, double value) {
    return snprintf(buffer, size, "%*.*f", width, decimals, value);
}

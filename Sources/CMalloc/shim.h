// glibc's malloc extensions (malloc_trim), which Swift's Glibc module does not export.
#include <malloc.h>

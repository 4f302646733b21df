#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs with their own main (compiler-rt FuzzerDriver.cpp): runs the fuzzing loop
// with `callback` as LLVMFuzzerTestOneInput and libFuzzer's usual flags in argv.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

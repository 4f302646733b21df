#include "CLibIIO.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static IMBLibIIO functions;
static const IMBLibIIO *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: libiio's symbols (and its libraries') stay out of the global scope.
    void *library = dlopen(IMB_LIBIIO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    // Each field from the symbol of its name; a missing one (another ABI) fails the whole load.
#define IMB_LIBIIO_RESOLVE(name)                                                                                      \
    if ((*(void **)&functions.name = dlsym(library, "iio_" #name)) == NULL) {                                         \
        snprintf(failure, sizeof failure, "%s has no iio_" #name, IMB_LIBIIO_SONAME);                                 \
        return;                                                                                                       \
    }
    IMB_LIBIIO_FUNCTIONS(IMB_LIBIIO_RESOLVE)
#undef IMB_LIBIIO_RESOLVE
    loaded = &functions;
}

const IMBLibIIO *imb_libiio_load(const char **failure_reason) {
    pthread_once(&once, load);
    if (loaded == NULL) *failure_reason = failure;
    return loaded;
}

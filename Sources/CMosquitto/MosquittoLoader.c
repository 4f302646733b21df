#include "CMosquitto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static IMBMosquitto functions;
static const IMBMosquitto *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: libmosquitto's symbols (and OpenSSL's) stay out of the global scope.
    void *library = dlopen(IMB_MOSQUITTO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    // Each field from the symbol of its name; a missing one (an older library) fails the whole load.
#define IMB_MOSQUITTO_RESOLVE(name)                                                                                   \
    if ((*(void **)&functions.name = dlsym(library, "mosquitto_" #name)) == NULL) {                                   \
        snprintf(failure, sizeof failure, "%s has no mosquitto_" #name, IMB_MOSQUITTO_SONAME);                        \
        return;                                                                                                       \
    }
    IMB_MOSQUITTO_FUNCTIONS(IMB_MOSQUITTO_RESOLVE)
#undef IMB_MOSQUITTO_RESOLVE
    int (*lib_init)(void);
    if ((*(void **)&lib_init = dlsym(library, "mosquitto_lib_init")) == NULL) {
        snprintf(failure, sizeof failure, "%s has no mosquitto_lib_init", IMB_MOSQUITTO_SONAME);
        return;
    }
    lib_init();
    loaded = &functions;
}

const IMBMosquitto *imb_mosquitto_load(const char **failure_reason) {
    pthread_once(&once, load);
    if (loaded == NULL) *failure_reason = failure;
    return loaded;
}

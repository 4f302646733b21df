// libmosquitto's functions, found at run time: a tool that publishes nothing does not load libmosquitto and the
// OpenSSL it links (about 0.8 ms of CPU and 1.8 MB resident at every start, measured on Debian 12, 2026-11-28).
#ifndef IMU_BRIDGE_CMOSQUITTO_H
#define IMU_BRIDGE_CMOSQUITTO_H

#include <mosquitto.h>

/// The soname loaded: libmosquitto's ABI 1 (Debian's libmosquitto1).
#define IMB_MOSQUITTO_SONAME "libmosquitto.so.1"

/// The libmosquitto functions the project calls, without their `mosquitto_` prefix.
#define IMB_MOSQUITTO_FUNCTIONS(X)                                                                                    \
    X(new)                                                                                                            \
    X(destroy)                                                                                                        \
    X(threaded_set)                                                                                                   \
    X(max_inflight_messages_set)                                                                                      \
    X(will_set)                                                                                                       \
    X(username_pw_set)                                                                                                \
    X(tls_set)                                                                                                        \
    X(user_data_set)                                                                                                  \
    X(log_callback_set)                                                                                               \
    X(connect_callback_set)                                                                                           \
    X(disconnect_callback_set)                                                                                        \
    X(publish_callback_set)                                                                                           \
    X(connect_async)                                                                                                  \
    X(reconnect)                                                                                                      \
    X(disconnect)                                                                                                     \
    X(loop)                                                                                                           \
    X(want_write)                                                                                                     \
    X(publish)                                                                                                        \
    X(strerror)                                                                                                       \
    X(connack_string)

/// libmosquitto's functions, each typed as mosquitto.h declares it.
typedef struct IMBMosquitto {
#define IMB_MOSQUITTO_FIELD(name) __typeof__(mosquitto_##name) *_Nonnull name;
    IMB_MOSQUITTO_FUNCTIONS(IMB_MOSQUITTO_FIELD)
#undef IMB_MOSQUITTO_FIELD
} IMBMosquitto;

/// Loads libmosquitto once (thread-safe) and initialises it (`mosquitto_lib_init`); returns its functions, or NULL
/// when the library or a function is missing, with `*failure_reason` pointing at the loader's reason (kept for the
/// life of the process).
const IMBMosquitto *_Nullable imb_mosquitto_load(const char *_Nullable *_Nonnull failure_reason);

#endif

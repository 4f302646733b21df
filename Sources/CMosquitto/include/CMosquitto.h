// libmosquitto's functions, found at run time: a tool that publishes nothing does not load libmosquitto and the
// OpenSSL it links (about 0.8 ms of CPU and 1.8 MB resident at every start, measured on Debian 12, 2026-11-28).
#ifndef IMU_BRIDGE_CMOSQUITTO_H
#define IMU_BRIDGE_CMOSQUITTO_H

#include <mosquitto.h>
#include <stddef.h>

/// The soname loaded: libmosquitto's ABI 1 (Debian's libmosquitto1).
#define IMB_MOSQUITTO_SONAME "libmosquitto.so.1"

#define IMB_MOSQUITTO_FUNCTION(name) __typeof__(mosquitto_##name) *_Nonnull name;

/// The libmosquitto functions the project calls, each typed as mosquitto.h declares it.
typedef struct IMBMosquitto {
    IMB_MOSQUITTO_FUNCTION(new)
    IMB_MOSQUITTO_FUNCTION(destroy)
    IMB_MOSQUITTO_FUNCTION(threaded_set)
    IMB_MOSQUITTO_FUNCTION(max_inflight_messages_set)
    IMB_MOSQUITTO_FUNCTION(will_set)
    IMB_MOSQUITTO_FUNCTION(username_pw_set)
    IMB_MOSQUITTO_FUNCTION(tls_set)
    IMB_MOSQUITTO_FUNCTION(user_data_set)
    IMB_MOSQUITTO_FUNCTION(log_callback_set)
    IMB_MOSQUITTO_FUNCTION(connect_callback_set)
    IMB_MOSQUITTO_FUNCTION(disconnect_callback_set)
    IMB_MOSQUITTO_FUNCTION(publish_callback_set)
    IMB_MOSQUITTO_FUNCTION(connect_async)
    IMB_MOSQUITTO_FUNCTION(reconnect)
    IMB_MOSQUITTO_FUNCTION(disconnect)
    IMB_MOSQUITTO_FUNCTION(loop)
    IMB_MOSQUITTO_FUNCTION(want_write)
    IMB_MOSQUITTO_FUNCTION(publish)
    IMB_MOSQUITTO_FUNCTION(strerror)
    IMB_MOSQUITTO_FUNCTION(connack_string)
} IMBMosquitto;

#undef IMB_MOSQUITTO_FUNCTION

/// Loads libmosquitto once (thread-safe) and initialises it (`mosquitto_lib_init`); returns its functions, or NULL
/// with the loader's reason in `error` (`size` bytes, NUL-terminated) when the library or a function is missing.
const IMBMosquitto *_Nullable imb_mosquitto_load(char *_Nonnull error, size_t size);

#endif

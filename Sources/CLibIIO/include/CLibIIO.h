// libiio's functions, found at run time: a tool that reads no sensor (a replay, training, an evaluation) does not
// load libiio and what it links (libxml2 with ICU, libusb, avahi and D-Bus: about 1.7 ms of CPU at every start,
// measured on Debian 12, 2026-11-28).
#ifndef IMU_BRIDGE_CLIBIIO_H
#define IMU_BRIDGE_CLIBIIO_H

#include <iio.h>

/// The soname loaded: libiio's ABI 0 (Debian's libiio0, 0.24).
#define IMB_LIBIIO_SONAME "libiio.so.0"

/// The libiio functions the project calls, without their `iio_` prefix (`channel_convert` only from the tests and the
/// fuzz target: the reference the package's own scan decoding is checked against).
#define IMB_LIBIIO_FUNCTIONS(X)                                                                                       \
    X(create_context_from_uri)                                                                                        \
    X(create_xml_context_mem)                                                                                         \
    X(context_destroy)                                                                                                \
    X(context_get_name)                                                                                               \
    X(context_set_timeout)                                                                                            \
    X(context_get_devices_count)                                                                                      \
    X(context_get_device)                                                                                             \
    X(device_get_id)                                                                                                  \
    X(device_get_name)                                                                                                \
    X(device_get_label)                                                                                               \
    X(device_is_trigger)                                                                                              \
    X(device_get_trigger)                                                                                             \
    X(device_set_trigger)                                                                                             \
    X(device_get_attrs_count)                                                                                         \
    X(device_get_attr)                                                                                                \
    X(device_attr_read)                                                                                               \
    X(device_attr_write)                                                                                              \
    X(device_find_buffer_attr)                                                                                        \
    X(device_buffer_attr_read)                                                                                        \
    X(device_buffer_attr_write)                                                                                       \
    X(device_get_channels_count)                                                                                      \
    X(device_get_channel)                                                                                             \
    X(device_set_kernel_buffers_count)                                                                                \
    X(device_create_buffer)                                                                                           \
    X(channel_get_id)                                                                                                 \
    X(channel_get_index)                                                                                              \
    X(channel_get_type)                                                                                               \
    X(channel_get_modifier)                                                                                           \
    X(channel_is_output)                                                                                              \
    X(channel_is_scan_element)                                                                                        \
    X(channel_get_data_format)                                                                                        \
    X(channel_get_attrs_count)                                                                                        \
    X(channel_get_attr)                                                                                               \
    X(channel_attr_get_filename)                                                                                      \
    X(channel_attr_read)                                                                                              \
    X(channel_attr_write)                                                                                             \
    X(channel_enable)                                                                                                 \
    X(channel_convert)                                                                                                \
    X(buffer_refill)                                                                                                  \
    X(buffer_start)                                                                                                   \
    X(buffer_step)                                                                                                    \
    X(buffer_end)                                                                                                     \
    X(buffer_cancel)                                                                                                  \
    X(buffer_destroy)

/// libiio's functions, each typed as iio.h declares it.
typedef struct IMBLibIIO {
#define IMB_LIBIIO_FIELD(name) __typeof__(iio_##name) *_Nonnull name;
    IMB_LIBIIO_FUNCTIONS(IMB_LIBIIO_FIELD)
#undef IMB_LIBIIO_FIELD
} IMBLibIIO;

/// Loads libiio once (thread-safe); returns its functions, or NULL when the library or a function is missing, with
/// `*failure_reason` pointing at the loader's reason (kept for the life of the process).
const IMBLibIIO *_Nullable imb_libiio_load(const char *_Nullable *_Nonnull failure_reason);

#endif

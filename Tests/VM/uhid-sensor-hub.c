// SPDX-License-Identifier: Apache-2.0
/*
 * uhid-sensor-hub: an emulated HID sensor hub for imu-bridge's kernel-VM tests.
 *
 * Creates, through /dev/uhid, a HID device with an Accelerometer 3D (report
 * id 1) and a Gyrometer 3D (report id 2) in a Sensor Collection, and with
 * --compass a Compass 3D (report id 3) too. The stock kernel drivers
 * hid-sensor-hub, hid-sensor-accel-3d, hid-sensor-gyro-3d and
 * hid-sensor-magn-3d bind to it and expose the IIO devices "accel_3d",
 * "gyro_3d" and "magn_3d", each with its own trigger and kfifo buffer. The
 * program answers the drivers' feature GET/SET_REPORT requests and, while the
 * HID device is open (an IIO buffer is enabled), sends one input report per
 * sensor every report interval (10 ms unless the driver sets another):
 *
 *   accelerometer: x = n,         y = -n,    z = 100     (0.01 g per LSB)
 *   gyroscope:     x = 1000 + n,  y = 2000,  z = -3000   (0.01 deg/s per LSB)
 *   compass:       x = 20000 + n, y = -5000, z = -40000  (0.01 mG per LSB)
 *
 * where n counts that sensor's reports from 0 over the program's lifetime.
 * The compass's unit is the HID default, milligauss (the kernel's
 * hid-sensor-attributes.c scales Compass 3D without a unit item by 0.001
 * gauss), with the same unit exponent -2 as the others: 0.001 uT per LSB,
 * so the feed reads (20 + 0.001 n, -5, -40) uT.
 *
 * Hotplug: SIGUSR1 destroys the HID device (the IIO devices go away), SIGUSR2
 * creates it again. With --recreate-after SECONDS the same happens once on a
 * timer: destroyed after that many seconds, created again --absent-for
 * SECONDS later. The report counters keep running across the gap.
 *
 * Feature reads and lost reports: the kernel handles the reply to a feature
 * GET_REPORT in hid_input_report() (__hid_request in hid-core.c), as it does
 * input reports, and that function drops a report that arrives while it
 * handles another (down_trylock of driver_input_lock, -EBUSY, which uhid
 * ignores as usbhid and i2c-hid do). So an input report sent while the kernel
 * handles a feature read may never reach the driver, on real hubs as here.
 * For each feature read answered, the emulator notes every sensor's report
 * counter (the number of the next report), so the checks can tell a report the
 * kernel dropped from one the reader lost.
 *
 * On exit it prints one JSON line with the report counts on stdout, and the
 * counters at each feature read ("featureReads", "featureReadsAt").
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/uhid.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LE16(v) ((v) & 0xff), (((v) >> 8) & 0xff)
#define SENSOR_USAGE(u) 0x0A, LE16(u)

/* Feature: reporting state, an 8-bit named array (selectors 0x0840..0x0845). */
#define REPORTING_STATE_FEATURE                                                \
	SENSOR_USAGE(0x0316), 0x15, 0x00, 0x25, 0x05, 0x75, 0x08, 0x95, 0x01,  \
	    0xA1, 0x02, SENSOR_USAGE(0x0840), SENSOR_USAGE(0x0841),            \
	    SENSOR_USAGE(0x0842), SENSOR_USAGE(0x0843), SENSOR_USAGE(0x0844),  \
	    SENSOR_USAGE(0x0845), 0xB1, 0x00, 0xC0

/* Feature: power state, an 8-bit named array (selectors 0x0850..0x0855). */
#define POWER_STATE_FEATURE                                                    \
	SENSOR_USAGE(0x0319), 0x15, 0x00, 0x25, 0x05, 0x75, 0x08, 0x95, 0x01,  \
	    0xA1, 0x02, SENSOR_USAGE(0x0850), SENSOR_USAGE(0x0851),            \
	    SENSOR_USAGE(0x0852), SENSOR_USAGE(0x0853), SENSOR_USAGE(0x0854),  \
	    SENSOR_USAGE(0x0855), 0xB1, 0x00, 0xC0

/* Feature: report interval in milliseconds, unsigned 32 bits. */
#define REPORT_INTERVAL_FEATURE                                                \
	SENSOR_USAGE(0x030E), 0x15, 0x00, 0x27, 0xFF, 0xFF, 0xFF, 0x7F, 0x75,  \
	    0x20, 0x95, 0x01, 0x55, 0x00, 0xB1, 0x02

/*
 * Input: three signed 32-bit axes with unit exponent -2, each its own main
 * item (the hub dispatches per field, on the field's first usage).
 */
#define AXES_INPUT(ux, uy, uz)                                                 \
	0x17, 0x00, 0x00, 0x00, 0x80, 0x27, 0xFF, 0xFF, 0xFF, 0x7F, 0x75,      \
	    0x20, 0x95, 0x01, 0x55, 0x0E, SENSOR_USAGE(ux), 0x81, 0x02,        \
	    SENSOR_USAGE(uy), 0x81, 0x02, SENSOR_USAGE(uz), 0x81, 0x02

enum { ACCELEROMETER = 1, GYROSCOPE = 2, COMPASS = 3, SENSOR_COUNT = 4 };

/* One sensor's physical collection: its report id, usage and axis usages. */
#define SENSOR_COLLECTION(id, usage, ux, uy, uz)                               \
	0x85, id, 0x09, usage, 0xA1, 0x00, REPORTING_STATE_FEATURE,            \
	    POWER_STATE_FEATURE, REPORT_INTERVAL_FEATURE,                      \
	    AXES_INPUT(ux, uy, uz), 0xC0

/* Usage Page (Sensor), Usage (Sensor Collection), Collection (Application) */
#define HUB_BEGIN 0x05, 0x20, 0x09, 0x01, 0xA1, 0x01
#define HUB_END 0xC0
/* Accelerometer 3D (0x73) and Gyrometer 3D (0x76), with their X/Y/Z usages. */
#define ACCELEROMETER_COLLECTION                                               \
	SENSOR_COLLECTION(ACCELEROMETER, 0x73, 0x0453, 0x0454, 0x0455)
#define GYROSCOPE_COLLECTION                                                   \
	SENSOR_COLLECTION(GYROSCOPE, 0x76, 0x0457, 0x0458, 0x0459)
/* Compass 3D (0x83) with Magnetic Flux X/Y/Z (0x0485..0x0487). */
#define COMPASS_COLLECTION                                                     \
	SENSOR_COLLECTION(COMPASS, 0x83, 0x0485, 0x0486, 0x0487)

static const uint8_t imu_descriptor[] = {
	HUB_BEGIN, ACCELEROMETER_COLLECTION, GYROSCOPE_COLLECTION, HUB_END,
};

static const uint8_t compass_imu_descriptor[] = {
	HUB_BEGIN, ACCELEROMETER_COLLECTION, GYROSCOPE_COLLECTION,
	COMPASS_COLLECTION, HUB_END,
};

/* Feature report layout: id, reporting state, power state, interval (LE). */
enum { FEATURE_REPORT_SIZE = 7, INPUT_REPORT_SIZE = 13 };
enum { DEFAULT_INTERVAL_MS = 10 };
/* The most feature reads whose report counters the summary lists. */
enum { MAX_LISTED_FEATURE_READS = 4096 };

struct sensor {
	uint8_t reporting_state;
	uint8_t power_state;
	uint32_t interval_ms;
	uint32_t reports_sent;
	struct timespec next_report;
};

struct hub {
	int fd;
	int last_sensor; /* GYROSCOPE, or COMPASS with --compass */
	bool created;
	bool open;
	unsigned int creations;
	struct sensor sensors[SENSOR_COUNT];
	/* Feature reads answered, and each sensor's report counter at the first ones. */
	unsigned int feature_reads;
	uint32_t counters_at_feature_read[MAX_LISTED_FEATURE_READS][SENSOR_COUNT];
};

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t unplug_requested;
static volatile sig_atomic_t plug_requested;

static void handle_signal(int signal_number)
{
	if (signal_number == SIGUSR1)
		unplug_requested = 1;
	else if (signal_number == SIGUSR2)
		plug_requested = 1;
	else
		stop_requested = 1;
}

static double now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long milliseconds_until(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (t->tv_sec - now.tv_sec) * 1000 +
	       (t->tv_nsec - now.tv_nsec) / 1000000;
}

static void add_milliseconds(struct timespec *t, uint32_t ms)
{
	t->tv_nsec += (long)ms * 1000000;
	while (t->tv_nsec >= 1000000000) {
		t->tv_nsec -= 1000000000;
		t->tv_sec++;
	}
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = (v >> 24) & 0xff;
}

static uint32_t get_le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static int send_event(const struct hub *hub, const struct uhid_event *event)
{
	if (write(hub->fd, event, sizeof(*event)) < 0) {
		fprintf(stderr, "uhid-sensor-hub: writing to /dev/uhid: %s\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

static int create_device(struct hub *hub)
{
	struct uhid_event event;

	memset(&event, 0, sizeof(event));
	event.type = UHID_CREATE2;
	snprintf((char *)event.u.create2.name, sizeof(event.u.create2.name),
		 "imu-bridge emulated HID sensor hub");
	snprintf((char *)event.u.create2.phys, sizeof(event.u.create2.phys),
		 "uhid-sensor-hub/0");
	const uint8_t *descriptor = hub->last_sensor == COMPASS ?
		compass_imu_descriptor : imu_descriptor;
	size_t size = hub->last_sensor == COMPASS ?
		sizeof(compass_imu_descriptor) : sizeof(imu_descriptor);

	event.u.create2.rd_size = (uint16_t)size;
	event.u.create2.bus = 0x06; /* BUS_VIRTUAL */
	event.u.create2.vendor = 0x1d6b;
	event.u.create2.product = 0x0104;
	memcpy(event.u.create2.rd_data, descriptor, size);
	if (send_event(hub, &event))
		return -1;
	hub->created = true;
	hub->open = false;
	hub->creations++;
	for (int id = ACCELEROMETER; id <= hub->last_sensor; id++) {
		hub->sensors[id].reporting_state = 0;
		hub->sensors[id].power_state = 0;
		hub->sensors[id].interval_ms = DEFAULT_INTERVAL_MS;
	}
	fprintf(stderr, "uhid-sensor-hub: created HID sensor hub (%zu-byte report descriptor)\n",
		size);
	return 0;
}

static void destroy_device(struct hub *hub)
{
	struct uhid_event event;

	if (!hub->created)
		return;
	memset(&event, 0, sizeof(event));
	event.type = UHID_DESTROY;
	send_event(hub, &event);
	hub->created = false;
	hub->open = false;
	fprintf(stderr, "uhid-sensor-hub: destroyed HID sensor hub\n");
}

static void send_input_report(struct hub *hub, int id)
{
	struct sensor *sensor = &hub->sensors[id];
	int32_t n = (int32_t)sensor->reports_sent;
	int32_t x = id == ACCELEROMETER ? n : id == GYROSCOPE ? 1000 + n : 20000 + n;
	int32_t y = id == ACCELEROMETER ? -n : id == GYROSCOPE ? 2000 : -5000;
	int32_t z = id == ACCELEROMETER ? 100 : id == GYROSCOPE ? -3000 : -40000;
	struct uhid_event event;

	memset(&event, 0, sizeof(event));
	event.type = UHID_INPUT2;
	event.u.input2.size = INPUT_REPORT_SIZE;
	event.u.input2.data[0] = (uint8_t)id;
	put_le32(event.u.input2.data + 1, (uint32_t)x);
	put_le32(event.u.input2.data + 5, (uint32_t)y);
	put_le32(event.u.input2.data + 9, (uint32_t)z);
	if (send_event(hub, &event) == 0)
		sensor->reports_sent++;
}

static void answer_get_report(struct hub *hub, const struct uhid_event *request)
{
	unsigned int id = request->u.get_report.rnum;
	struct uhid_event reply;

	memset(&reply, 0, sizeof(reply));
	reply.type = UHID_GET_REPORT_REPLY;
	reply.u.get_report_reply.id = request->u.get_report.id;
	if (request->u.get_report.rtype != UHID_FEATURE_REPORT ||
	    id < ACCELEROMETER || id > (unsigned int)hub->last_sensor) {
		reply.u.get_report_reply.err = EIO;
	} else {
		uint8_t *data = reply.u.get_report_reply.data;

		data[0] = (uint8_t)id;
		data[1] = hub->sensors[id].reporting_state;
		data[2] = hub->sensors[id].power_state;
		put_le32(data + 3, hub->sensors[id].interval_ms);
		reply.u.get_report_reply.size = FEATURE_REPORT_SIZE;
	}
	if (send_event(hub, &reply) != 0 || reply.u.get_report_reply.err)
		return;
	/* The kernel now handles the reply: a report sent meanwhile may be dropped (see the top of this file). */
	if (hub->feature_reads < MAX_LISTED_FEATURE_READS)
		for (int sensor = ACCELEROMETER; sensor < SENSOR_COUNT; sensor++)
			hub->counters_at_feature_read[hub->feature_reads][sensor] = hub->sensors[sensor].reports_sent;
	hub->feature_reads++;
}

static void answer_set_report(struct hub *hub, const struct uhid_event *request)
{
	unsigned int id = request->u.set_report.rnum;
	const uint8_t *data = request->u.set_report.data;
	struct uhid_event reply;

	memset(&reply, 0, sizeof(reply));
	reply.type = UHID_SET_REPORT_REPLY;
	reply.u.set_report_reply.id = request->u.set_report.id;
	if (id >= ACCELEROMETER && id <= (unsigned int)hub->last_sensor &&
	    request->u.set_report.size >= FEATURE_REPORT_SIZE && data[0] == id) {
		struct sensor *sensor = &hub->sensors[id];
		uint32_t interval = get_le32(data + 3);

		sensor->reporting_state = data[1];
		sensor->power_state = data[2];
		sensor->interval_ms = interval ? interval : DEFAULT_INTERVAL_MS;
	} else {
		reply.u.set_report_reply.err = EIO;
	}
	send_event(hub, &reply);
}

static void start_reporting(struct hub *hub)
{
	hub->open = true;
	for (int id = ACCELEROMETER; id <= hub->last_sensor; id++)
		clock_gettime(CLOCK_MONOTONIC, &hub->sensors[id].next_report);
}

static void handle_event(struct hub *hub)
{
	struct uhid_event event;

	memset(&event, 0, sizeof(event));
	if (read(hub->fd, &event, sizeof(event)) <= 0)
		return;
	switch (event.type) {
	case UHID_OPEN:
		start_reporting(hub);
		break;
	case UHID_CLOSE:
		hub->open = false;
		break;
	case UHID_GET_REPORT:
		answer_get_report(hub, &event);
		break;
	case UHID_SET_REPORT:
		answer_set_report(hub, &event);
		break;
	default:
		break;
	}
}

static int poll_timeout_ms(const struct hub *hub)
{
	long timeout = 100;

	if (!hub->open)
		return (int)timeout;
	for (int id = ACCELEROMETER; id <= hub->last_sensor; id++) {
		long due = milliseconds_until(&hub->sensors[id].next_report);

		if (due < timeout)
			timeout = due < 0 ? 0 : due;
	}
	return (int)timeout;
}

static void send_due_reports(struct hub *hub)
{
	if (!hub->open)
		return;
	for (int id = ACCELEROMETER; id <= hub->last_sensor; id++) {
		struct sensor *sensor = &hub->sensors[id];

		if (milliseconds_until(&sensor->next_report) <= 0) {
			send_input_report(hub, id);
			add_milliseconds(&sensor->next_report, sensor->interval_ms);
		}
	}
}

/* Prints the summary: report counts, creations, and the report counters at each listed feature read. */
static void print_summary(const struct hub *hub)
{
	static const char *const names[SENSOR_COUNT] = { NULL, "accelerometer", "gyroscope", "compass" };
	unsigned int listed = hub->feature_reads < MAX_LISTED_FEATURE_READS ? hub->feature_reads : MAX_LISTED_FEATURE_READS;

	printf("{\"accelerometerReports\": %u, \"gyroscopeReports\": %u, \"compassReports\": %u, \"creations\": %u, "
	       "\"featureReads\": %u, \"featureReadsAt\": {",
	       hub->sensors[ACCELEROMETER].reports_sent, hub->sensors[GYROSCOPE].reports_sent,
	       hub->sensors[COMPASS].reports_sent, hub->creations, hub->feature_reads);
	for (int sensor = ACCELEROMETER; sensor < SENSOR_COUNT; sensor++) {
		printf("%s\"%s\": [", sensor == ACCELEROMETER ? "" : ", ", names[sensor]);
		for (unsigned int read = 0; read < listed; read++)
			printf("%s%u", read ? ", " : "", hub->counters_at_feature_read[read][sensor]);
		printf("]");
	}
	printf("}}\n");
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: uhid-sensor-hub [--compass] [--lifetime SECONDS] [--recreate-after SECONDS [--absent-for SECONDS]]\n"
		"Emulates a HID sensor hub (accelerometer + gyroscope, and a compass with\n"
		"--compass) through /dev/uhid until\n"
		"SIGTERM/SIGINT or the lifetime ends, then prints its report counts as JSON.\n"
		"SIGUSR1 unplugs the device, SIGUSR2 plugs it in again.\n");
}

static bool parse_seconds(const char *text, double *seconds)
{
	char *end;

	*seconds = strtod(text, &end);
	return end != text && *end == '\0' && *seconds >= 0;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "lifetime", required_argument, NULL, 'l' },
		{ "recreate-after", required_argument, NULL, 'r' },
		{ "absent-for", required_argument, NULL, 'a' },
		{ "compass", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	double lifetime = 0, recreate_after = 0, absent_for = 1;
	/* static: the counters at feature reads make it 64 KiB. */
	static struct hub hub = { .fd = -1, .last_sensor = GYROSCOPE };
	double started, destroyed_at = 0;
	bool recreated = false;
	int option;

	while ((option = getopt_long(argc, argv, "l:r:a:ch", options, NULL)) != -1) {
		double *target = option == 'l' ? &lifetime :
				 option == 'r' ? &recreate_after :
				 option == 'a' ? &absent_for : NULL;

		if (option == 'h') {
			usage(stdout);
			return 0;
		}
		if (option == 'c') {
			hub.last_sensor = COMPASS;
			continue;
		}
		if (!target || !parse_seconds(optarg, target)) {
			usage(stderr);
			return 64;
		}
	}
	signal(SIGTERM, handle_signal);
	signal(SIGINT, handle_signal);
	signal(SIGUSR1, handle_signal);
	signal(SIGUSR2, handle_signal);
	hub.fd = open("/dev/uhid", O_RDWR | O_CLOEXEC);
	if (hub.fd < 0) {
		fprintf(stderr, "uhid-sensor-hub: cannot open /dev/uhid (%s): load the uhid module and run as root\n",
			strerror(errno));
		return 1;
	}
	if (create_device(&hub)) {
		close(hub.fd);
		return 1;
	}
	started = now_seconds();
	while (!stop_requested && (lifetime == 0 || now_seconds() - started < lifetime)) {
		struct pollfd pfd = { .fd = hub.fd, .events = POLLIN };
		double elapsed = now_seconds() - started;

		if (recreate_after > 0 && !recreated) {
			if (hub.created && elapsed >= recreate_after) {
				destroy_device(&hub);
				destroyed_at = elapsed;
			} else if (!hub.created && elapsed - destroyed_at >= absent_for) {
				if (create_device(&hub))
					break;
				recreated = true;
			}
		}
		if (unplug_requested) {
			unplug_requested = 0;
			destroy_device(&hub);
		}
		if (plug_requested) {
			plug_requested = 0;
			if (!hub.created && create_device(&hub))
				break;
		}
		if (poll(&pfd, 1, poll_timeout_ms(&hub)) < 0 && errno != EINTR)
			break;
		if (pfd.revents & POLLIN)
			handle_event(&hub);
		send_due_reports(&hub);
	}
	destroy_device(&hub);
	close(hub.fd);
	print_summary(&hub);
	return 0;
}

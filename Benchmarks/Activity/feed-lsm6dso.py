#!/usr/bin/env python3
"""feed-lsm6dso.py UMOCKDEV_DIR SECONDS: play an 833 Hz LSM6DSO into the FIFO nodes of the umockdev testbed.

Opens the FIFOs /dev/iio:device1 (accelerometer) and /dev/iio:device2 (gyroscope) of the testbed (live-cost.sh
creates them), waits until the reader enabled each buffer, then writes scans (x, y, z little-endian s16, 2 pad bytes,
s64 nanosecond timestamp) in real time for SECONDS seconds, in batches of the reader's buffer/watermark (the scans
libiio asked to wait for): as the kernel's IIO buffer delivers them, whose poll() returns only once that many scans
are in (Documentation/ABI/testing/sysfs-bus-iio, "buffer/watermark"), and as a hardware FIFO with a watermark fills
it. The signal is a walking-like 2 Hz sway on top of gravity, so the classifier has something to do."""
import math, os, struct, sys, time

root, seconds = sys.argv[1], float(sys.argv[2])
rate = 833.0
devices = ["iio:device1", "iio:device2"]
sysfs = root + "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-006a/"
# O_RDWR | O_NONBLOCK: the open never blocks, and the reader never sees EOF between batches.
descriptors = {node: os.open(f"{root}/dev/{node}", os.O_RDWR | os.O_NONBLOCK) for node in devices}

def enabled(node):
    try:
        with open(sysfs + node + "/buffer/enable", "rb") as f:
            return f.read().strip(b"\0\n ") == b"1"
    except OSError:
        return False

while not all(enabled(n) for n in devices):
    time.sleep(0.01)

def watermark(node):
    """The scans the reader waits for: buffer/watermark as libiio set it (1 if unreadable)."""
    try:
        with open(sysfs + node + "/buffer/watermark", "rb") as f:
            return max(1, int(f.read().strip(b"\0\n ") or b"1"))
    except (OSError, ValueError):
        return 1
batch = min(watermark(n) for n in devices)
print(f"feed-lsm6dso.py: {rate:g} Hz in batches of {batch} scans (buffer/watermark)", file=sys.stderr)
accel_scale, gyro_scale = 0.000598205, 0.000152716
start = time.monotonic()
written = 0
while True:
    now = time.monotonic() - start
    if now >= seconds:
        break
    due = (int(now * rate) // batch) * batch
    accel, gyro = bytearray(), bytearray()
    for n in range(written, due):
        t = n / rate
        sway = math.sin(2 * math.pi * 2 * t)
        ax, ay, az = 0.3 * sway, -9.81 + 2.0 * sway, 0.5 * math.cos(2 * math.pi * 2 * t)
        ns = 1_000_000_000 + int(t * 1e9)
        accel += struct.pack("<hhhxxq", int(ax / accel_scale), int(ay / accel_scale), int(az / accel_scale), ns)
        gyro += struct.pack("<hhhxxq", int(0.8 * sway / gyro_scale), int(0.3 / gyro_scale * sway), 0, ns)
    written = due
    for node, data in (("iio:device1", accel), ("iio:device2", gyro)):
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(descriptors[node], view):]
            except BlockingIOError:
                time.sleep(0.001)
    time.sleep(max(0.001, (written + batch) / rate - (time.monotonic() - start)))

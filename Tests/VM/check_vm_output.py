#!/usr/bin/env python3
"""Checks, on the host, what imu-bridge's binaries printed inside the kernel VM.

Reads the guest's results channel (framed by guest-init.sh) and asserts that
`imu-list --json` found the emulated IMUs and that `imu-stream --json` returned
exactly the values the emulators fed, converted to CoreMotion units and signs.
Prints `PASS name` / `FAIL name: reason` per check, then `vm: N passed, M failed`,
and exits 1 if any check failed.

Usage: check_vm_output.py --presets Tests/VM/i2c-presets WORKDIR/results.log
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

STANDARD_GRAVITY = 9.80665  # m/s^2 per g
RADIANS_PER_DEGREE = math.pi / 180
AXES = ("x", "y", "z")

# The uhid emulator's feed (uhid-sensor-hub.c): report n of each sensor, in 0.01 g and 0.01 deg/s.
HID_ACCEL_LSB_G = 0.01
HID_GYRO_LSB_DEG_PER_S = 0.01
HID_ACCEL_Z_RAW = 100
HID_GYRO_X_BASE, HID_GYRO_Y_RAW, HID_GYRO_Z_RAW = 1000, 2000, -3000
# With --compass, report n of the Compass 3D reads (20000 + n, -5000, -40000) in its unit, milligauss (the
# kernel's default for a Compass 3D without a unit item) times 10^-2: in_magn_scale 0.00001 gauss, 0.001 µT.
HID_COMPASS_RAW_BASE = (20000, -5000, -40000)
HID_COMPASS_SCALE_GAUSS = 1e-5
MICROTESLA_PER_GAUSS = 100
# The kernel prints HID scales with nine decimals (IIO_VAL_INT_PLUS_NANO): 0.01 deg/s becomes
# 0.000174532 rad/s (5e-6 short), so the reported scale is compared to the physical one loosely.
HID_SCALE_TOLERANCE = 1e-5


class CheckFailure(Exception):
    """A check's reason for failing."""


def close(actual: float, expected: float) -> bool:
    """Equal within 1e-6 relative or 1e-9 absolute."""
    return math.isfinite(actual) and abs(actual - expected) <= max(1e-6 * abs(expected), 1e-9)


def require(condition: bool, reason: str) -> None:
    """Fails the current check with `reason` unless `condition` holds."""
    if not condition:
        raise CheckFailure(reason)


@dataclass
class Block:
    """One command's framed output in the results channel."""

    scenario: str
    subject: str
    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)
    exit_status: int | None = None

    def json_lines(self) -> list[dict]:
        """The stdout lines parsed as JSON objects."""
        objects = []
        for number, line in enumerate(self.stdout, 1):
            try:
                objects.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise CheckFailure(f"stdout line {number} is not JSON ({error}): {line[:120]}") from None
        return objects

    def require_success(self) -> None:
        """Fails unless the command exited 0."""
        if self.exit_status != 0:
            tail = " | ".join(self.stderr[-3:]) or "no stderr"
            raise CheckFailure(f"exit status {self.exit_status}: {tail}")


@dataclass
class Results:
    """Everything the guest reported."""

    settings: dict[str, str]
    blocks: list[Block]
    completed: bool

    def block(self, scenario: str, subject: str) -> Block:
        """The block of `scenario` for `subject`."""
        for block in self.blocks:
            if block.scenario == scenario and block.subject == subject:
                return block
        raise CheckFailure(f"the guest printed no output for '{scenario} {subject}'")


TRANSCRIPT_HEADER = re.compile(rb"^@@imutest transcript lines=(\d+) sha256=([0-9a-f]{64})\n", re.MULTILINE)
TRANSCRIPT_END = b"@@imutest transcript end\n"


def read_results(raw: bytes) -> tuple[str, str]:
    """The guest's results as text and a line saying where they came from: the transcript the guest sends last
    (guest-init.sh's send_transcript) where its line count and SHA-256 match, else the copy streamed during the run.
    The serial line turns each newline into CR LF; that is undone first."""
    text = raw.replace(b"\r\n", b"\n")
    header = TRANSCRIPT_HEADER.search(text)
    if header is None:
        return text.decode(errors="replace"), "results: no transcript arrived: checking what was streamed"
    streamed, body = text[: header.start()], text[header.end():]
    if body.startswith(TRANSCRIPT_END):  # an empty transcript: the end line follows the header
        transcript: bytes | None = b""
    else:
        end = body.rfind(b"\n" + TRANSCRIPT_END)
        transcript = body[: end + 1] if end >= 0 else None
    lines, digest = int(header.group(1)), header.group(2).decode()
    if transcript is None or transcript.count(b"\n") != lines or hashlib.sha256(transcript).hexdigest() != digest:
        return streamed.decode(errors="replace"), "results: the transcript arrived damaged: checking what was streamed"
    if streamed == transcript:
        return transcript.decode(errors="replace"), f"results: the transcript ({lines} lines, SHA-256 verified), as streamed"
    sent, received = transcript.split(b"\n"), streamed.split(b"\n")
    line = next((n for n, (a, b) in enumerate(zip(sent, received)) if a != b), min(len(sent), len(received)))
    lost = sent[line].decode(errors="replace") if line < len(sent) else "(the end)"
    return transcript.decode(errors="replace"), (
        f"results: the streamed copy differs from the transcript from line {line + 1} ({lost!r}): "
        f"checking the transcript ({lines} lines, SHA-256 verified)")


def parse_results(text: str) -> Results:
    """Splits the results channel into its framed blocks."""
    settings: dict[str, str] = {}
    blocks: list[Block] = []
    completed = False
    current: Block | None = None
    in_stderr = False
    for line in text.replace("\r", "").splitlines():
        if line.startswith("@@imutest start "):
            settings = dict(item.split("=", 1) for item in line.split()[2:] if "=" in item)
        elif line.startswith("@@imutest begin "):
            words = line.split()
            current, in_stderr = Block(words[2], words[3] if len(words) > 3 else "-"), False
            blocks.append(current)
        elif line == "@@imutest stderr" and current:
            in_stderr = True
        elif line.startswith("@@imutest end ") and current:
            match = re.search(r"exit=(\d+)$", line)
            current.exit_status = int(match.group(1)) if match else None
            current = None
        elif line == "@@imutest done":
            completed = True
        elif current:
            (current.stderr if in_stderr else current.stdout).append(line)
    return Results(settings, blocks, completed)


@dataclass(frozen=True)
class ExpectedIMU:
    """An emulated IMU: its IIO device names and, for register maps, the raw values preset and the scales
    the driver must report for the ranges the preset leaves it in (pinned, not taken from imu-list)."""

    chip: str
    accelerometer: str
    gyroscope: str
    raw: dict[str, tuple[int, int, int]]
    scale: dict[str, float] = field(default_factory=dict)

    @property
    def is_hid(self) -> bool:
        """Whether it is the uhid HID sensor hub (Windows = CoreMotion signs, buffered)."""
        return self.chip == "hid-sensor-hub"

    @property
    def is_split(self) -> bool:
        """Whether accelerometer and gyroscope are separate IIO devices."""
        return self.accelerometer != self.gyroscope


HID_SENSOR_HUB = ExpectedIMU("hid-sensor-hub", "accel_3d", "gyro_3d", {})


@dataclass(frozen=True)
class ExpectedMagnetometer:
    """An emulated magnetometer register map: its IIO device name, preset raw reading and pinned scale (gauss)."""

    chip: str
    device: str
    raw: tuple[int, int, int]
    scale: float


def read_preset(path: Path) -> ExpectedIMU | ExpectedMagnetometer:
    """The chip, IIO device names, expected raw values and scales a register preset declares."""
    chip, devices, raw, scale = None, None, {}, {}
    for line in path.read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if words[:1] == ["device"]:
            chip = words[1]
        elif words[:1] == ["iio-devices"]:
            devices = tuple(words[1:])
        elif words[:1] == ["expect"]:
            raw[words[1]] = tuple(int(value) for value in words[2:5])
        elif words[:1] == ["scale"]:
            scale[words[1]] = float(words[2])
    if chip and devices and len(devices) == 1 and set(raw) == set(scale) == {"magn"}:
        return ExpectedMagnetometer(chip, devices[0], raw["magn"], scale["magn"])
    if not chip or not devices or len(devices) != 2 or set(raw) != {"accel", "anglvel"} or set(scale) != {"accel", "anglvel"}:
        raise SystemExit(f"{path}: needs 'device', 'iio-devices', 'expect accel/anglvel' and 'scale accel/anglvel' lines "
                         "(or one IIO device with 'expect magn' and 'scale magn')")
    return ExpectedIMU(chip, devices[0], devices[1], raw, scale)


def find_listing(listings: list[dict], imu: ExpectedIMU) -> dict:
    """The imu-list object whose accelerometer is `imu`'s accelerometer device."""
    matches = [item for item in listings if (item.get("accelerometer") or {}).get("name") == imu.accelerometer]
    require(len(matches) == 1, f"imu-list reported {len(matches)} IMUs with accelerometer {imu.accelerometer}, "
            f"expected 1 (found: {[item.get('name') for item in listings]})")
    return matches[0]


def channel(device: dict, channel_id: str) -> dict:
    """The channel `channel_id` of a listed device."""
    for candidate in device.get("channels", []):
        if candidate.get("id") == channel_id:
            return candidate
    raise CheckFailure(f"{device.get('name')} has no channel {channel_id}")


def check_listing(listings: list[dict], imu: ExpectedIMU) -> None:
    """imu-list found the IMU with the right devices, channels and capture mode."""
    listing = find_listing(listings, imu)
    accelerometer, gyroscope = listing["accelerometer"], listing.get("gyroscope")
    require(listing.get("uri") == "local:", f"uri is {listing.get('uri')!r}, expected 'local:'")
    require(gyroscope is not None and gyroscope.get("name") == imu.gyroscope,
            f"gyroscope is {gyroscope and gyroscope.get('name')!r}, expected {imu.gyroscope!r}")
    same_device = accelerometer.get("id") == gyroscope.get("id")
    require(same_device != imu.is_split,
            f"accelerometer {accelerometer.get('id')} and gyroscope {gyroscope.get('id')} should be "
            + ("different devices" if imu.is_split else "the same device"))
    for device, kind in ((accelerometer, "accel"), (gyroscope, "anglvel")):
        require(re.fullmatch(r"iio:device\d+", str(device.get("id"))), f"bad device id {device.get('id')!r}")
        for axis in AXES:
            require(channel(device, f"{kind}_{axis}").get("scale", 0) > 0, f"{device['name']} {kind}_{axis} scale is not positive")
        matrix = device.get("mount_matrix")
        require(isinstance(matrix, list) and len(matrix) == 3 and all(len(row) == 3 for row in matrix),
                f"{device['name']} mount_matrix is not 3x3: {matrix}")
        # The kernel's devtmpfs makes the node of every device with a buffer; without a buffer there is none to read.
        expected_node = True if device.get("buffered") else None
        require(device.get("device_node") is expected_node,
                f"{device['name']} device_node is {device.get('device_node')!r}, expected {expected_node!r}")
    if imu.is_hid:
        for device in (accelerometer, gyroscope):
            require(device.get("buffered") is True, f"{device['name']} is not buffered")
            require(re.fullmatch(rf"{device['name']}-dev\d+", str(device.get("trigger"))),
                    f"{device['name']} trigger is {device.get('trigger')!r}, expected {device['name']}-devN")
            require("HID-SENSOR-" in str(device.get("parent")), f"{device['name']} parent {device.get('parent')!r} is no HID sensor")
        accel_scale = channel(accelerometer, "accel_x")["scale"]
        gyro_scale = channel(gyroscope, "anglvel_x")["scale"]
        require(close(accel_scale, HID_ACCEL_LSB_G * STANDARD_GRAVITY), f"accel_3d scale {accel_scale}, expected 0.0980665")
        physical = HID_GYRO_LSB_DEG_PER_S * RADIANS_PER_DEGREE
        require(abs(gyro_scale - physical) <= HID_SCALE_TOLERANCE * physical,
                f"gyro_3d scale {gyro_scale}, expected 0.01 deg/s = {physical:.9g} rad/s")


def calibrated(device: dict, kind: str, raw: tuple[float, float, float], scale: float) -> list[float]:
    """raw * the pinned scale per axis (after checking the listing reports that scale and no offset), then
    the device's mount matrix."""
    values = []
    for axis, value in zip(AXES, raw):
        spec = channel(device, f"{kind}_{axis}")
        require(close(spec["scale"], scale), f"{device['name']} {kind}_{axis} scale is {spec['scale']}, expected {scale}")
        require(spec.get("offset", 0.0) == 0, f"{device['name']} {kind}_{axis} has offset {spec.get('offset')}, expected none")
        values.append(value * scale)
    matrix = device["mount_matrix"]
    return [sum(matrix[row][column] * values[column] for column in range(3)) for row in range(3)]


def vector(sample: dict, key: str, number: int) -> list[float]:
    """The x, y, z of `sample[key]`."""
    value = sample.get(key)
    require(isinstance(value, dict) and all(isinstance(value.get(axis), (int, float)) for axis in AXES),
            f"sample {number} has no numeric {key}: {sample}")
    return [float(value[axis]) for axis in AXES]


def require_vector(actual: list[float], expected: list[float], what: str) -> None:
    """Fails unless every axis is close."""
    require(all(close(a, e) for a, e in zip(actual, expected)), f"{what} is {actual}, expected {expected}")


# What `imu-stream -v` logs for each capture mode (IIOSensors' DeviceReader).
CAPTURE_LOG = {"buffered": "buffered capture", "polled": "reading by polling the *_raw attributes"}


def stream_samples(results: Results, listing: dict, imu: ExpectedIMU) -> list[dict]:
    """The samples imu-stream printed for the listed IMU, after the framing checks and the check that it
    captured the way the driver allows: the HID hub buffered, the i2c-stub chips (no IRQ) polled."""
    block = results.block("stream", listing["name"])
    block.require_success()
    mode = "buffered" if imu.is_hid else "polled"
    log = "\n".join(block.stderr)
    require(CAPTURE_LOG[mode] in log, f"imu-stream -v did not log {mode} capture ('{CAPTURE_LOG[mode]}'): {block.stderr[-3:]}")
    other = CAPTURE_LOG["polled" if imu.is_hid else "buffered"]
    require(other not in log, f"imu-stream -v logged '{other}', expected only {mode} capture")
    samples = block.json_lines()
    wanted = int(results.settings.get("stream-samples", "0"))
    require(len(samples) == wanted, f"{len(samples)} samples, asked for {wanted}")
    timestamps = [sample.get("timestamp") for sample in samples]
    require(all(isinstance(t, (int, float)) for t in timestamps), "a sample has no numeric timestamp")
    require(all(b > a for a, b in zip(timestamps, timestamps[1:])), f"timestamps are not increasing: {timestamps[:6]}...")
    return samples


def check_register_stream(samples: list[dict], listing: dict, imu: ExpectedIMU) -> None:
    """Every sample is the preset register values, calibrated and turned into CoreMotion signs."""
    acceleration = [-value / STANDARD_GRAVITY
                    for value in calibrated(listing["accelerometer"], "accel", imu.raw["accel"], imu.scale["accel"])]
    rotation = calibrated(listing["gyroscope"], "anglvel", imu.raw["anglvel"], imu.scale["anglvel"])
    for number, sample in enumerate(samples, 1):
        require_vector(vector(sample, "acceleration", number), acceleration, f"sample {number} acceleration")
        require_vector(vector(sample, "rotation_rate", number), rotation, f"sample {number} rotation_rate")


# How many reports after a feature read the kernel may drop. It hands a feature GET_REPORT's reply to
# hid_input_report(), which drops an input report arriving meanwhile (hid-core.c: down_trylock of driver_input_lock,
# -EBUSY, ignored by uhid as by usbhid and i2c-hid; see uhid-sensor-hub.c). Measured in the VM: 300 reads of
# gyro_3d's in_anglvel_sampling_frequency during a 100 Hz recording cost 5 accelerometer reports, each the first one
# the emulator sent after the reply, and none were lost without the reads; the reach allows for a reply the kernel
# handles a few reports later.
FEATURE_READ_REACH = 5


def droppable_reports(summary: dict, sensor: str) -> frozenset[int]:
    """The numbers of `sensor`'s reports the kernel may have dropped: the first FEATURE_READ_REACH the emulator sent
    after each feature read it answered (its summary lists the sensor's report counter at each)."""
    counters = (summary.get("featureReadsAt") or {}).get(sensor)
    require(isinstance(counters, list) and len(counters) == summary.get("featureReads"),
            f"the emulator lists {sensor} counters at {len(counters or [])} of its {summary.get('featureReads')} feature reads")
    return frozenset(counter + offset for counter in counters for offset in range(FEATURE_READ_REACH))


def unexplained_steps(reports: list[int], droppable: frozenset[int]) -> list[tuple[int, int]]:
    """The steps between consecutive report numbers that are not one by one: a repeat, a step back, or a skip over a
    report the kernel cannot have dropped."""
    return [(a, b) for a, b in zip(reports, reports[1:]) if b <= a or any(n not in droppable for n in range(a + 1, b))]


@dataclass(frozen=True)
class HIDFeed:
    """One sensor of the uhid emulator: report k reads base + k * step (raw units) times the driver's scale."""

    key: str
    base: list[float]
    step: list[float]
    reports_sent: int
    droppable: frozenset[int]

    def report_index(self, value: list[float]) -> float:
        """Which report (possibly between two, if interpolated) `value` is, from its x axis."""
        return (value[0] - self.base[0]) / self.step[0]

    def value(self, index: float) -> list[float]:
        """The value of report `index` (a fraction interpolates linearly between reports)."""
        return [base + index * step for base, step in zip(self.base, self.step)]


def hid_feeds(listing: dict, reports: dict) -> tuple[HIDFeed, HIDFeed]:
    """The emulator's accelerometer and gyroscope feeds in the units imu-stream prints."""
    accel = [channel(listing["accelerometer"], f"accel_{axis}")["scale"] / STANDARD_GRAVITY for axis in AXES]
    gyro = [channel(listing["gyroscope"], f"anglvel_{axis}")["scale"] for axis in AXES]
    return (
        HIDFeed("acceleration", [0, 0, HID_ACCEL_Z_RAW * accel[2]], [accel[0], -accel[1], 0],
                reports["accelerometerReports"], droppable_reports(reports, "accelerometer")),
        HIDFeed("rotation_rate", [HID_GYRO_X_BASE * gyro[0], HID_GYRO_Y_RAW * gyro[1], HID_GYRO_Z_RAW * gyro[2]],
                [gyro[0], 0, 0], reports["gyroscopeReports"], droppable_reports(reports, "gyroscope")),
    )


def is_timeline(samples: list[dict], feed: HIDFeed) -> bool:
    """Whether every sample carries exactly one of `feed`'s reports, consecutive ones in order (but for reports the
    kernel may have dropped)."""
    indices = [feed.report_index(vector(sample, feed.key, number)) for number, sample in enumerate(samples, 1)]
    exact = all(abs(index - round(index)) < 1e-6 for index in indices)
    return exact and not unexplained_steps([round(index) for index in indices], feed.droppable)


def check_hid_stream(samples: list[dict], listing: dict, reports: dict) -> None:
    """Samples follow one sensor's reports one by one (but for reports the kernel may have dropped after a feature
    read); the other sensor is a fed value or interpolated between two.

    The accelerometer feed is x = 0.01 n g, y = -x, z = 1 g; the gyroscope feed x = 0.01 (1000 + n) deg/s,
    y = 20 deg/s, z = -30 deg/s (both scaled by the scales the driver reports, see HID_SCALE_TOLERANCE).
    """
    accelerometer, gyroscope = hid_feeds(listing, reports)
    timeline = next((feed for feed in (accelerometer, gyroscope) if is_timeline(samples, feed)), None)
    require(timeline is not None, "neither the acceleration nor the rotation rate follows consecutive emulator "
            f"reports; first sample: {samples[0]}")
    previous_follower_index = None
    for number, sample in enumerate(samples, 1):
        for feed in (accelerometer, gyroscope):
            actual = vector(sample, feed.key, number)
            index = feed.report_index(actual)
            if feed is timeline:
                index = round(index)
            require(-1e-9 <= index <= feed.reports_sent - 1 + 1e-9,
                    f"sample {number} {feed.key} is report {index:.4f}, but the emulator sent {feed.reports_sent}")
            require_vector(actual, feed.value(index), f"sample {number} {feed.key} (report {index:.4f})")
            if feed is not timeline:
                require(previous_follower_index is None or index >= previous_follower_index - 1e-9,
                        f"sample {number} {feed.key} went back from report {previous_follower_index} to {index}")
                previous_follower_index = index
    first = vector(samples[0], "acceleration", 1)
    require(close(first[2], HID_ACCEL_Z_RAW * HID_ACCEL_LSB_G), f"acceleration.z is {first[2]} g, expected 1 g")


def emulator_reports(results: Results, role: str = "uhid-sensor-hub") -> dict:
    """The summary the uhid-sensor-hub of `role` printed when it stopped: report counts, creations, feature reads."""
    lines = results.block("emulator", role).json_lines()
    require(len(lines) == 1 and {"accelerometerReports", "gyroscopeReports", "featureReadsAt"} <= set(lines[0]),
            f"unexpected emulator summary {lines}")
    return lines[0]


def listed(results: Results, scenario: str, subject: str) -> list[dict]:
    """The IMUs `imu-list --json` printed in `scenario`'s `subject` step."""
    block = results.block(scenario, subject)
    block.require_success()
    return block.json_lines()


def check_hotplug_removed(results: Results, imus: list[ExpectedIMU]) -> None:
    """With the HID device unplugged, imu-list no longer shows it but still shows every other IMU."""
    listings = listed(results, "hotplug", "removed")
    accelerometers = {(item.get("accelerometer") or {}).get("name") for item in listings}
    require(HID_SENSOR_HUB.accelerometer not in accelerometers, "the unplugged HID sensor hub is still listed")
    missing = [imu.chip for imu in imus if not imu.is_hid and imu.accelerometer not in accelerometers]
    require(not missing, f"IMUs missing while the HID sensor hub was unplugged: {missing}")


def check_hotplug_replugged(results: Results) -> None:
    """After replugging, the HID sensor hub is listed again and the emulator created it twice."""
    check_listing(listed(results, "hotplug", "replugged"), HID_SENSOR_HUB)
    creations = emulator_reports(results, "uhid-sensor-hub-hotplug").get("creations")
    require(creations == 2, f"the emulator should have created the device twice, not {creations} times")


def check_udev_daemon(results: Results) -> None:
    """Debian's systemd-udevd started, and trigger and settle succeeded."""
    for step in ("daemon", "trigger", "settle"):
        try:
            results.block("udev", step).require_success()
        except CheckFailure as failure:
            raise CheckFailure(f"{step}: {failure}") from None


def check_udev_database(results: Results, imus: list[ExpectedIMU]) -> None:
    """udev processed every listed IIO device, and the project's rule classified and tagged it.

    IMU_BRIDGE_SENSOR names what the device carries; every such device (a gyroscope-only one too) is
    tagged for systemd and wants imu-classify.service. A device node, where the driver has one (buffer or
    events), is /dev/<id>.
    """
    kinds: dict[str, set[str]] = {}
    for item in listed(results, "list", "all"):
        for role in ("accelerometer", "gyroscope"):
            device = item.get(role)
            if device:
                kinds.setdefault(device["id"], set()).update(
                    {"accelerometer" if channel["type"] == "accel" else "gyroscope"
                     for channel in device.get("channels", []) if channel.get("type") in ("accel", "anglvel")})
    require(kinds, "imu-list reported no IIO devices to look up")
    for device_id, expected in sorted(kinds.items()):
        block = results.block("udev", device_id)
        block.require_success()
        properties = dict(line.split("=", 1) for line in block.stdout if "=" in line)
        require(properties.get("SUBSYSTEM") == "iio", f"{device_id}: SUBSYSTEM is {properties.get('SUBSYSTEM')!r}")
        require(properties.get("DEVNAME", f"/dev/{device_id}") == f"/dev/{device_id}",
                f"{device_id}: DEVNAME is {properties.get('DEVNAME')!r}")
        sensors = properties.get("IMU_BRIDGE_SENSOR", "").split()
        require(sorted(sensors) == sorted(expected), f"{device_id}: IMU_BRIDGE_SENSOR is {sensors}, expected {sorted(expected)}")
        require(":systemd:" in properties.get("TAGS", ""), f"{device_id}: not tagged for systemd")
        require("imu-classify.service" in properties.get("SYSTEMD_WANTS", ""), f"{device_id}: SYSTEMD_WANTS is missing")


def check_udev_listing(results: Results, imus: list[ExpectedIMU]) -> None:
    """With systemd-udevd running, imu-list still finds every IMU."""
    listings = listed(results, "udev", "list")
    for imu in imus:
        try:
            check_listing(listings, imu)
        except CheckFailure as failure:
            raise CheckFailure(f"{imu.chip}: {failure}") from None


# Attributes the rule hands to group imu (udev/iio-permissions), by how their paths end.
WRITTEN_ATTRIBUTES = ("/enable", "/length", "/watermark", "/hwfifo_timeout", "_en", "sampling_frequency",
                      "/current_trigger", "/current_timestamp_clock")


def check_modes(results: Results, scenario: str, subject: str, devices: tuple[str, ...] = ("accel_3d", "gyro_3d")) -> None:
    """The rule gave the HID IMU's nodes and written attributes (of `devices`) root:imu 0660; the rest stays as
    it was. Run after udev's first pass, and again on the new devices after a replug."""
    block = results.block(scenario, subject)
    block.require_success()
    modes = {}
    for line in block.stdout:
        path, owner, group, mode = line.rsplit(" ", 3)
        modes[path] = (owner, group, mode)
    written = [path for path in modes if path.startswith("/dev/") or path.endswith(WRITTEN_ATTRIBUTES)]
    nodes = [path for path in written if path.startswith("/dev/iio:device")]
    require(len(nodes) == len(devices), f"expected the nodes of {' and '.join(devices)}, found {nodes}")
    for ending in ("_en", "/current_trigger", "sampling_frequency"):
        require(sum(path.endswith(ending) for path in written) >= len(devices),
                f"no '*{ending}' of {' and '.join(devices)} among {sorted(modes)}")
    require(any("/buffer0/" in path for path in written) == any("/buffer0/" in path for path in modes),
            "buffer0/ listed but none of its attributes handed to the group")
    for path in written:
        require(modes[path] == ("root", "imu", "660"), f"{path} is {' '.join(modes[path])}, expected root imu 660")
    for path, (owner, group, mode) in modes.items():
        require(int(mode, 8) & 0o002 == 0, f"{path} is world-writable ({mode})")
        if path not in written:
            require(group != "imu", f"{path} was given to group imu, but imu-bridge never writes it")


def check_udev_member(results: Results) -> None:
    """A user in group imu (not root) streams the HID IMU buffered."""
    block = results.block("udev", "member")
    block.require_success()
    samples = block.json_lines()
    wanted = int(results.settings.get("stream-samples", "0"))
    require(len(samples) == wanted, f"{len(samples)} samples, asked for {wanted}")


def check_udev_outsider(results: Results) -> None:
    """A user outside group imu gets the permission error (exit 6) that names the fix."""
    block = results.block("udev", "outsider")
    stderr = " ".join(block.stderr)
    require(block.exit_status == 6, f"exit status {block.exit_status}, expected 6 (permission denied): {stderr[-300:]}")
    require("permission denied" in stderr and "70-imu-bridge.rules" in stderr,
            f"the message does not name the cause and the fix: {stderr[-300:]}")


def check_magnetometer_listing(results: Results) -> None:
    """imu-list pairs the hub's magn_3d with its accel_3d and gyro_3d: buffered, its own trigger, a HID
    Compass 3D parent, magn_x/y/z at the driver's scale (milligauss x 10^-2, printed in gauss)."""
    listing = find_listing(listed(results, "magnetometer", "list"), HID_SENSOR_HUB)
    magnetometer = listing.get("magnetometer")
    require(isinstance(magnetometer, dict) and magnetometer.get("name") == "magn_3d",
            f"the HID IMU's magnetometer is {magnetometer and magnetometer.get('name')!r}, expected 'magn_3d'")
    require(magnetometer.get("buffered") is True, "magn_3d is not buffered")
    require(re.fullmatch(r"magn_3d-dev\d+", str(magnetometer.get("trigger"))),
            f"magn_3d trigger is {magnetometer.get('trigger')!r}, expected magn_3d-devN")
    require("HID-SENSOR-200083" in str(magnetometer.get("parent")),
            f"magn_3d parent {magnetometer.get('parent')!r} is no HID Compass 3D (usage 0x200083)")
    for axis in AXES:
        scale = channel(magnetometer, f"magn_{axis}").get("scale", 0)
        require(abs(scale - HID_COMPASS_SCALE_GAUSS) <= HID_SCALE_TOLERANCE * HID_COMPASS_SCALE_GAUSS,
                f"magn_{axis} scale is {scale}, expected {HID_COMPASS_SCALE_GAUSS} gauss")
    others = {listing["accelerometer"]["id"], listing["gyroscope"]["id"]}
    require(magnetometer.get("id") not in others, "magn_3d shares an IIO device with the accelerometer or gyroscope")


def check_magnetometer_udev(results: Results) -> None:
    """The rule classifies magn_3d as a magnetometer and tags it like the IMU's other devices."""
    block = results.block("magnetometer", "udev")
    block.require_success()
    properties = dict(line.split("=", 1) for line in block.stdout if "=" in line)
    require(properties.get("IMU_BRIDGE_SENSOR") == "magnetometer",
            f"IMU_BRIDGE_SENSOR is {properties.get('IMU_BRIDGE_SENSOR')!r}, expected 'magnetometer'")
    require(":systemd:" in properties.get("TAGS", ""), "magn_3d is not tagged for systemd")


def check_magnetometer_stream(results: Results) -> None:
    """imutest (group imu, not root) streams the IMU with its magnetic field: every sample that carries one
    holds a report the emulator sent, (20 + 0.001 n, -5, -40) µT through the listed mount matrix, n never
    going back, and once one carries a field every later one does (the magnetometer may start a little after the
    others: 200 samples leave it time)."""
    listing = find_listing(listed(results, "magnetometer", "list"), HID_SENSOR_HUB)
    magnetometer = listing["magnetometer"]
    scales = [channel(magnetometer, f"magn_{axis}")["scale"] * MICROTESLA_PER_GAUSS for axis in AXES]
    matrix = magnetometer["mount_matrix"]
    block = results.block("magnetometer", "stream")
    block.require_success()
    samples = block.json_lines()
    wanted = 10 * int(results.settings.get("stream-samples", "0"))
    require(len(samples) == wanted, f"{len(samples)} samples, asked for {wanted}")
    sent = emulator_reports(results, "uhid-sensor-hub-compass").get("compassReports", 0)
    require(sent > 0, "the emulator sent no compass report")
    inverse = [list(row) for row in zip(*matrix)]  # a proper rotation: its transpose undoes it
    previous = -1
    carried = [number for number, sample in enumerate(samples, 1) if "magnetic_field" in sample]
    require(carried and carried == list(range(carried[0], wanted + 1)),
            f"of {wanted} samples, {carried[:5]}... carry a magnetic field; every one after the first should")
    for number in carried:
        field_value = vector(samples[number - 1], "magnetic_field", number)
        chip = [sum(inverse[row][column] * field_value[column] for column in range(3)) for row in range(3)]
        report = round(chip[0] / scales[0] - HID_COMPASS_RAW_BASE[0])
        require(0 <= report < sent, f"sample {number} magnetic_field is report {report}, the emulator sent {sent}")
        require(report >= previous, f"sample {number} went back from report {previous} to {report}")
        previous = report
        raw = (HID_COMPASS_RAW_BASE[0] + report, HID_COMPASS_RAW_BASE[1], HID_COMPASS_RAW_BASE[2])
        expected = [sum(matrix[row][column] * raw[column] * scales[column] for column in range(3)) for row in range(3)]
        require_vector(field_value, expected, f"sample {number} magnetic_field (report {report})")


def check_magnetometer_record(results: Results) -> None:
    """imu-record writes recording format 3 for the IMU with a compass: recording.json names magn_3d and no
    calibration (none saved in the VM), and raw.csv's magnetic_field_x..z rows are the emulator's reports in µT,
    one by one (none lost or repeated, but for reports the kernel may have dropped after a feature read), at least 50
    of them."""
    results.block("magnetometer", "record").require_success()
    metadata = json.loads("\n".join(results.block("magnetometer", "recording.json").stdout))
    require(metadata.get("format_version") == 3, f"format_version is {metadata.get('format_version')}, expected 3")
    magnetometer = metadata.get("magnetometer") or {}
    require((magnetometer.get("device") or {}).get("name") == "magn_3d",
            f"recording.json's magnetometer is {magnetometer}, expected the device magn_3d")
    require("calibration" in magnetometer and magnetometer["calibration"] is None,
            f"the recording notes a calibration although none was saved: {magnetometer.get('calibration')}")
    lines = results.block("magnetometer", "raw.csv").stdout
    header = lines[0].split(",") if lines else []
    require(header[-3:] == ["magnetic_field_x", "magnetic_field_y", "magnetic_field_z"], f"raw.csv header is {header}")
    fields = [row[-3:] for row in (line.split(",") for line in lines[1:] if line) if row[-1] != ""]
    require(len(fields) >= 50, f"raw.csv has {len(fields)} magnetometer readings, expected at least 50")
    droppable = droppable_reports(emulator_reports(results, "uhid-sensor-hub-compass"), "compass")
    previous = None
    for number, field_value in enumerate(fields, 1):
        x, y, z = (float(value) for value in field_value)
        report = round((x - HID_COMPASS_RAW_BASE[0] * 0.001) / 0.001)
        require(previous is None or not unexplained_steps([previous, report], droppable),
                f"magnetometer reading {number} is report {report}, after {previous}: one lost or repeated")
        previous = report
        expected = [(HID_COMPASS_RAW_BASE[0] + report) * 0.001, HID_COMPASS_RAW_BASE[1] * 0.001, HID_COMPASS_RAW_BASE[2] * 0.001]
        require_vector([x, y, z], expected, f"magnetometer reading {number} (report {report})")


def check_magnetometer_i2c(results: Results, imus: list[ExpectedIMU], compass: ExpectedMagnetometer) -> None:
    """On the i2c-stub bus with three IMUs the LIS3MDL joins none of them; with the MPU-6050 alone on the bus it
    joins that one, keeps its own mount matrix (another chip), and imu-stream prints its preset reading in µT:
    raw x scale (gauss) x 100 through that matrix, on every sample from the first that carries one."""
    for listing in listed(results, "magnetometer", "i2c-shared"):
        magnetometer = listing.get("magnetometer") or {}
        require(magnetometer.get("name") != compass.device,
                f"{compass.device} joined {listing.get('name')} although three IMUs share its bus")
    mpu = next(imu for imu in imus if imu.chip == "mpu6050")
    listing = find_listing(listed(results, "magnetometer", "i2c-list"), mpu)
    magnetometer = listing.get("magnetometer")
    require(isinstance(magnetometer, dict) and magnetometer.get("name") == compass.device,
            f"the MPU-6050's magnetometer is {magnetometer and magnetometer.get('name')!r}, expected {compass.device!r}")
    expected = [MICROTESLA_PER_GAUSS * value for value in calibrated(magnetometer, "magn", compass.raw, compass.scale)]
    block = results.block("magnetometer", "i2c-stream")
    block.require_success()
    samples = block.json_lines()
    carried = [number for number, sample in enumerate(samples, 1) if "magnetic_field" in sample]
    require(carried and carried == list(range(carried[0], len(samples) + 1)),
            f"of {len(samples)} samples, {carried[:5]}... carry a magnetic field; every one after the first should")
    for number in carried:
        require_vector(vector(samples[number - 1], "magnetic_field", number), expected, f"sample {number} magnetic_field")


def csv_rows(results: Results, name: str) -> list[dict[str, str]]:
    """The rows of a recording file the record scenario handed over, by column name."""
    lines = results.block("record", name).stdout
    require(len(lines) >= 1, f"{name} is empty")
    header = lines[0].split(",")
    return [dict(zip(header, line.split(","))) for line in lines[1:] if line]


def check_record(results: Results) -> None:
    """imu-record survived unplug and replug: both parts are on disk, the gap is marked and holds no samples.

    The accelerometer feed is x = 0.01 n g, y = -x, z = 1 g, where n counts reports over the emulator's
    lifetime (it keeps counting across the gap), so every raw accelerometer row must fit the feed and the
    report numbers must rise by one within each part, but for reports the kernel may have dropped after a feature
    read (the recorder's own set-up reads each device's power state while the other streams).
    """
    summary = results.block("record", "summary")
    summary.require_success()
    owner = results.block("record", "owner")
    owner.require_success()
    require(owner.stdout and all(line.split()[1] == "imutest" for line in owner.stdout),
            f"the recording was not written by imutest (the unprivileged member of imu): {owner.stdout}")
    require(any("removed" in line for line in summary.stderr), f"no 'sensor removed' message: {summary.stderr[-3:]}")
    metadata = json.loads("\n".join(results.block("record", "recording.json").stdout))
    require(metadata.get("tag") == "walking", f"tag is {metadata.get('tag')!r}")
    events = csv_rows(results, "events.csv")
    kinds = [event["kind"] for event in events]
    require("sensor_removed" in kinds and "sensor_reattached" in kinds, f"events are {kinds}")
    removed = float(next(event["timestamp"] for event in events if event["kind"] == "sensor_removed"))
    back = float(next(event["timestamp"] for event in events if event["kind"] == "sensor_reattached"))
    require(back > removed, f"reattached at {back} before removed at {removed}")
    # raw.csv (format 2): a row per instant, a sensor's columns empty when it has no reading then.
    accel = [row for row in csv_rows(results, "raw.csv") if row["acceleration_x"] != ""]
    require(accel, "raw.csv has no accelerometer rows")
    parts = ([], [])
    for row in accel:
        t, x, y, z = (float(row[key]) for key in ("timestamp", "acceleration_x", "acceleration_y", "acceleration_z"))
        require(not removed < t < back, f"raw sample at {t} inside the gap {removed}..{back}")
        require(close(y, -x) and close(z, HID_ACCEL_Z_RAW * HID_ACCEL_LSB_G), f"raw accelerometer ({x}, {y}, {z}) is not fed")
        parts[t >= back].append((t, x / HID_ACCEL_LSB_G))
    droppable = droppable_reports(emulator_reports(results, "uhid-sensor-hub-record"), "accelerometer")
    for name, part in zip(("before", "after"), parts):
        require(len(part) >= 50, f"only {len(part)} accelerometer rows {name} the gap")
        require(all(abs(n - round(n)) < 1e-6 for _, n in part), f"accelerometer rows {name} the gap are not whole reports")
        steps = unexplained_steps([round(n) for _, n in part], droppable)
        require(not steps, f"report numbers {name} the gap do not rise one by one, beyond reports the kernel may drop "
                f"after a feature read: {steps[:5]}")
        require(all(b[0] > a[0] for a, b in zip(part, part[1:])), f"timestamps {name} the gap are not increasing")
    require(parts[1][0][1] > parts[0][-1][1], "the reports after the gap do not continue the ones before")
    motion = [float(row["timestamp"]) for row in csv_rows(results, "motion.csv")]
    require(any(t < removed for t in motion) and any(t >= back for t in motion), "motion.csv lacks one of the parts")
    require(not any(removed + 0.2 < t < back - 0.2 for t in motion), "motion.csv invents samples inside the gap")


def check_classify(results: Results) -> None:
    """imu-classify --live streamed the HID IMU through fusion and the bundled model until SIGINT.

    One JSON line per hop of the model's window, a hop apart in sensor time (later by whole output periods only
    where the resampler left samples out), each naming an activity of
    the model (or `unknown`) with its confidence and a probability per class summing to 1; SIGINT ends it
    with status 0.
    """
    block = results.block("classify", "live")
    block.require_success()
    windows = block.json_lines()
    require(len(windows) >= 3, f"{len(windows)} window lines in {results.settings.get('classify-seconds')} s: {block.stderr[-3:]}")
    classes = set(windows[0].get("probabilities", {}))
    require(classes == {"downstairs", "running", "sitting", "standing", "upstairs", "walking"},
            f"the bundled model's classes are {sorted(classes)}")
    for number, window in enumerate(windows, 1):
        probabilities = window.get("probabilities", {})
        require(set(probabilities) == classes, f"window {number} has classes {sorted(probabilities)}")
        require(abs(sum(probabilities.values()) - 1) < 1e-6, f"window {number} probabilities sum to {sum(probabilities.values())}")
        require(window.get("activity") in classes | {"unknown"}, f"window {number} activity is {window.get('activity')!r}")
        require(0 <= window.get("confidence", -1) <= 1, f"window {number} confidence is {window.get('confidence')!r}")
    # One window per hop of output samples; a sample the resampler leaves out (an input gap under the VM's load)
    # delays the next window by whole output periods, never brings it closer.
    times = [window["timestamp"] for window in windows]
    hops = [round(b - a, 6) for a, b in zip(times, times[1:])]
    hop, period = min(hops), 1 / 25
    require(hop > 0 and all(abs((h - hop) / period - round((h - hop) / period)) < 1e-3 for h in hops),
            f"windows are not one hop (plus whole 25 Hz periods) apart: {times}")


def check_hwdb(results: Results) -> None:
    """A local hwdb entry for the HID accelerometer's modalias, compiled by systemd-hwdb and applied by udev's
    60-sensor.rules, is the accelerometer's mount matrix in imu-list, with the hwdb named as its source."""
    for step in ("entry", "update", "query", "reload", "trigger", "property", "list"):
        results.block("hwdb", step).require_success()
    expected_text = results.settings.get("hwdb-matrix", "")
    expected = [[float(value) for value in row.split(",")] for row in expected_text.split(";")]
    properties = dict(line.split("=", 1) for line in results.block("hwdb", "property").stdout if "=" in line)
    require(properties.get("ACCEL_MOUNT_MATRIX", "").replace(" ", "") == expected_text,
            f"udev's ACCEL_MOUNT_MATRIX is {properties.get('ACCEL_MOUNT_MATRIX')!r}, expected {expected_text!r}")
    accelerometer = find_listing(listed(results, "hwdb", "list"), HID_SENSOR_HUB)["accelerometer"]
    require(accelerometer.get("mount_matrix") == expected, f"imu-list mount_matrix is {accelerometer.get('mount_matrix')}, expected {expected}")
    source = str(accelerometer.get("mount_matrix_source"))
    require("hwdb" in source, f"imu-list mount_matrix_source is {source!r}, expected the hwdb")
    gyroscope = find_listing(listed(results, "hwdb", "list"), HID_SENSOR_HUB)["gyroscope"]
    require(gyroscope.get("mount_matrix") == expected, f"gyro_3d mount_matrix is {gyroscope.get('mount_matrix')}, expected {expected}")
    require("accelerometer's hwdb" in str(gyroscope.get("mount_matrix_source")),
            f"gyro_3d mount_matrix_source is {gyroscope.get('mount_matrix_source')!r}, expected the accelerometer's hwdb")
    # The hwdb matrix applied to the feed as it is (HID sign, no negation): the accelerometer's
    # (0.01 n, -0.01 n, 1) g and the gyroscope's (10 + 0.01 n, 20, -30) deg/s through the same matrix.
    results.block("hwdb", "stream").require_success()
    samples = results.block("hwdb", "stream").json_lines()
    require(len(samples) == 5, f"imu-stream gave {len(samples)} samples, expected 5")
    gyro_lsb = HID_GYRO_LSB_DEG_PER_S * RADIANS_PER_DEGREE
    for number, sample in enumerate(samples, 1):
        acceleration = vector(sample, "acceleration", number)
        rate = vector(sample, "rotation_rate", number)
        feed_n = -(expected[0][1] * acceleration[0] + expected[1][1] * acceleration[1]) / HID_ACCEL_LSB_G  # -y of the feed
        require(feed_n >= -1e-9, f"sample {number}: acceleration {acceleration} is no feed value through {expected}")
        feed_acceleration = [feed_n * HID_ACCEL_LSB_G, -feed_n * HID_ACCEL_LSB_G, HID_ACCEL_Z_RAW * HID_ACCEL_LSB_G]
        through = [sum(expected[row][column] * feed_acceleration[column] for column in range(3)) for row in range(3)]
        require_vector(acceleration, through, f"sample {number} acceleration (hwdb matrix times the feed)")
        # The gyroscope's y feed runs with its report count; x and z are fixed: compare the axes they reach.
        fixed = {1: HID_GYRO_Y_RAW * gyro_lsb, 2: HID_GYRO_Z_RAW * gyro_lsb}
        for row in range(3):
            column = next(c for c in range(3) if expected[row][c] != 0)
            if column in fixed:
                value = expected[row][column] * fixed[column]
                require(abs(rate[row] - value) <= HID_SCALE_TOLERANCE * abs(value),
                        f"sample {number} rotation_rate[{row}] is {rate[row]}, expected {value} (hwdb matrix times the feed)")


def trigger_lines(results: Results, subject: str) -> list[str]:
    """The current_trigger of accel_3d and gyro_3d that scenario notrigger printed at `subject`."""
    block = results.block("notrigger", subject)
    block.require_success()
    require(all(line.startswith("[") and line.endswith("]") for line in block.stdout), f"unexpected output {block.stdout}")
    return [line.strip()[1:-1] for line in block.stdout]


def own_triggers(listing: dict) -> list[str]:
    """The triggers the HID drivers register for the listed IMU: <name>-devN (hid-sensor-trigger's naming)."""
    return [f"{listing[kind]['name']}-dev{listing[kind]['id'].removeprefix('iio:device')}" for kind in ("accelerometer", "gyroscope")]


def check_notrigger(results: Results) -> None:
    """With current_trigger emptied, imu-stream attaches each device's own trigger, streams buffered the
    emulator's reports, and leaves current_trigger empty again after it ends and after SIGINT."""
    require(trigger_lines(results, "before") == ["", ""], f"current_trigger was not emptied: {trigger_lines(results, 'before')}")
    listing = find_listing(listed(results, "notrigger", "list"), HID_SENSOR_HUB)
    require(listing["accelerometer"].get("trigger") is None, f"imu-list shows a trigger: {listing['accelerometer'].get('trigger')}")
    block = results.block("notrigger", "stream")
    block.require_success()
    log = "\n".join(block.stderr)
    for trigger in own_triggers(listing):
        require(f"attached its trigger {trigger}" in log, f"imu-stream -v did not attach {trigger}: {block.stderr[-3:]}")
    require(CAPTURE_LOG["buffered"] in log and CAPTURE_LOG["polled"] not in log, f"not buffered: {block.stderr[-3:]}")
    samples = block.json_lines()
    wanted = int(results.settings.get("stream-samples", "0"))
    require(len(samples) == wanted, f"{len(samples)} samples, asked for {wanted}")
    check_hid_stream(samples, listing, emulator_reports(results))
    require(trigger_lines(results, "after") == ["", ""], f"current_trigger not empty after: {trigger_lines(results, 'after')}")
    require(trigger_lines(results, "during") == own_triggers(listing),
            f"current_trigger while streaming: {trigger_lines(results, 'during')}, expected {own_triggers(listing)}")
    interrupted = results.block("notrigger", "interrupted")
    interrupted.require_success()
    require(len(interrupted.json_lines()) >= 5, "the interrupted stream printed fewer than 5 samples")
    require(trigger_lines(results, "after-interrupt") == ["", ""],
            f"current_trigger not empty after SIGINT: {trigger_lines(results, 'after-interrupt')}")


def check_busy(results: Results) -> None:
    """With iio_readdev holding accel_3d's buffer, imu-stream names it, polls accel_3d's *_raw (the gyroscope
    still buffered), prints the emulator's values, and leaves the holder's buffer enabled."""
    holder = results.block("busy", "holder").stdout[0].strip()
    listing = find_listing(listed(results, "busy", "list"), HID_SENSOR_HUB)
    accel = listing["accelerometer"]
    block = results.block("busy", "stream")
    block.require_success()
    log = "\n".join(block.stderr)
    note = (f"{accel['name']} ({accel['id']}): its kernel buffer is in use by iio_readdev (pid {holder}) (EBUSY); "
            "polling the *_raw attributes instead")
    require(note in log, f"no note naming the holder ('{note}'): {block.stderr[-4:]}")
    require("gyro_3d: buffered capture" in log, f"the gyroscope was not buffered: {block.stderr[-4:]}")
    samples = block.json_lines()
    wanted = int(results.settings.get("stream-samples", "0"))
    require(len(samples) == wanted, f"{len(samples)} samples, asked for {wanted}")
    timestamps = [sample.get("timestamp") for sample in samples]
    require(all(b > a for a, b in zip(timestamps, timestamps[1:])), f"timestamps are not increasing: {timestamps[:6]}")
    accelerometer, gyroscope = hid_feeds(listing, emulator_reports(results))
    step = accelerometer.step[0]
    previous_x = None
    for number, sample in enumerate(samples, 1):
        # The gyroscope's buffered scans set the timeline; the polled accelerometer is interpolated onto it. Each
        # *_raw read waits for the next report and y is read after x, so -y is the same report as x or a later one
        # (at most ten later: one poll of three reads, the sensor's rate left as the holder set it).
        x, y, z = vector(sample, "acceleration", number)
        for value in (x, -y):
            require(-1e-9 <= value / step <= accelerometer.reports_sent - 1 + 1e-9,
                    f"sample {number} acceleration {value} is no report the emulator sent")
        require(-1e-9 <= -y - x <= 10 * step + 1e-9, f"sample {number} acceleration x {x} and y {y} are not the feed's x = -y")
        require(previous_x is None or x >= previous_x - 1e-9, f"sample {number} acceleration x went back to {x}")
        previous_x = x
        require(close(z, accelerometer.base[2]), f"sample {number} acceleration z is {z}, expected {accelerometer.base[2]}")
        rotation = vector(sample, "rotation_rate", number)
        require(close(rotation[1], gyroscope.base[1]) and close(rotation[2], gyroscope.base[2]),
                f"sample {number} rotation rate {rotation} is not the gyroscope feed")
    enable = results.block("busy", "enable-after").stdout
    require([line.strip() for line in enable] == ["1"], f"the holder's buffer/enable is {enable} after imu-stream")


# scenario_endurance: how often a waiting process may wake, and how much its resident memory may grow over the second
# half of the cycles.
#
# Waiting, the tools' own threads block (the udev monitor in poll(2) without a timeout) and never wake; the one
# wakeup left is libdispatch's: once any Swift task has run, its manager thread runs a thread-pool monitor on a
# timer of NSEC_PER_SEC (swift-corelibs-libdispatch, src/event/workqueue.c, _dispatch_workq_init_once). So at most
# one woken thread, about once a second (a preemption while it runs counts as a switch too: 10 % and 3 of slack).
# Its CPU time is printed but not judged here: under TCG a wakeup costs 20 to 50 times what it costs on hardware and
# grows with the host's load (0.02 to 0.04 % of an emulated core measured, native figures in
# Benchmarks/IdleCost/RESULTS.md).
#
# Memory: anonymous resident memory, the processes' own, is what a leak grows; file-backed pages (the binary's and the
# libraries' code and data, here in the initramfs: RssShmem) are bounded by the files, so they are printed, not
# judged (flat after the first cycle in the runs measured). The first half is warm-up: heap arenas, libiio's and
# libudev's caches and the classifier's window buffers settle there (measured: +1 to +4 MB over the first 10 to 40
# cycles, then +0 to +52 kB over the last 25). 256 kB over 25 cycles fails any leak of about 10 kB a cycle or more.
# Both tools turn transparent huge pages off (PR_SET_THP_DISABLE; every sample's THP_enabled must read 0): with them
# on, as Debian's kernel has them, khugepaged collapsed a malloc arena (imu-classify's, 1.3 -> 2.6 MB) or a reader
# thread's stack (24 kB -> 2 MB) into huge pages at a random cycle, a lasting step no allocation caused, which failed
# this check whenever it came in the second half (per-mapping smaps of both tools at every cycle, 2026-11-27).
# Waiting: a wakeup is a voluntary context switch (the thread slept; its next run is a wakeup). Involuntary switches
# are preemptions while it ran, as many as the guest had other runnable tasks, which under TCG is the host's load:
# printed, not judged. The one thread allowed to wake is libdispatch's pool monitor, once a second (a 1 s timer,
# swift-corelibs-libdispatch src/event/workqueue.c); this machine counts 60-61 in 60 s, with four busy loops on the
# host too, none of them preemptions. CI on 2026-11-29 counted 82 on one thread (both kinds summed then, names not
# printed; not reproduced), so the rate allows 1.5 a second: anything of ours that wakes while waiting runs on a
# thread of its own or a pool worker, which the one-thread rule fails, and a second timer a second on the monitor's
# thread still doubles its count. A thread that spins never sleeps, so CPU time has a bound too, far above any
# waiting: measured 0.06-0.13 % of an emulated core, a spinner takes most of one. The threads sampled are those alive
# at both ends; the process's clock ticks also count the CPU of threads that started and ended in between.
ENDURANCE_IDLE_WAKEUPS_PER_SECOND = 1.5
ENDURANCE_IDLE_WAKEUP_SLACK = 3
ENDURANCE_IDLE_CPU_FRACTION = 0.1
ENDURANCE_RSS_GROWTH_KB = 256
ENDURANCE_WINDOW = 10
STATUS_LINE = re.compile(r"^imu-(stream|classify): (streaming from \S+|sensor removed, waiting: \S+|waiting for an IMU \(.*\))$")


class ProcessSample(NamedTuple):
    """One endurance sample of a tool (guest-init.sh's proc_sample)."""
    descriptors: int
    anonymous_kb: int
    file_kb: int
    thp_enabled: int
    arenas: int


def endurance_series(results: Results) -> tuple[int, dict[str, list[ProcessSample]]]:
    """The cycle count and, per tool, its sample after each return (cycle 0: before the first)."""
    lines = results.block("endurance", "series").stdout
    settings = dict(item.split("=", 1) for item in lines[0].split()[1:]) if lines and lines[0].startswith("settings") else {}
    cycles = int(settings.get("cycles", "-1"))
    series: dict[str, list[ProcessSample]] = {"stream": [], "classify": []}
    sample = r"fds=(\d+) anon_kb=(\d+) file_kb=(\d+) thp=(\d+) arenas=(\d+)"
    fields = len(ProcessSample._fields)
    for line in lines[1:]:
        match = re.fullmatch(rf"cycle (\d+) stream {sample} classify {sample}", line)
        require(match is not None, f"unexpected series line: {line}")
        values = [int(value) for value in match.groups()]
        require(values[0] == len(series["stream"]), f"cycle {values[0]} out of order")
        series["stream"].append(ProcessSample(*values[1:1 + fields]))
        series["classify"].append(ProcessSample(*values[1 + fields:]))
    require(cycles > 0 and len(series["stream"]) == cycles + 1,
            f"{len(series['stream']) - 1} of {cycles} unplug/replug cycles completed")
    return cycles, series


def check_endurance_flat(results: Results) -> None:
    """Descriptor count and anonymous resident memory (what a leak grows) of both tools stay flat over the second half
    of the cycles; file-backed resident memory (code and data of the binary and libraries touched for the first time,
    bounded by their size) is printed beside it; neither tool may be given transparent huge pages, nor a malloc arena
    besides the main heap (either grows memory at moments no allocation chose)."""
    cycles, series = endurance_series(results)
    second_half = cycles // 2 + 1
    window = min(ENDURANCE_WINDOW, max(1, (cycles - second_half + 1) // 2))

    # Medians of a window: a sample can catch a thread of the new stream still setting up (one more descriptor).
    def median(values: list[int]) -> int:
        return sorted(values)[len(values) // 2]

    for tool, samples in series.items():
        descriptors = [sample.descriptors for sample in samples]
        resident = [sample.anonymous_kb for sample in samples]
        require(all(sample.thp_enabled == 0 for sample in samples), f"{tool}: transparent huge pages not turned off (THP_enabled)")
        arenas = [sample.arenas for sample in samples]
        require(all(count == 0 for count in arenas), f"{tool}: malloc arenas besides the main heap: {arenas}")
        print(f"vm: endurance {tool} descriptors {' '.join(map(str, descriptors))}")
        print(f"vm: endurance {tool} anonymous resident kB {' '.join(map(str, resident))}")
        print(f"vm: endurance {tool} file-backed resident kB {' '.join(str(sample.file_kb) for sample in samples)}")
        require(median(descriptors[-window:]) <= median(descriptors[1:window + 1]), f"{tool}: descriptors grow over the cycles: {descriptors}")
        early, late = median(resident[second_half:second_half + window]), median(resident[-window:])
        print(f"vm: endurance {tool} anonymous resident kB over the second half: {early} -> {late} ({late - early:+d} kB)")
        require(late - early <= ENDURANCE_RSS_GROWTH_KB,
                f"{tool}: anonymous resident memory grows {late - early} kB over the second half of the cycles: {resident}")


@dataclass(frozen=True)
class ThreadSample:
    """One thread's CPU time and context switches at one moment, from a `TID:RUN_NS:VOL:INVOL:NAME` word."""
    name: str
    nanoseconds: int
    voluntary: int
    involuntary: int


def thread_samples(words: list[str]) -> dict[int, ThreadSample]:
    """Per thread id, its sample."""
    samples = {}
    for word in words:
        match = re.fullmatch(r"(\d+):(\d+):(\d+):(\d+):(\S*)", word)
        require(match is not None, f"unexpected thread sample: {word}")
        tid, nanoseconds, voluntary, involuntary = (int(value) for value in match.groups()[:4])
        samples[tid] = ThreadSample(match.group(5), nanoseconds, voluntary, involuntary)
    return samples


def check_endurance_idle(results: Results) -> None:
    """Waiting with nothing plugged in, no thread of either tool wakes but libdispatch's once-a-second pool monitor."""
    lines = results.block("endurance", "idle").stdout
    require(len(lines) == 5 and lines[0].startswith("seconds "), f"unexpected idle block: {lines}")
    seconds = float(lines[0].split()[1])
    samples, ticks = {}, {}
    for line in lines[1:]:
        tool, moment, process, *words = line.split()
        match = re.fullmatch(r"process:(\d+)", process)
        require(match is not None, f"unexpected process sample: {process}")
        ticks[tool, moment] = int(match.group(1))
        samples[tool, moment] = thread_samples(words)
    for tool in ("stream", "classify"):
        before, after = samples[tool, "before"], samples[tool, "after"]
        # Clock ticks of the whole process, threads that ended in the window included (USER_HZ is 100 on x86).
        process_seconds = (ticks[tool, "after"] - ticks[tool, "before"]) / 100
        # A thread born during the window counts from zero; one that ended in it cannot be read (and did not wait).
        unborn = ThreadSample("", 0, 0, 0)
        deltas = {tid: ThreadSample(now.name, now.nanoseconds - then.nanoseconds, now.voluntary - then.voluntary,
                                    now.involuntary - then.involuntary)
                  for tid, now in after.items() for then in [before.get(tid, unborn)]}
        woken = [f"{delta.name} ({tid}): {delta.voluntary} wakeups, {delta.involuntary} preemptions"
                 for tid, delta in sorted(deltas.items()) if delta.voluntary > 0]
        nanoseconds = sum(delta.nanoseconds for delta in deltas.values())
        wakeups = sum(delta.voluntary for delta in deltas.values())
        print(f"vm: endurance {tool} waiting {seconds:.1f} s: {nanoseconds / 1e6:.1f} ms of CPU = "
              f"{100 * nanoseconds / 1e9 / seconds:.3f} % of an emulated core ({1000 * process_seconds:.0f} ms in "
              f"clock ticks, ended threads too); woken {len(woken)} of {len(deltas)} threads: "
              f"{'; '.join(woken) or 'none'}")
        require(len(woken) <= 1, f"{tool}: {len(woken)} threads woke while waiting: {woken}")
        require(wakeups <= ENDURANCE_IDLE_WAKEUPS_PER_SECOND * seconds + ENDURANCE_IDLE_WAKEUP_SLACK,
                f"{tool}: {wakeups} wakeups in {seconds:.1f} s of waiting: {woken}")
        require(max(nanoseconds / 1e9, process_seconds) <= ENDURANCE_IDLE_CPU_FRACTION * seconds,
                f"{tool}: {nanoseconds / 1e6:.1f} ms of CPU ({1000 * process_seconds:.0f} ms with the threads that "
                f"ended) in {seconds:.1f} s of waiting")


def check_endurance_log(results: Results, tool: str) -> None:
    """One status line per unplug and per return, and nothing else on stderr (no burst of libiio errors)."""
    cycles, _ = endurance_series(results)
    block = results.block("endurance", tool)
    block.require_success()
    stray = [line for line in block.stderr if not STATUS_LINE.match(line)]
    require(not stray, f"{len(stray)} other stderr lines, e.g. {stray[:3]}")
    # The cycles and the unplug while waiting, each a removal and a return; imu-stream's HID IMU also loses its
    # gyroscope alone at the end (a removal, and a return of the accelerometer by itself).
    unplugs = cycles + (2 if tool == "stream" else 1)
    removals = sum("sensor removed" in line for line in block.stderr)
    returns = sum("streaming from" in line for line in block.stderr)
    require(removals == unplugs, f"{removals} removal lines for {unplugs} unplugs")
    require(returns == unplugs + 1, f"{returns} streaming lines for the start and {unplugs} returns")


def check_endurance_gyroscope_unbound(results: Results) -> None:
    """With the gyroscope unbound alone, imu-stream goes on streaming the accelerometer, without rotation rates."""
    words = results.block("endurance", "gyro-unbound").stdout[0].split()
    counts = dict(zip(words[::2], map(int, words[1::2])))
    streamed = counts["lines_now"] - counts["lines_back"]
    require(streamed >= 40, f"the accelerometer stream stalled: {streamed} lines after the gyroscope left")
    require(counts["accelerometer_only"] == streamed,
            f"{counts['accelerometer_only']} of {streamed} samples after the gyroscope left are accelerometer-only")


def run_checks(results: Results, imus: list[ExpectedIMU], magnetometers: list[ExpectedMagnetometer]) -> list[tuple[str, str | None]]:
    """Every check's name and failure reason (None when it passed)."""
    outcomes: list[tuple[str, str | None]] = []

    def check(name: str, body) -> None:
        try:
            body()
            outcomes.append((name, None))
        except CheckFailure as failure:
            outcomes.append((name, str(failure)))

    def listings() -> list[dict]:
        return listed(results, "list", "all")

    def require_completed() -> None:
        require(results.completed, "the guest did not finish its scenarios (crash or timeout: see console.log)")

    check("guest-completed", require_completed)
    scenarios = [name for name in results.settings.get("scenarios", "").split(",") if name]
    if not scenarios:
        outcomes.append(("scenarios", "the guest reported no scenarios (did the VM boot? see console.log)"))
    for scenario in scenarios:
        if scenario == "list":
            for imu in imus:
                check(f"list-{imu.chip}", lambda imu=imu: check_listing(listings(), imu))
        elif scenario == "stream":
            for imu in imus:
                def stream(imu: ExpectedIMU = imu) -> None:
                    listing = find_listing(listings(), imu)
                    samples = stream_samples(results, listing, imu)
                    if imu.is_hid:
                        check_hid_stream(samples, listing, emulator_reports(results))
                    else:
                        check_register_stream(samples, listing, imu)
                check(f"stream-{imu.chip}", stream)
        elif scenario == "udev":
            check("udev-daemon", lambda: check_udev_daemon(results))
            check("udev-database", lambda: check_udev_database(results, imus))
            check("udev-list", lambda: check_udev_listing(results, imus))
            check("udev-modes", lambda: check_modes(results, "udev", "modes"))
            check("udev-member-streams", lambda: check_udev_member(results))
            check("udev-outsider-denied", lambda: check_udev_outsider(results))
        elif scenario == "classify":
            check("classify-live", lambda: check_classify(results))
        elif scenario == "record":
            check("record-unplug-replug", lambda: check_record(results))
            check("record-replugged-modes", lambda: check_modes(results, "record", "modes-replugged"))
        elif scenario == "magnetometer":
            check("magnetometer-list", lambda: check_magnetometer_listing(results))
            check("magnetometer-udev", lambda: check_magnetometer_udev(results))
            check("magnetometer-modes", lambda: check_modes(results, "magnetometer", "modes", ("magn_3d",)))
            check("magnetometer-member-streams", lambda: check_magnetometer_stream(results))
            check("magnetometer-recorded", lambda: check_magnetometer_record(results))
            for compass in magnetometers:
                check(f"magnetometer-{compass.chip}-pairs-alone-on-bus",
                      lambda compass=compass: check_magnetometer_i2c(results, imus, compass))
        elif scenario == "hotplug":
            check("hotplug-removed", lambda: check_hotplug_removed(results, imus))
            check("hotplug-replugged", lambda: check_hotplug_replugged(results))
            check("hotplug-replugged-modes", lambda: check_modes(results, "hotplug", "modes-replugged"))
        elif scenario == "hwdb":
            check("hwdb-mount-matrix", lambda: check_hwdb(results))
        elif scenario == "notrigger":
            check("notrigger-attached-and-detached", lambda: check_notrigger(results))
        elif scenario == "busy":
            check("busy-buffer-polled", lambda: check_busy(results))
        elif scenario == "endurance":
            check("endurance-flat", lambda: check_endurance_flat(results))
            check("endurance-idle-cpu", lambda: check_endurance_idle(results))
            check("endurance-stream-log", lambda: check_endurance_log(results, "stream"))
            check("endurance-classify-log", lambda: check_endurance_log(results, "classify"))
            check("endurance-gyroscope-unbound", lambda: check_endurance_gyroscope_unbound(results))
        else:
            outcomes.append((f"scenario-{scenario}", "no host-side checks exist for this scenario"))
    return outcomes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, help="the guest's results channel (results.log)")
    parser.add_argument("--presets", type=Path, required=True, help="directory of the i2c-stub *.regs presets")
    arguments = parser.parse_args()
    presets = [read_preset(path) for path in sorted(arguments.presets.glob("*.regs"))]
    imus = [HID_SENSOR_HUB] + [preset for preset in presets if isinstance(preset, ExpectedIMU)]
    magnetometers = [preset for preset in presets if isinstance(preset, ExpectedMagnetometer)]
    try:
        text, source = read_results(arguments.results.read_bytes())
        print(source)
    except OSError as error:
        text = ""
        print(f"vm: cannot read {arguments.results}: {error.strerror}", file=sys.stderr)
    outcomes = run_checks(parse_results(text), imus, magnetometers)
    for name, reason in outcomes:
        print(f"PASS {name}" if reason is None else f"FAIL {name}: {reason}")
    failed = sum(reason is not None for _, reason in outcomes)
    print(f"vm: {len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

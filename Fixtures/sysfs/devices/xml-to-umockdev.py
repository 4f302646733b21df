#!/usr/bin/env python3
"""Turns libiio XML context dumps of real boards into this folder's umockdev trees.

Usage: xml-to-umockdev.py PYADI_IIO_EMU_DIR SCOPY_EMU_DIR
  PYADI_IIO_EMU_DIR  pyadi-iio's test/emu/devices (at the commit in PYADI below)
  SCOPY_EMU_DIR      scopy's resources/emu_xml (at the commit in SCOPY below)

Every value the dump records is written as recorded; what the harness needs and the dump lacks (parent bus
device, device numbers, buffer enable/length, trigger/current_trigger, scan_elements/*_en) is filled in and
named in each file's header and in Fixtures/README.md. Not written: attributes whose value the dump records as
ERROR (libiio could not read them: write-only or failing files), debugfs attributes (not under /sys/devices),
hwmon devices (not IIO).

Scan formats: libiio prints a format whose bits equal its storage bits with an upper-case sign letter
(`be:S32/32>>0`, channel.c iio_snprintf_scan_element_xml, `'s' + processed`); the kernel's
`scan_elements/*_type` always uses a lower-case `s`/`u` (drivers/iio/industrialio-buffer.c,
iio_show_fixed_type), and libiio's parser derives "fully defined" from bits == length again
(channel.c iio_parse_format_string). So the sign letter is lower-cased and nothing else changes.
"""

import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

PYADI = "analogdevicesinc/pyadi-iio 6f37a8505dbfc9e2aef372751253d8310631db2c test/emu/devices"
SCOPY = "analogdevicesinc/scopy 83ae5bb844507b9be3b385cb69853514fd22f4e5 resources/emu_xml"
# The Raspberry Pi 4's first SPI controller (BCM2711 SPI0); chip selects 0 and 1.
SPI0 = "/devices/platform/soc/fe204000.spi/spi_master/spi0"


@dataclass
class Board:
    """One dump and what is filled in around it."""

    output: str
    source_dir: str
    source_file: str
    title: str
    # libiio device id -> (SPI chip select, driver name of the SPI client)
    parents: dict
    notes: list = field(default_factory=list)


BOARDS = [
    Board("rpi4-adxl345", PYADI, "adxl345.xml", "Analog Devices ADXL345 (drivers/iio/accel/adxl345_core.c, no buffer yet)",
          {"iio:device0": (0, "adxl345")},
          ["No scan elements and no trigger: polled only, and no /dev node (the 5.15 driver has no buffer or events)."]),
    Board("rpi-adxl355", PYADI, "adxl355.xml", "Analog Devices ADXL355 (drivers/iio/accel/adxl355_core.c)",
          {"iio:device0": (0, "adxl355")}),
    Board("rpi4-adxl382", PYADI, "adxl382.xml", "Analog Devices ADXL382 (drivers/iio/accel/adxl380.c)",
          {"iio:device0": (0, "adxl380")},
          ["No trigger and no timestamp channel are recorded (the driver has a hardware FIFO); none is invented."]),
    Board("rpi4-adis16505-2", PYADI, "adis16475.xml", "Analog Devices ADIS16505-2 IMU (drivers/iio/imu/adis16475.c)",
          {"iio:device0": (0, "adis16475")}),
    Board("rpi4-adis16480", PYADI, "adis16480.xml",
          "Analog Devices ADIS16480 IMU with magnetometer and barometer (drivers/iio/imu/adis16480.c)",
          {"iio:device0": (0, "adis16480")}),
    Board("rpi4-adis16550", PYADI, "adis16550.xml", "Analog Devices ADIS16550 IMU (ADI's driver in kernel 6.1.54)",
          {"iio:device0": (0, "adis16550")}),
    Board("rpi4-adis16550-linux-6.13", SCOPY, "adis.xml",
          "Analog Devices ADIS16550 IMU, the same unit (serial 0x000000b6) under the mainline driver of 6.13",
          {"iio:device0": (0, "adis16550")},
          ["This driver puts temp0 first (scan index 0, be:s16/32>>0), before the gyroscope."]),
    Board("rpi4-adxrs290-ad7124-8", PYADI, "adxrs290.xml",
          "Analog Devices AD7124-8 ADC and ADXRS290 2-axis gyroscope, no accelerometer "
          "(drivers/iio/adc/ad7124.c, drivers/iio/gyro/adxrs290.c)",
          {"iio:device0": (0, "ad7124"), "iio:device1": (1, "adxrs290")},
          ["Which chip select each chip uses is not recorded: the ADC is given CS0, the gyroscope CS1."]),
]


def kernel_type(libiio_format: str) -> str:
    """The kernel's scan_elements/*_type spelling of a libiio XML scan format."""
    endian, rest = libiio_format.split(":", 1)
    return f"{endian}:{rest[0].lower()}{rest[1:]}"


def sysfs_value(value: str) -> str:
    """A recorded value as a sysfs file holds it: trailing whitespace the dump kept dropped, one newline added."""
    return value.rstrip() + "\\n"


def escape(text: str) -> str:
    """A file's contents in the umockdev `A:` escaping (backslash, then newline)."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def convert(board: Board, source: Path) -> str:
    root = ElementTree.parse(source).getroot()
    context_attributes = {a.get("name"): a.get("value") for a in root.findall("context-attribute")}
    devices = root.findall("device")
    iio_devices = [d for d in devices if d.get("id").startswith("iio:device")]
    triggers = [d for d in devices if d.get("id").startswith("trigger")]
    skipped = [d.get("id") for d in devices if d.get("id").startswith("hwmon")]

    out = []
    unreadable = []
    for device in iio_devices:
        device_id = device.get("id")
        cs, driver = board.parents[device_id]
        parent = f"{SPI0}/spi0.{cs}"
        out += [f"P: {parent}", "E: SUBSYSTEM=spi", f"E: DRIVER={driver}", f"E: MODALIAS=spi:{device.get('name')}",
                f"A: modalias=spi:{device.get('name')}\\n", ""]

        attributes = {"name": sysfs_value(device.get("name"))}
        scan = {}
        for channel in device.findall("channel"):
            prefix = "in_" if channel.get("type") == "input" else "out_"
            element = channel.find("scan-element")
            if element is not None:
                stem = f"scan_elements/{prefix}{channel.get('id')}"
                scan[f"{stem}_en"] = "0\\n"
                scan[f"{stem}_index"] = f"{element.get('index')}\\n"
                scan[f"{stem}_type"] = f"{kernel_type(element.get('format'))}\\n"
            for attribute in channel.findall("attribute"):
                put(attributes, attribute.get("filename"), attribute.get("value"), unreadable)
        for attribute in device.findall("attribute"):
            put(attributes, attribute.get("name"), attribute.get("value"), unreadable)
        for attribute in device.findall("buffer-attribute"):
            put(attributes, f"buffer/{attribute.get('name')}", attribute.get("value"), unreadable)
        if scan:
            attributes.setdefault("buffer/length", "1\\n")
            attributes.setdefault("buffer/enable", "0\\n")
        own_trigger = [t for t in triggers if t.get("name", "").startswith(device.get("name") + "-dev")]
        if own_trigger:
            attributes["trigger/current_trigger"] = "\\n"

        number = int(device_id.removeprefix("iio:device"))
        out += [f"P: {parent}/{device_id}", "E: SUBSYSTEM=iio", "E: DEVTYPE=iio_device"]
        if scan:
            out += [f"E: DEVNAME={device_id}", "E: MAJOR=249", f"E: MINOR={number}"]
        out += [f"A: {path}={value}" for path, value in attributes.items()]
        out += [f"A: {path}={value}" for path, value in scan.items()]
        out.append("")
        for trigger in own_trigger:
            out += [f"P: {parent}/{trigger.get('id')}", "E: SUBSYSTEM=iio", "E: DEVTYPE=iio_trigger",
                    f"A: name={sysfs_value(trigger.get('name'))}", ""]
    if any(d.get("id") == "iio_sysfs_trigger" for d in devices):
        # iio-trig-sysfs registers this device at the root; its add/remove_trigger are write-only (ERROR).
        out += ["P: /devices/iio_sysfs_trigger", "E: SUBSYSTEM=iio", ""]
    head = [f"# {board.title}."]
    head.append(f"# Source: libiio XML context dump {board.source_dir}/{board.source_file} (made on the board itself),")
    description = root.get("description")
    head.append(f"# context description \"{description}\"." if description else "# context description empty.")
    facts = [f"{k}={v}" for k, v in context_attributes.items() if k in ("hw_carrier", "hw_name", "dtoverlay", "local,kernel")]
    if facts:
        head.append("# Recorded context attributes: " + "; ".join(facts) + ".")
    head.append("# Recorded (written unchanged): device ids and names, every readable channel and device attribute, the")
    head.append("# buffer attributes, scan index and format of each scan element (sign letter lower-cased as the kernel prints")
    head.append("# it), the trigger names. Left out: debugfs attributes, attributes recorded as ERROR (" +
               (", ".join(unreadable) if unreadable else "none") + ")" +
               ("".join(f", {s}" for s in skipped) + " (hwmon, not IIO)" if skipped else "") + ".")
    buffered = any(device.find("channel/scan-element") is not None for device in iio_devices)
    filled = ["the SPI parent devices and their modalias"]
    if buffered:
        filled += ["the device numbers 249:N", "buffer/enable", "buffer/length", "scan_elements/*_en"]
    if triggers:
        filled.append("trigger/current_trigger (empty)")
    head.append("# FILLED IN (see Fixtures/README.md): " + ", ".join(filled) + ".")
    head.append("# No mount matrix is recorded: the driver's default (identity) applies.")
    for note in board.notes:
        head.append(f"# {note}")
    head.append("")

    return "\n".join(head + out).rstrip("\n") + "\n"


def put(attributes: dict, path: str, value: str, unreadable: list) -> None:
    """Records one attribute file; a file shared by several channels must hold one value."""
    if value is None or value == "ERROR":
        if path not in unreadable:
            unreadable.append(path)
        return
    contents = sysfs_value(escape(value.rstrip()))
    if attributes.get(path, contents) != contents:
        sys.exit(f"{path}: two different recorded values")
    attributes[path] = contents


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    directories = {PYADI: Path(sys.argv[1]), SCOPY: Path(sys.argv[2])}
    here = Path(__file__).resolve().parent
    for board in BOARDS:
        text = convert(board, directories[board.source_dir] / board.source_file)
        (here / f"{board.output}.umockdev").write_text(text)


if __name__ == "__main__":
    main()

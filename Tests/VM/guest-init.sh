#!/bin/busybox sh
# PID 1 of imu-bridge's kernel-VM test: loads the stock Debian IIO drivers, creates the emulated
# IMUs (uhid HID sensor hub, i2c-stub register maps), runs the scenarios named on the kernel
# command line (imutest=list,stream,...) and powers off.
#
# The console (ttyS0) carries kernel and diagnostic messages; the results go to ttyS1 only, so
# kernel messages never interleave with them. Each command's output is framed as
#   @@imutest begin SCENARIO [SUBJECT]
#   ...stdout...
#   @@imutest stderr
#   ...stderr...
#   @@imutest end SCENARIO [SUBJECT] exit=STATUS
# and check_vm_output.py asserts on it on the host.

/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin:/usr/local/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp /run

RESULTS=/dev/ttyS1
PRESETS=/usr/share/imutest/i2c-presets
STREAM_SAMPLES=20
STREAM_RATE=100
COMMAND_TIMEOUT=60
HUB_PID=
HUB_ROLE=

log() { echo "imutest [$(cut -d' ' -f1 /proc/uptime)s] $*"; }
emit() { echo "$@" >> "$RESULTS"; }

# run SCENARIO SUBJECT COMMAND...: runs COMMAND under a timeout and frames its output for the host.
run() {
    scenario=$1 subject=$2
    shift 2
    log "run $scenario $subject: $*"
    timeout -s TERM "$COMMAND_TIMEOUT" "$@" > /tmp/stdout 2> /tmp/stderr
    status=$?
    emit "@@imutest begin $scenario $subject"
    cat /tmp/stdout >> "$RESULTS"
    emit "@@imutest stderr"
    cat /tmp/stderr >> "$RESULTS"
    emit "@@imutest end $scenario $subject exit=$status"
    log "exit $status"
}

# iio_device NAME: the sysfs directory of the IIO device called NAME.
iio_device() {
    for dir in /sys/bus/iio/devices/*; do
        [ "$(cat "$dir/name" 2>/dev/null)" = "$1" ] && { echo "$dir"; return 0; }
    done
    return 1
}

# wait_for_device NAME: waits up to 10 s for the IIO device NAME to appear.
wait_for_device() {
    tries=0
    until iio_device "$1" > /dev/null; do
        tries=$((tries + 1))
        [ $tries -gt 100 ] && { log "IIO device $1 did not appear"; return 1; }
        usleep 100000
    done
}

# wait_for_removal NAME: waits up to 10 s for the IIO device NAME to go away.
wait_for_removal() {
    tries=0
    while iio_device "$1" > /dev/null; do
        tries=$((tries + 1))
        [ $tries -gt 100 ] && { log "IIO device $1 did not go away"; return 1; }
        usleep 100000
    done
}

# start_hid_sensor_hub ROLE [OPTIONS...]: starts the uhid emulator; its summary is reported as ROLE.
start_hid_sensor_hub() {
    HUB_ROLE=$1
    shift
    log "HID sensor hub ($HUB_ROLE): uhid + hid-sensor-accel-3d + hid-sensor-gyro-3d"
    for module in uhid hid-sensor-hub hid-sensor-accel-3d hid-sensor-gyro-3d; do modprobe "$module"; done
    uhid-sensor-hub "$@" > /tmp/uhid-sensor-hub.json 2> /dev/console &
    HUB_PID=$!
    wait_for_device accel_3d && wait_for_device gyro_3d
}

# stop_hid_sensor_hub: stops the emulator and reports its summary (report counts) for the host.
stop_hid_sensor_hub() {
    [ -n "$HUB_PID" ] || return 0
    kill -TERM "$HUB_PID" && wait "$HUB_PID"
    emit "@@imutest begin emulator $HUB_ROLE"
    cat /tmp/uhid-sensor-hub.json >> "$RESULTS"
    emit "@@imutest stderr"
    emit "@@imutest end emulator $HUB_ROLE exit=0"
    HUB_PID=
    wait_for_removal accel_3d
}

# add_i2c_stub_chips: presets each chip's registers on i2c-stub, then instantiates its driver.
add_i2c_stub_chips() {
    log "i2c-stub: $(echo $(ls $PRESETS))"
    addresses=$(awk '$1 == "device" { printf "%s%s", sep, $3; sep = "," }' $PRESETS/*.regs)
    modprobe i2c-stub chip_addr="$addresses"
    modprobe i2c-dev
    adapter=
    for dir in /sys/bus/i2c/devices/i2c-*; do
        grep -q 'SMBus stub' "$dir/name" && adapter=$dir
    done
    bus=${adapter##*/i2c-}
    for preset in $PRESETS/*.regs; do
        # shellcheck disable=SC2034 # rest swallows trailing comments
        while read -r first second third rest; do
            case $first in
                ''|'#'*|expect|iio-devices) ;;
                device) chip=$second address=$third module=$rest ;;
                *) i2cset -y "$bus" "$address" "$first" "$second" ;;
            esac
        done < "$preset"
        modprobe "$module"
        echo "$chip $address" > "$adapter/new_device"
        log "instantiated $chip at $address on i2c-$bus"
    done
}

# imu_names: the "name" of every IMU imu-list reports (the key that follows the devices).
imu_names() {
    imu-list --json 2> /dev/null | sed -n 's/.*"name":"\([^"]*\)","uri".*/\1/p'
}

scenario_list() {
    run list all imu-list --json
}

scenario_stream() {
    for name in $(imu_names); do
        run stream "$name" imu-stream --device "$name" --samples "$STREAM_SAMPLES" --rate "$STREAM_RATE" --json
    done
}

# scenario_udev: runs Debian's systemd-udevd as in Debian's initramfs, replays the add events,
# records what udev knows about each IIO device node, then lists the IMUs with udev running.
scenario_udev() {
    run udev daemon /lib/systemd/systemd-udevd --daemon --resolve-names=never
    run udev trigger udevadm trigger --action=add
    run udev settle udevadm settle --timeout=30
    for node in /dev/iio:device*; do
        run udev "${node#/dev/}" udevadm info --query=property "$node"
    done
    run udev list imu-list --json
}

# scenario_hotplug: unplugs and replugs the HID sensor hub (SIGUSR1 / SIGUSR2 to the emulator) and
# lists the IMUs in between. It replaces the emulator, so it runs after every other scenario.
scenario_hotplug() {
    stop_hid_sensor_hub
    start_hid_sensor_hub uhid-sensor-hub-hotplug
    kill -USR1 "$HUB_PID"
    wait_for_removal accel_3d && wait_for_removal gyro_3d
    run hotplug removed imu-list --json
    kill -USR2 "$HUB_PID"
    wait_for_device accel_3d && wait_for_device gyro_3d
    run hotplug replugged imu-list --json
    stop_hid_sensor_hub
}

log "init, kernel $(uname -r)"
SCENARIOS=$(sed -n 's/.*imutest=\([a-z0-9,-]*\).*/\1/p' /proc/cmdline)
emit "@@imutest start kernel=$(uname -r) scenarios=$SCENARIOS stream-samples=$STREAM_SAMPLES stream-rate=$STREAM_RATE"
start_hid_sensor_hub uhid-sensor-hub
add_i2c_stub_chips
hotplug=
for scenario in $(echo "$SCENARIOS" | tr ',' ' '); do
    case $scenario in
        list) scenario_list ;;
        stream) scenario_stream ;;
        udev) scenario_udev ;;
        hotplug) hotplug=yes ;;
        *)
            emit "@@imutest begin $scenario -"
            emit "@@imutest stderr"
            emit "unknown scenario '$scenario': the guest init knows list, stream, udev, hotplug"
            emit "@@imutest end $scenario - exit=127"
            ;;
    esac
done
[ -z "$hotplug" ] || scenario_hotplug
stop_hid_sensor_hub
emit "@@imutest done"
log "done"
sync
poweroff -f

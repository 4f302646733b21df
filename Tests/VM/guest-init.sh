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
# and check_vm_output.py asserts on it on the host. After the scenarios, everything sent is sent once more as one
# transcript with its line count and SHA-256 (send_transcript), which the host prefers when it arrives intact.

/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin:/usr/local/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp /run

RESULTS=/dev/ttyS1
# TRANSCRIPT: a copy of everything sent on RESULTS, sent once more, whole, before power-off (send_transcript).
TRANSCRIPT=/tmp/results.transcript
PRESETS=/usr/share/imutest/i2c-presets
STREAM_SAMPLES=20
STREAM_RATE=100
COMMAND_TIMEOUT=60
CLASSIFY_SECONDS=20
HUB_PID=
HUB_ROLE=

log() { echo "imutest [$(cut -d' ' -f1 /proc/uptime)s] $*"; }
# report: appends its input to the results channel and to the transcript.
report() { tee -a "$TRANSCRIPT" >> "$RESULTS"; }
emit() { echo "$@" | report; }

# send_transcript: sends the transcript once more, whole, framed with its line count and SHA-256, so that the host
# can tell whether the streamed copy arrived intact and use this one if it did not (a CI run failed when the block of
# hwdb list was missing from what the host received).
send_transcript() {
    lines=$(wc -l < "$TRANSCRIPT")
    digest=$(sha256sum < "$TRANSCRIPT")
    {
        echo "@@imutest transcript lines=$lines sha256=${digest%% *}"
        cat "$TRANSCRIPT"
        echo "@@imutest transcript end"
    } >> "$RESULTS"
}

# run SCENARIO SUBJECT COMMAND...: runs COMMAND under a timeout and frames its output for the host.
run() {
    scenario=$1 subject=$2
    shift 2
    log "run $scenario $subject: $*"
    timeout -s TERM "$COMMAND_TIMEOUT" "$@" > /tmp/stdout 2> /tmp/stderr
    status=$?
    emit "@@imutest begin $scenario $subject"
    report < /tmp/stdout
    emit "@@imutest stderr"
    report < /tmp/stderr
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
    log "HID sensor hub ($HUB_ROLE $*): uhid + hid-sensor-accel-3d + hid-sensor-gyro-3d (+ hid-sensor-magn-3d)"
    for module in uhid hid-sensor-hub hid-sensor-accel-3d hid-sensor-gyro-3d hid-sensor-magn-3d; do modprobe "$module"; done
    uhid-sensor-hub "$@" > /tmp/uhid-sensor-hub.json 2> /dev/console &
    HUB_PID=$!
    wait_for_device accel_3d && wait_for_device gyro_3d
}

# stop_hid_sensor_hub: stops the emulator and reports its summary (report counts) for the host.
stop_hid_sensor_hub() {
    [ -n "$HUB_PID" ] || return 0
    kill -TERM "$HUB_PID" && wait "$HUB_PID"
    emit "@@imutest begin emulator $HUB_ROLE"
    report < /tmp/uhid-sensor-hub.json
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
                ''|'#'*|expect|iio-devices|scale) ;;
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
        run stream "$name" imu-stream --device "$name" --samples "$STREAM_SAMPLES" --sensor-rate "$STREAM_RATE" --json -v
    done
}

# imu_paths NAME: the device node of IIO device NAME and the sysfs attributes of it that the rule hands to
# group imu (where the driver has them), plus two it never writes (name, the first *_x_raw).
imu_paths() {
    dir=$(iio_device "$1") || return 0
    echo "/dev/${dir##*/}"
    for path in "$dir"/buffer/enable "$dir"/buffer/length "$dir"/buffer/watermark "$dir"/buffer0/* \
                "$dir"/scan_elements/*_en "$dir"/sampling_frequency "$dir"/in_accel_sampling_frequency \
                "$dir"/in_anglvel_sampling_frequency "$dir"/in_magn_sampling_frequency "$dir"/trigger/current_trigger \
                "$dir"/current_timestamp_clock \
                "$dir"/name; do
        [ -f "$path" ] && echo "$path"
    done
    ls "$dir"/in_*_x_raw | head -n 1
}

# run_modes SCENARIO SUBJECT: owner, group and mode of the HID IMU's nodes and attributes (imu_paths).
run_modes() {
    # shellcheck disable=SC2046 # one path per word
    run "$1" "$2" stat -c '%n %U %G %a' $(imu_paths accel_3d) $(imu_paths gyro_3d)
}

# ensure_udev: starts Debian's systemd-udevd with the project's rule unless it runs already (scenario
# udev starts it and reports each step), so scenarios that replug devices get the real add events.
ensure_udev() {
    pidof systemd-udevd > /dev/null && return 0
    /lib/systemd/systemd-udevd --daemon --resolve-names=early
    udevadm trigger --action=add
    udevadm settle --timeout=30
}

# wait_for_hid_imu: waits until both halves of the HID IMU are back and udev has processed them.
wait_for_hid_imu() {
    wait_for_device accel_3d && wait_for_device gyro_3d
    udevadm settle --timeout=30
}

# scenario_udev: runs Debian's systemd-udevd with the project's rule (70-imu-bridge.rules), replays
# the add events, records what udev knows about each IIO device and the owner, group and mode
# the rule gave the HID accelerometer's node and attributes, then streams it as a member of group
# "imu" (imutest) and as a user outside it (outsider), and lists the IMUs with udev running.
scenario_udev() {
    run udev daemon /lib/systemd/systemd-udevd --daemon --resolve-names=early
    run udev trigger udevadm trigger --action=add
    run udev settle udevadm settle --timeout=30
    for device in /sys/bus/iio/devices/iio:device*; do
        run udev "${device##*/}" udevadm info --query=property --path="$device"
    done
    run_modes udev modes
    stream="imu-stream --device accel_3d --samples $STREAM_SAMPLES --sensor-rate $STREAM_RATE --json"
    run udev member su -s /bin/sh imutest -c "$stream"
    run udev outsider su -s /bin/sh outsider -c "$stream"
    run udev list imu-list --json
}

# raw_rows FILE: the number of lines in FILE (0 if it does not exist yet).
raw_rows() {
    [ -f "$1" ] && wc -l < "$1" || echo 0
}

# wait_for_rows FILE COUNT: waits up to 20 s until FILE has at least COUNT lines.
wait_for_rows() {
    tries=0
    until [ "$(raw_rows "$1")" -ge "$2" ]; do
        tries=$((tries + 1))
        [ $tries -gt 200 ] && { log "$1 did not reach $2 lines"; return 1; }
        usleep 100000
    done
}

# emit_file SCENARIO SUBJECT FILE: frames FILE's contents as a block for the host.
emit_file() {
    emit "@@imutest begin $1 $2"
    [ ! -r "$3" ] || report < "$3"
    emit "@@imutest stderr"
    emit "@@imutest end $1 $2 exit=0"
}

# scenario_record: records the HID IMU with imu-record, run by imutest (in group imu, not root) with
# systemd-udevd applying the rule, while the emulator unplugs it and plugs it in again; reports the
# new devices' modes, stops the recorder with SIGINT and hands its summary and files to the host. It
# replaces the emulator, so it runs after the scenarios that read the first one.
scenario_record() {
    stop_hid_sensor_hub
    ensure_udev
    start_hid_sensor_hub uhid-sensor-hub-record
    udevadm settle --timeout=30
    mkdir -p /tmp/recordings
    chown imutest /tmp/recordings
    log "imu-record --tag walking as imutest while the HID sensor hub is unplugged and replugged"
    su -s /bin/sh imutest -c 'exec imu-record --tag walking --device accel_3d --sensor-rate 100 --output /tmp/recordings --json' \
        > /tmp/record.stdout 2> /tmp/record.stderr &
    recorder=$!
    tries=0
    until raw=$(ls -d /tmp/recordings/*.imurec 2> /dev/null) && [ -n "$raw" ]; do
        tries=$((tries + 1))
        [ $tries -gt 200 ] && { log "imu-record created no recording"; break; }
        usleep 100000
    done
    raw=$raw/raw.csv
    # raw.csv has a row per instant, and the HID hub's accelerometer and gyroscope stamp their own instants: about
    # half the rows are accelerometer rows, and the check wants at least 50 of them on each side of the gap.
    wait_for_rows "$raw" 200
    kill -USR1 "$HUB_PID"
    wait_for_removal accel_3d
    sleep 1
    kill -USR2 "$HUB_PID"
    wait_for_hid_imu
    run_modes record modes-replugged
    wait_for_rows "$raw" $(($(raw_rows "$raw") + 200))
    kill -INT "$recorder"
    wait "$recorder"
    status=$?
    log "imu-record exit $status"
    emit "@@imutest begin record summary"
    report < /tmp/record.stdout
    emit "@@imutest stderr"
    report < /tmp/record.stderr
    emit "@@imutest end record summary exit=$status"
    directory=${raw%/raw.csv}
    run record owner stat -c '%n %U %G %a' "$directory" "$raw"
    for file in recording.json raw.csv motion.csv events.csv; do
        emit_file record "$file" "$directory/$file"
    done
    stop_hid_sensor_hub
}

# scenario_magnetometer (issue 12): the HID hub with a Compass 3D as well, which hid-sensor-magn-3d exposes as
# magn_3d. imu-list pairs it with the hub's accel_3d and gyro_3d; the rule classifies it and hands its node and
# written attributes to group imu; imutest (in the group, not root) streams the IMU with its magnetic field in µT;
# imu-record writes the magnetometer's readings into the recording.
# Then the i2c-stub LIS3MDL joins the MPU-6050 once that is the only IMU on their bus. It replaces the emulator, so
# it runs after the scenarios that read the first one.
scenario_magnetometer() {
    stop_hid_sensor_hub
    ensure_udev
    start_hid_sensor_hub uhid-sensor-hub-compass --compass
    wait_for_device magn_3d && udevadm settle --timeout=30
    run magnetometer list imu-list --json
    run magnetometer udev udevadm info --query=property --path="$(iio_device magn_3d)"
    # shellcheck disable=SC2046 # one path per word
    run magnetometer modes stat -c '%n %U %G %a' $(imu_paths magn_3d)
    run magnetometer stream su -s /bin/sh imutest -c \
        "imu-stream --device accel_3d --samples $((STREAM_SAMPLES * 10)) --sensor-rate $STREAM_RATE --json -v"
    # A recording of the IMU carries the magnetometer's stream (recording format 3).
    mkdir -p /tmp/magnetometer-recordings
    run magnetometer record imu-record --tag walking --device accel_3d --sensor-rate "$STREAM_RATE" --duration 3 \
        --output /tmp/magnetometer-recordings --json
    recording=$(ls -d /tmp/magnetometer-recordings/*.imurec | head -n 1)
    emit_file magnetometer recording.json "$recording/recording.json"
    emit_file magnetometer raw.csv "$recording/raw.csv"
    stop_hid_sensor_hub
    # The i2c-stub LIS3MDL shares its bus with three IMUs, so nothing says which board it belongs to; with the
    # BMI160 and the LSM6DS3 deleted, the MPU-6050 is the only IMU on the bus and the compass joins it.
    adapter=$(i2c_stub_adapter)
    run magnetometer i2c-shared imu-list --json
    echo 0x69 > "$adapter/delete_device"
    echo 0x6a > "$adapter/delete_device"
    wait_for_removal bmi160 && wait_for_removal lsm6ds3_accel
    run magnetometer i2c-list imu-list --json
    run magnetometer i2c-stream imu-stream --device mpu6050 --samples $((STREAM_SAMPLES * 5)) --sensor-rate "$STREAM_RATE" --json
    echo bmi160 0x69 > "$adapter/new_device"
    echo lsm6ds3 0x6a > "$adapter/new_device"
    wait_for_device bmi160 && wait_for_device lsm6ds3_accel
}

# scenario_classify: recognises activities live on the HID IMU with the bundled model, installed
# next to the binary as `make install` puts it, until SIGINT after CLASSIFY_SECONDS of streaming.
scenario_classify() {
    log "imu-classify --live for ${CLASSIFY_SECONDS}s"
    run classify live timeout -s INT "$CLASSIFY_SECONDS" imu-classify --live --device accel_3d --json
}

# scenario_hotplug: unplugs and replugs the HID sensor hub (SIGUSR1 / SIGUSR2 to the emulator) and
# lists the IMUs in between. It replaces the emulator, so it runs after every other scenario.
scenario_hotplug() {
    stop_hid_sensor_hub
    ensure_udev
    start_hid_sensor_hub uhid-sensor-hub-hotplug
    kill -USR1 "$HUB_PID"
    wait_for_removal accel_3d && wait_for_removal gyro_3d
    run hotplug removed imu-list --json
    kill -USR2 "$HUB_PID"
    wait_for_hid_imu
    run hotplug replugged imu-list --json
    run_modes hotplug modes-replugged
    stop_hid_sensor_hub
}

# count_matches FILE PATTERN: how many lines of FILE contain PATTERN (0 when FILE does not exist yet).
count_matches() {
    count=$(grep -c "$2" "$1" 2> /dev/null)
    echo "${count:-0}"
}

# wait_for_matches FILE PATTERN COUNT: waits up to 60 s until COUNT lines of FILE contain PATTERN.
wait_for_matches() {
    tries=0
    until [ "$(count_matches "$1" "$2")" -ge "$3" ]; do
        tries=$((tries + 1))
        [ $tries -gt 600 ] && { log "$1: fewer than $3 lines with '$2'"; return 1; }
        usleep 100000
    done
}

# proc_sample PID: the open file descriptors and resident memory (kB) of process PID, anonymous (its own: what a leak
# grows) and file-backed (pages of the binary, the libraries and mapped files, bounded by their size: RssFile, and
# RssShmem for the binaries and libraries of this initramfs, which live in memory), and whether the kernel may give
# it transparent huge pages (THP_enabled, 0 once the process set PR_SET_THP_DISABLE), and how many malloc arenas it
# has besides the main heap (0 once the process set M_ARENA_MAX to 1; see arena_count).
proc_sample() {
    echo "fds=$(ls /proc/"$1"/fd 2> /dev/null | wc -l)" \
        "anon_kb=$(sed -n 's/^RssAnon:[^0-9]*\([0-9]*\) kB/\1/p' /proc/"$1"/status)" \
        "file_kb=$(awk '/^Rss(File|Shmem):/ { kb += $2 } END { print kb }' /proc/"$1"/status)" \
        "thp=$(sed -n 's/^THP_enabled:[^0-9]*\([0-9]*\)$/\1/p' /proc/"$1"/status)" \
        "arenas=$(arena_count /proc/"$1"/maps)"
}

# arena_count MAPS: the malloc arenas besides the main heap in MAPS (a /proc/PID/maps). glibc reserves each arena's
# heap as HEAP_MAX_SIZE (64 MiB) aligned to 64 MiB and makes the part in use read-write (new_heap in malloc/arena.c),
# so an arena is an anonymous rw-p mapping that starts on a 64 MiB boundary and either ends on one or is followed by
# the ---p rest of its reservation, which does. A mapping that merely starts on a boundary (a thread stack, a large
# allocation: one in 16 384 of page-aligned addresses) is not one.
arena_count() {
    awk '
        NF == 5 {
            split($1, range, "-")
            starts = range[1] ~ /[048c]000000$/
            ends = range[2] ~ /[048c]000000$/
            if ($2 == "rw-p" && starts && ends) n++
            else if ($2 == "---p" && range[1] == heap_end && ends) n++
            heap_end = ($2 == "rw-p" && starts) ? range[2] : ""
            next
        }
        { heap_end = "" }
        END { print n + 0 }
    ' "$1"
}

# thread_sample PID: per thread of PID, "TID:RUN_NS:VOLUNTARY:INVOLUNTARY:NAME": its CPU time (the first field of
# schedstat, nanoseconds), its voluntary context switches (each a sleep, so each a wakeup after it), its involuntary
# ones (preemptions while it ran: the guest's other runnable tasks, so the host's load under TCG) and its name (comm,
# blanks and colons as underscores); first "process:TICKS", the whole process's user and system time in clock ticks
# (/proc/PID/stat's utime + stime, which count the threads that have ended too).
thread_sample() {
    printf 'process:%s ' "$(sed 's/.*) //' /proc/"$1"/stat | awk '{ print $12 + $13 }')"
    for task in /proc/"$1"/task/*; do
        printf '%s:%s:%s:%s ' "${task##*/}" "$(cut -d' ' -f1 "$task/schedstat")" \
            "$(awk '/^voluntary_ctxt_switches/ { v = $2 } /^nonvoluntary_ctxt_switches/ { n = $2 } END { print v ":" n }' "$task/status")" \
            "$(tr ' :' '__' < "$task/comm")"
    done
}

# ENDURANCE_CYCLES: unplug/replug cycles of scenario_endurance (imutest_endurance_cycles= on the kernel command line).
ENDURANCE_CYCLES=$(sed -n 's/.*imutest_endurance_cycles=\([0-9]*\).*/\1/p' /proc/cmdline)
ENDURANCE_CYCLES=${ENDURANCE_CYCLES:-50}
ENDURANCE_IDLE_SECONDS=60

# scenario_endurance: imu-stream --wait follows the HID IMU (the emulator destroys and recreates it) and
# imu-classify --live --wait the MPU-6050 (its i2c-stub client deleted and instantiated again: an IIO buffer has
# one reader, so the two tools follow different IMUs) through ENDURANCE_CYCLES unplug/replug cycles; after each
# return both processes' descriptor count and resident memory are reported. Then, with both unplugged, every thread's CPU
# time and wakeups over ENDURANCE_IDLE_SECONDS of waiting; then the HID gyroscope alone is unbound from its driver (a split
# IMU losing one half) and imu-stream must go on streaming the accelerometer. Their stderr (one line per unplug
# and per return) goes to the host.
scenario_endurance() {
    stop_hid_sensor_hub
    ensure_udev
    start_hid_sensor_hub uhid-sensor-hub-endurance
    wait_for_hid_imu
    imu-stream --wait --device accel_3d --sensor-rate 20 --json > /tmp/endurance-stream.out 2> /tmp/endurance-stream.err &
    stream=$!
    imu-classify --live --wait --device mpu6050 --json > /tmp/endurance-classify.out 2> /tmp/endurance-classify.err &
    classify=$!
    endurance_wait 'streaming from' 1 && sleep 2
    log "endurance: $ENDURANCE_CYCLES unplug/replug cycles"
    emit "@@imutest begin endurance series"
    emit "settings cycles=$ENDURANCE_CYCLES idle_seconds=$ENDURANCE_IDLE_SECONDS"
    emit "cycle 0 stream $(proc_sample $stream) classify $(proc_sample $classify)"
    cycle=1
    while [ $cycle -le "$ENDURANCE_CYCLES" ] && endurance_alive; do
        endurance_unplug
        endurance_wait 'sensor removed' $cycle || break
        endurance_replug
        endurance_wait 'streaming from' $((cycle + 1)) || break
        lines=$(wc -l < /tmp/endurance-stream.out)
        wait_for_rows /tmp/endurance-stream.out $((lines + 5))
        emit "cycle $cycle stream $(proc_sample $stream) classify $(proc_sample $classify)"
        cycle=$((cycle + 1))
    done
    emit "@@imutest stderr"
    emit "@@imutest end endurance series exit=0"

    if endurance_alive; then
        log "endurance: ${ENDURANCE_IDLE_SECONDS}s waiting with nothing plugged in"
        endurance_unplug
        # Measured once udev has handled the removals and the tools have re-enumerated after them.
        endurance_wait 'sensor removed' $((ENDURANCE_CYCLES + 1)) && udevadm settle --timeout=30 && sleep 5
        stream_before=$(thread_sample $stream) classify_before=$(thread_sample $classify)
        started=$(cut -d' ' -f1 /proc/uptime)
        sleep "$ENDURANCE_IDLE_SECONDS"
        emit "@@imutest begin endurance idle"
        emit "seconds $(awk -v a="$started" '{ print $1 - a }' /proc/uptime)"
        emit "stream before $stream_before"
        emit "stream after $(thread_sample $stream)"
        emit "classify before $classify_before"
        emit "classify after $(thread_sample $classify)"
        emit "@@imutest stderr"
        emit "@@imutest end endurance idle exit=0"
        endurance_replug
        endurance_wait 'streaming from' $((ENDURANCE_CYCLES + 2))
    fi

    if endurance_alive; then
        log "endurance: the gyroscope unbound alone"
        gyro=$(iio_device gyro_3d)
        gyro_parent=$(readlink -f "$gyro/..")
        gyro_driver=$(readlink -f "$gyro_parent/driver")
        # Once the stream runs again (a device vanishing while its reader sets up is another matter).
        wait_for_rows /tmp/endurance-stream.out $(($(wc -l < /tmp/endurance-stream.out) + 5))
        lines_before=$(wc -l < /tmp/endurance-stream.out)
        echo "${gyro_parent##*/}" > "$gyro_driver/unbind"
        wait_for_removal gyro_3d
        wait_for_matches /tmp/endurance-stream.err 'streaming from accel_3d' 1
        lines_back=$(wc -l < /tmp/endurance-stream.out)
        wait_for_rows /tmp/endurance-stream.out $((lines_back + 40))
        emit "@@imutest begin endurance gyro-unbound"
        lines_now=$(wc -l < /tmp/endurance-stream.out)
        # The whole samples printed since the accelerometer came back alone that carry no rotation rate.
        alone=$(head -n "$lines_now" /tmp/endurance-stream.out | tail -n +$((lines_back + 1)) |
            grep '^{"acceleration".*}$' | grep -vc rotation_rate)
        emit "lines_before $lines_before lines_back $lines_back lines_now $lines_now accelerometer_only $alone"
        emit "@@imutest stderr"
        emit "@@imutest end endurance gyro-unbound exit=0"
        echo "${gyro_parent##*/}" > "$gyro_driver/bind"
    fi

    kill -INT $stream $classify
    wait $stream
    stream_status=$?
    wait $classify
    classify_status=$?
    emit "@@imutest begin endurance stream"
    emit "lines $(wc -l < /tmp/endurance-stream.out)"
    emit "@@imutest stderr"
    report < /tmp/endurance-stream.err
    emit "@@imutest end endurance stream exit=$stream_status"
    emit "@@imutest begin endurance classify"
    emit "lines $(wc -l < /tmp/endurance-classify.out)"
    emit "@@imutest stderr"
    report < /tmp/endurance-classify.err
    emit "@@imutest end endurance classify exit=$classify_status"
    stop_hid_sensor_hub
}

# endurance_unplug: unplugs the HID IMU and the MPU-6050 and waits until their IIO devices are gone.
endurance_unplug() {
    kill -USR1 "$HUB_PID"
    echo 0x68 > "$(i2c_stub_adapter)/delete_device"
    wait_for_removal accel_3d && wait_for_removal gyro_3d && wait_for_removal mpu6050
}

# endurance_replug: plugs both in again and waits until udev has processed them.
endurance_replug() {
    kill -USR2 "$HUB_PID"
    echo mpu6050 0x68 > "$(i2c_stub_adapter)/new_device"
    wait_for_device mpu6050
    wait_for_hid_imu
}

# i2c_stub_adapter: the sysfs directory of the i2c-stub adapter.
i2c_stub_adapter() {
    grep -l 'SMBus stub' /sys/bus/i2c/devices/i2c-*/name | head -n 1 | xargs dirname
}

# endurance_alive: whether both of scenario_endurance's tools still run (it reports what they said if not).
endurance_alive() {
    kill -0 "$stream" 2> /dev/null && kill -0 "$classify" 2> /dev/null && return 0
    log "endurance: a tool exited early"
    return 1
}

# endurance_wait PATTERN COUNT: waits until both tools' stderr hold COUNT lines with PATTERN, while both run.
endurance_wait() {
    tries=0
    until [ "$(count_matches /tmp/endurance-stream.err "$1")" -ge "$2" ] &&
          [ "$(count_matches /tmp/endurance-classify.err "$1")" -ge "$2" ]; do
        tries=$((tries + 1))
        endurance_alive || return 1
        [ $tries -gt 600 ] && { log "endurance: fewer than $2 lines with '$1'"; return 1; }
        usleep 100000
    done
}

# HWDB_MATRIX: the mount matrix scenario_hwdb gives the HID accelerometer through a local hwdb entry.
HWDB_MATRIX='0, 1, 0; 1, 0, 0; 0, 0, -1'

# scenario_hwdb: a local hwdb entry (as the README's worked example) sets ACCEL_MOUNT_MATRIX for the HID
# accelerometer's modalias; systemd-hwdb compiles it, udev re-applies 60-sensor.rules, and imu-list
# must report that matrix with the hwdb as its source, for the gyroscope too (paired, it takes the
# accelerometer's rotation); imu-stream reads both through it, with no sign change (HID sign is the hwdb's).
# Runs last: the matrix changes what the hub reads.
scenario_hwdb() {
    stop_hid_sensor_hub
    ensure_udev
    start_hid_sensor_hub uhid-sensor-hub-hwdb
    udevadm settle --timeout=30
    accel=$(iio_device accel_3d)
    mkdir -p /etc/udev/hwdb.d
    printf 'sensor:modalias:%s*\n ACCEL_MOUNT_MATRIX=%s\n' "$(cat "$accel/../modalias")" "$HWDB_MATRIX" \
        > /etc/udev/hwdb.d/61-sensor-local.hwdb
    run hwdb entry cat /etc/udev/hwdb.d/61-sensor-local.hwdb
    run hwdb update systemd-hwdb update
    run hwdb query systemd-hwdb query "sensor:modalias:$(cat "$accel/../modalias"):$(cat /sys/class/dmi/id/modalias)"
    # udevd notices a new hwdb.bin only on its own schedule: reload it, as the README says.
    run hwdb reload udevadm control --reload
    run hwdb trigger udevadm trigger --action=change "$accel"
    udevadm settle --timeout=30
    run hwdb property udevadm info --query=property --path="$accel"
    run hwdb list imu-list --json
    run hwdb stream imu-stream --device accel_3d --samples 5 --sensor-rate 50 --json
    stop_hid_sensor_hub
}

# frame_background SCENARIO SUBJECT PID: waits for the background command PID (started with its output in
# /tmp/SUBJECT.stdout and .stderr) and frames its output and exit status for the host.
frame_background() {
    wait "$3"
    status=$?
    emit "@@imutest begin $1 $2"
    report < "/tmp/$2.stdout"
    emit "@@imutest stderr"
    report < "/tmp/$2.stderr"
    emit "@@imutest end $1 $2 exit=$status"
    log "$1 $2 exit $status"
}

# wait_for_attribute FILE VALUE: waits up to 20 s until the sysfs attribute FILE reads VALUE.
wait_for_attribute() {
    tries=0
    until [ "$(cat "$1" 2> /dev/null)" = "$2" ]; do
        tries=$((tries + 1))
        [ $tries -gt 200 ] && { log "$1 did not become '$2'"; return 1; }
        usleep 100000
    done
}

# scenario_notrigger (issue 9): the HID IMU with no current trigger, as a HID hub is after boot before
# iio-sensor-proxy runs. imu-stream attaches each device's own trigger (<name>-devN), streams buffered, and
# leaves current_trigger empty again: after --samples ends it, and after SIGINT. The drivers' triggers are
# put back afterwards for the other scenarios.
# SHOW_TRIGGERS: prints each device directory's current_trigger in brackets (the kernel prints nothing for none).
SHOW_TRIGGERS='for dir; do echo "[$(cat "$dir/trigger/current_trigger")]"; done'

scenario_notrigger() {
    accel=$(iio_device accel_3d) && gyro=$(iio_device gyro_3d) || return 0
    for dir in "$accel" "$gyro"; do echo > "$dir/trigger/current_trigger"; done
    run notrigger before sh -c "$SHOW_TRIGGERS" sh "$accel" "$gyro"
    run notrigger list imu-list --json
    run notrigger stream imu-stream --device accel_3d --samples "$STREAM_SAMPLES" --sensor-rate "$STREAM_RATE" --json -v
    run notrigger after sh -c "$SHOW_TRIGGERS" sh "$accel" "$gyro"
    imu-stream --device accel_3d --sensor-rate "$STREAM_RATE" --json > /tmp/interrupted.stdout 2> /tmp/interrupted.stderr &
    streamer=$!
    wait_for_attribute "$accel/buffer/enable" 1 && wait_for_rows /tmp/interrupted.stdout 5
    run notrigger during sh -c "$SHOW_TRIGGERS" sh "$accel" "$gyro"
    kill -INT "$streamer"
    frame_background notrigger interrupted "$streamer"
    run notrigger after-interrupt sh -c "$SHOW_TRIGGERS" sh "$accel" "$gyro"
    echo "accel_3d-dev${accel##*iio:device}" > "$accel/trigger/current_trigger"
    echo "gyro_3d-dev${gyro##*iio:device}" > "$gyro/trigger/current_trigger"
}

# scenario_busy (issue 9): a second reader (iio_readdev, as iio-sensor-proxy would) holds the HID
# accelerometer's buffer. imu-stream says so, naming the holder, and polls accel_3d's *_raw (the gyroscope
# still streams buffered); the holder's buffer stays enabled. With --poll refused nothing changes; the
# holder's pid is reported for the host to compare.
scenario_busy() {
    accel=$(iio_device accel_3d) || return 0
    iio_readdev -u local: -b 16 accel_3d > /dev/null 2> /tmp/holder.stderr &
    holder=$!
    wait_for_attribute "$accel/buffer/enable" 1
    run busy holder echo "$holder"
    run busy list imu-list --json
    run busy stream imu-stream --device accel_3d --samples "$STREAM_SAMPLES" --sensor-rate "$STREAM_RATE" --json -v
    run busy enable-after cat "$accel/buffer/enable"
    kill -TERM "$holder"
    wait "$holder"
    wait_for_attribute "$accel/buffer/enable" 0
}

log "init, kernel $(uname -r)"
SCENARIOS=$(sed -n 's/.*imutest=\([a-z0-9,-]*\).*/\1/p' /proc/cmdline)
emit "@@imutest start kernel=$(uname -r) scenarios=$SCENARIOS stream-samples=$STREAM_SAMPLES stream-rate=$STREAM_RATE classify-seconds=$CLASSIFY_SECONDS hwdb-matrix=$(echo "$HWDB_MATRIX" | tr -d ' ')"
start_hid_sensor_hub uhid-sensor-hub
add_i2c_stub_chips
# record, magnetometer, hotplug and hwdb replace the emulator, so they run after the scenarios that read the first one.
record= magnetometer= hotplug= hwdb= endurance=
for scenario in $(echo "$SCENARIOS" | tr ',' ' '); do
    case $scenario in
        list) scenario_list ;;
        stream) scenario_stream ;;
        udev) scenario_udev ;;
        classify) scenario_classify ;;
        record) record=yes ;;
        magnetometer) magnetometer=yes ;;
        hotplug) hotplug=yes ;;
        hwdb) hwdb=yes ;;
        notrigger) scenario_notrigger ;;
        busy) scenario_busy ;;
        endurance) endurance=yes ;;
        *)
            emit "@@imutest begin $scenario -"
            emit "@@imutest stderr"
            emit "unknown scenario '$scenario': the guest init knows list, stream, udev, classify, record, magnetometer, hotplug, hwdb, notrigger, busy, endurance"
            emit "@@imutest end $scenario - exit=127"
            ;;
    esac
done
[ -z "$record" ] || scenario_record
[ -z "$magnetometer" ] || scenario_magnetometer
[ -z "$hotplug" ] || scenario_hotplug
[ -z "$endurance" ] || scenario_endurance
[ -z "$hwdb" ] || scenario_hwdb
stop_hid_sensor_hub
emit "@@imutest done"
send_transcript
log "done"
sync
poweroff -f

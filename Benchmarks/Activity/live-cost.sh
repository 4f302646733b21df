#!/usr/bin/env bash
# CPU and memory of `imu-classify --live` fed by an 833 Hz IMU: the LSM6DSO fixture (accelerometer and gyroscope
# as two buffered IIO devices) served by umockdev, its FIFO device nodes written by feed-lsm6dso.py in real time, in
# batches of the buffer/watermark libiio sets (as the kernel's IIO buffer wakes a reader).
#
# Usage: Benchmarks/Activity/live-cost.sh [SECONDS] [none|history] [--mqtt [MQTT-FLAGS...] | CLASSIFY-FLAGS...]
#        (from the package root; default 60 s measured after 10 s warm-up, without a history: `history` writes one
#        to a temporary database, as the service does; CLASSIFY-FLAGS go to imu-classify as they are, e.g.
#        --hop 5 --smoothing 1 --threshold 0 --model A --model B)
#
# With --mqtt, a mosquitto broker is started on a free loopback port and imu-classify publishes to it
# (`--mqtt mqtt://127.0.0.1:PORT` plus MQTT-FLAGS, e.g. --mqtt-predictions --mqtt-motion-rate 25), so the figures
# can be set beside those without it; a mosquitto_sub takes the messages and their count is printed.
#
# Prints the CPU time imu-classify used over the measured interval as a percentage of one core (from the threads'
# schedstat, in nanoseconds), its context switches per second, its peak resident
# memory (VmHWM), the resident memory at the end split into anonymous (the process's own) and file-backed pages
# (code of the binary and the shared libraries, the umockdev preload among them), and how many window lines it
# printed, the bytes it wrote per second (wchar: its JSON lines and the history's WAL), and with a history the
# database's size and rows. The goal (issue 15) is at most 0.2 % of a core and 12 MB.
# Needs umockdev (`umockdev-run`) and python3; builds imu-classify in release mode (in $SCRATCH_PATH, default .build);
# BIN_DIR=DIR measures DIR/imu-classify instead (another build); WRAPPER="COMMAND ARGS" runs it under that command
# (packaging/link-order/generate.py runs it under valgrind's callgrind; the figures then measure the wrapper).
#
# WORKING_SET=1 measures what the run keeps touching once started: after the warm-up every page of imu-classify's
# file-backed mappings is paged out (process_madvise(2) MADV_PAGEOUT from outside, as root; Linux 5.10) and its peak
# is reset (/proc/PID/clear_refs 5), so the peak and resident figures are the pages the measured interval faulted
# back in, without what only start-up touched (pages shared with another process stay, as the kernel leaves them).
set -euo pipefail

cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
history_mode=none
if [[ "${1:-}" == none || "${1:-}" == history ]]; then history_mode="$1"; shift; fi
mqtt_flags=()
classify_flags=()
if [[ -n "${1:-}" && "${1:-}" != --mqtt ]]; then classify_flags=("$@"); fi
if [[ "${1:-}" == --mqtt ]]; then
    shift
    command -v mosquitto >/dev/null || PATH="$PATH:/usr/sbin"
    command -v mosquitto >/dev/null || { echo "skipped: mosquitto not found (apt-get install mosquitto mosquitto-clients)"; exit 0; }
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    broker_dir="$(mktemp -d)"
    printf 'listener %s 127.0.0.1\nallow_anonymous true\n' "$port" >"$broker_dir/mosquitto.conf"
    mosquitto -c "$broker_dir/mosquitto.conf" >/dev/null 2>&1 &
    broker=$!
    sleep 1
    mosquitto_sub -h 127.0.0.1 -p "$port" -t 'imu-bridge/#' >"$broker_dir/received" &
    subscriber=$!
    mqtt_flags=(--mqtt "mqtt://127.0.0.1:$port" "$@")
fi
warmup=10
command -v umockdev-run >/dev/null || { echo "skipped: umockdev-run not found (apt-get install umockdev)"; exit 0; }

if [[ -z "${BIN_DIR:-}" ]]; then
    scratch="${SCRATCH_PATH:-.build}"
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-classify >&2
    BIN_DIR="$PWD/$scratch/release"
fi
classify="$(cd "$BIN_DIR" && pwd)/imu-classify"
here="$PWD/Benchmarks/Activity"
# umockdev-run takes the fixture without its leading comment lines.
fixture="$(mktemp)"
cleanup() {
    rm -f "$fixture"
    if [[ -n "${broker:-}" ]]; then
        echo "MQTT messages received: $(wc -l <"$broker_dir/received")"
        kill "$subscriber" "$broker" 2>/dev/null || true
        rm -rf "$broker_dir"
    fi
}
trap cleanup EXIT
sed -e '/^#/d' Fixtures/sysfs/lsm6dso.umockdev | sed -e '/./,$!d' >"$fixture"

umockdev-run --device "$fixture" -- /bin/bash -c '
    set -euo pipefail
    classify="$1"; here="$2"; warmup="$3"; seconds="$4"; history_mode="$5"; shift 5
    out="$(mktemp)"; err="$(mktemp)"; state="$(mktemp -d)"
    history=none
    if [[ "$history_mode" == history ]]; then history="$state/history.sqlite"; fi
    # The FIFO nodes exist before imu-classify looks for them (accelerometer iio:device1, gyroscope iio:device2).
    mkdir -p "$UMOCKDEV_DIR/dev/.node"
    for n in 1 2; do mkfifo "$UMOCKDEV_DIR/dev/iio:device$n"; ln -s "249:$n" "$UMOCKDEV_DIR/dev/.node/iio:device$n"; done
    python3 "$here/feed-lsm6dso.py" "$UMOCKDEV_DIR" $((warmup + seconds + 5)) &
    feeder=$!
    ${WRAPPER:-} "$classify" --live --device lsm6dso --sensor-rate 833 --json --history "$history" "$@" >"$out" 2>"$err" &
    pid=$!
    # CPU time in nanoseconds and context switches, summed over the threads (all of them live through the measured
    # interval: the reader threads, the concurrency pool, the main thread); /proc/PID/stat counts whole ticks
    # (10 ms), too coarse for a fraction of a percent.
    cpu_ns() { cat /proc/$pid/task/*/schedstat | awk "{ sum += \$1 } END { printf \"%d\", sum }"; }
    switches() { cat /proc/$pid/task/*/status | awk "/ctxt_switches/ { sum += \$2 } END { print sum }"; }
    sleep "$warmup"
    if [[ "${WORKING_SET:-}" == 1 ]]; then
        python3 - "$pid" <<"PY"
import ctypes, os, sys
pid = int(sys.argv[1])
class IOVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("length", ctypes.c_size_t)]
syscall = ctypes.CDLL(None, use_errno=True).syscall
process_madvise, madv_pageout = 440, 21
pidfd = os.pidfd_open(pid)
with open(f"/proc/{pid}/maps") as maps:
    for line in maps:
        fields = line.split()
        if len(fields) < 6 or fields[4] == "0":
            continue  # anonymous: paging it out would need swap, and it is the data of the process itself
        start, end = (int(address, 16) for address in fields[0].split("-"))
        region = IOVec(start, end - start)
        if syscall(process_madvise, pidfd, ctypes.byref(region), 1, madv_pageout, 0) < 0:
            sys.exit(f"process_madvise: {os.strerror(ctypes.get_errno())} (needs root and Linux 5.10)")
PY
        echo 5 >"/proc/$pid/clear_refs"
    fi
    written() { awk "/^wchar/ { print \$2 }" "/proc/$pid/io"; }
    start=$(cpu_ns); switches_before=$(switches); lines_before=$(wc -l <"$out"); written_before=$(written)
    sleep "$seconds"
    end=$(cpu_ns); switches_after=$(switches); lines_after=$(wc -l <"$out"); written_after=$(written)
    hwm=$(awk "/VmHWM/ { print \$2 }" "/proc/$pid/status")
    rss=$(awk "/VmRSS/ { print \$2 }" "/proc/$pid/status")
    anon=$(awk "/RssAnon/ { print \$2 }" "/proc/$pid/status")
    file=$(awk "/RssFile/ { print \$2 }" "/proc/$pid/status")
    kill -TERM "$pid"; wait "$pid" || true
    kill "$feeder" 2>/dev/null || true; wait "$feeder" 2>/dev/null || true
    awk -v t=$((end - start)) -v cs=$((switches_after - switches_before)) -v s="$seconds" -v hwm="$hwm" -v rss="$rss" -v anon="$anon" -v file="$file" \
        -v w=$((lines_after - lines_before)) -v io=$((written_after - written_before)) -v flags="$*${WORKING_SET:+ (working set: start-up pages out)}" \
        "BEGIN { printf \"imu-classify --live at 833 Hz %s over %d s: CPU %.3f %% of one core, %.1f context switches per second, peak RSS %.1f MB (now %.1f MB: %.1f MB anonymous, %.1f MB file-backed code and libraries), %d window lines, %.0f bytes written per second (stdout and the history)\n\", flags, s, 100 * t / 1e9 / s, cs / s, hwm / 1024, rss / 1024, anon / 1024, file / 1024, w, io / s }"
    if [[ "$history" != none ]]; then
        python3 - "$history" <<"PY"
import os, sqlite3, sys
path = sys.argv[1]
db = sqlite3.connect(path)
rows = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("activities", "steps", "device_events")}
print(f"history: {os.path.getsize(path)} bytes, {rows}")
PY
    fi
    if [[ -s "$err" ]]; then echo "stderr:"; head -5 "$err"; fi
    rm -rf "$out" "$err" "$state"
' bench "$classify" "$here" "$warmup" "$seconds" "$history_mode" "${mqtt_flags[@]}" "${classify_flags[@]}"

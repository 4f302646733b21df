#!/usr/bin/env bash
# Peak resident memory of the tools that read files, against the size of the file: it must stay flat.
#
# Usage: Benchmarks/Memory/peak-memory.sh [SIZES_MB...]      (from the package root; default: 10 100 1000)
#
# For each size, writes a BROAD-style CSV (t_s, gyr_*, acc_* at 200 Hz, a slow rotation with noise) and a recording
# (.imurec, raw.csv with accelerometer and gyroscope readings at 100 Hz, tag walking) of about that many megabytes to
# a temporary directory, then runs under /usr/bin/time -v:
#   imu-motion FILE.csv                      (CSV in, device-motion CSV to /dev/null)
#   imu-classify --replay RECORDING          (the bundled model; only up to 100 MB: the replay is slow in debug)
#   imu-eval --model MODEL RECORDING
#   imu-classify --replay MOTIONSENSE.csv    (a MotionSense-named device-motion CSV at 50 Hz, same size)
#   imu-import motionsense DATASET           (that file as a dataset, written as a recording to a scratch folder)
#   imu-train RECORDING SITTING -o MODEL     (the recording, and a second one of its first 1 MB tagged sitting by
#                                             another subject, so there are two activities; default parameters)
# and prints each run's peak resident set size (VmHWM) in MB. Builds the tools in release mode (in $SCRATCH_PATH,
# default .build). TOOLS="imu-train ..." runs only those tools. The temporary files are removed at the end.
set -euo pipefail

cd "$(dirname "$0")/../.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1000)
replay_limit_mb="${REPLAY_LIMIT_MB:-100}"

tools=" ${TOOLS:-imu-motion imu-classify imu-eval imu-import imu-train} "

scratch="${SCRATCH_PATH:-.build}"
for product in imu-motion imu-classify imu-eval imu-import imu-train; do
    swift build -c release --scratch-path "$scratch" --product "$product" >&2
done
bin="$PWD/$scratch/release"
model="$PWD/Sources/ActivityKit/Resources/motionsense.model"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Peak RSS in MB of a command (its stdout discarded), from GNU time's "Maximum resident set size" (kB).
peak() {
    local log="$work/time.log"
    if ! /usr/bin/time -v -o "$log" "$@" >/dev/null 2>"$work/stderr.log"; then
        echo "failed: $* ($(tail -1 "$work/stderr.log"))" >&2
        echo "failed"
        return
    fi
    awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$log"
}

printf '%-10s %-26s %12s %14s\n' "input" "command" "input bytes" "peak RSS (MB)"
for size in "${sizes[@]}"; do
    csv="$work/broad-${size}mb.csv"
    recording="$work/walking-${size}mb.imurec"
    dataset="$work/motionsense-${size}mb"
    motionsense="$dataset/A_DeviceMotion_data/wlk_1/sub_1.csv"
    python3 - "$csv" "$recording" "$size" "$motionsense" <<'PY'
import json, math, os, random, sys
csv_path, recording, size_mb, motionsense = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
target = int(size_mb * 1_000_000)
random.seed(1)
noise = [random.gauss(0, 0.02) for _ in range(4099)]

def rows(rate, line):
    index = 0
    while True:
        t = index / rate
        yield line(index, t)
        index += 1

def write(path, header, lines):
    with open(path, "w") as out:
        out.write(header)
        written = len(header)
        chunk = []
        for text in lines:
            chunk.append(text)
            written += len(text)
            if len(chunk) == 10_000:
                out.write("".join(chunk))
                chunk = []
            if written >= target:
                break
        out.write("".join(chunk))

def broad(index, t):
    angle = 0.3 * math.sin(0.5 * t)
    n = noise[index % 4099]
    return (f"{t + 10:.4f},{0.15 * math.cos(0.5 * t) + n:.6f},{n:.6f},{-n:.6f},"
            f"{9.80665 * math.sin(angle) + n:.5f},{n:.5f},{9.80665 * math.cos(angle) - n:.5f}\n")

write(csv_path, "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n", rows(200, broad))

os.makedirs(recording)
def raw(index, t):
    n = noise[index % 4099]
    stamp = f"{t + 10:.6f}"
    return (f"{stamp},{0.1 * math.sin(2 * t) + n:.8f},{-0.9 + n:.8f},{0.3 - n:.8f},"
            f"{math.sin(3 * t) + n:.8f},{0.5 * math.cos(3 * t):.8f},{n:.8f}\n")
# Recording format 2 (docs/formats.md): a wide raw.csv, one row per instant.
write(os.path.join(recording, "raw.csv"), "timestamp,acceleration_x,acceleration_y,acceleration_z,rotation_rate_x,"
      "rotation_rate_y,rotation_rate_z\n", rows(100, raw))
for name, header in [("motion.csv", "timestamp,attitude_w,attitude_x,attitude_y,attitude_z,gravity_x,gravity_y,gravity_z,"
                      "user_acceleration_x,user_acceleration_y,user_acceleration_z,rotation_rate_x,rotation_rate_y,"
                      "rotation_rate_z\n"),
                     ("events.csv", "timestamp,kind,duration,detail\n")]:
    with open(os.path.join(recording, name), "w") as out:
        out.write(header)
metadata = {
    "complete": False, "format_version": 2, "has_gyroscope": True, "raw_rate": 100, "motion_rate": None,
    "session_id": "00000000-0000-4000-8000-000000000001", "source": "Benchmarks/Memory/peak-memory.sh",
    "tag": "walking", "subject": "synthetic",
    "device": {"name": "synthetic", "driver": "none"},
    "units": {"acceleration": "g", "attitude": "quaternion", "rotation_rate": "rad/s", "timestamp": "s"},
}
with open(os.path.join(recording, "recording.json"), "w") as out:
    json.dump(metadata, out, indent=2)

os.makedirs(os.path.dirname(motionsense))
def device_motion(index, t):
    n = noise[index % 4099]
    roll, pitch = 0.2 * math.sin(2 * t), 0.1 * math.cos(2 * t)
    return (f"{index},{roll:.6f},{pitch:.6f},{0.01 * t % 6.28:.6f},{math.sin(pitch):.6f},{-math.sin(roll):.6f},"
            f"{-math.cos(roll) * math.cos(pitch):.6f},{0.4 * math.cos(2 * t) + n:.6f},{-0.2 * math.sin(2 * t):.6f},{n:.6f},"
            f"{0.3 * math.sin(4 * t) + n:.6f},{0.1 * n:.6f},{0.2 * math.cos(4 * t):.6f}\n")
write(motionsense, ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,"
      "rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n", rows(50, device_motion))
PY
    csv_bytes=$(stat -c %s "$csv")
    raw_bytes=$(stat -c %s "$recording/raw.csv")
    if [[ $tools == *" imu-motion "* ]]; then
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-motion CSV" "$csv_bytes" "$(peak "$bin/imu-motion" "$csv")"
    fi
    if [ "$size" -le "$replay_limit_mb" ] && [[ $tools == *" imu-classify "* ]]; then
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-classify --replay" "$raw_bytes" \
            "$(peak "$bin/imu-classify" --replay "$recording" --json)"
    fi
    if [ "$size" -le "$replay_limit_mb" ] && [[ $tools == *" imu-eval "* ]]; then
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-eval" "$raw_bytes" "$(peak "$bin/imu-eval" --model "$model" "$recording")"
    fi
    motionsense_bytes=$(stat -c %s "$motionsense")
    if [ "$size" -le "$replay_limit_mb" ] && [[ $tools == *" imu-classify "* ]]; then
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-classify --replay MS" "$motionsense_bytes" \
            "$(peak "$bin/imu-classify" --replay "$motionsense" --json)"
    fi
    if [[ $tools == *" imu-import "* ]]; then
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-import motionsense" "$motionsense_bytes" \
            "$(peak "$bin/imu-import" motionsense "$dataset" --output "$work/imported")"
    fi
    if [[ $tools == *" imu-train "* ]]; then
        # A second activity: the recording's first 1 MB (whole rows), tagged sitting, by another subject.
        sitting="$work/sitting.imurec"
        mkdir -p "$sitting"
        cp "$recording"/motion.csv "$recording"/events.csv "$sitting/"
        head -c 1000000 "$recording/raw.csv" | sed '$d' >"$sitting/raw.csv"
        sed -e 's/"tag": "walking"/"tag": "sitting"/' -e 's/"subject": "synthetic"/"subject": "other"/' \
            -e 's/-000000000001"/-000000000002"/' "$recording/recording.json" >"$sitting/recording.json"
        printf '%-10s %-26s %12s %14s\n' "${size} MB" "imu-train" "$raw_bytes" \
            "$(peak "$bin/imu-train" "$recording" "$sitting" -o "$work/trained.model")"
        rm -rf "$sitting" "$work/trained.model"
    fi
    rm -rf "$csv" "$recording" "$dataset" "$work/imported"
done

#!/usr/bin/env bash
# Builds imu-fuzz with libFuzzer and AddressSanitizer and runs every target over its committed corpus.
#   Fuzzing/run.sh [--seconds S | --runs N] [--no-asan] [TARGET...]
# --seconds S (default 25) bounds each target's time, --runs N its executions instead; --no-asan builds without
# AddressSanitizer (in .build-fuzz-plain), which runs the file-reading targets about 25 times faster. New inputs go to
# .build-fuzz/corpus/<target>, never into Fuzzing/Corpus; a crash leaves its input in .build-fuzz/crashes/ and makes
# the script fail. Replay one with: .build-fuzz/release/imu-fuzz TARGET .build-fuzz/crashes/<file>
set -uo pipefail
cd "$(dirname "$0")/.."

limit=(-max_total_time=25)
sanitizers=fuzzer,address scratch=.build-fuzz
while [ $# -gt 0 ]; do
    case "$1" in
    --seconds) limit=(-max_total_time="$2"); shift 2 ;;
    --runs) limit=(-runs="$2"); shift 2 ;;
    --no-asan) sanitizers=fuzzer scratch=.build-fuzz-plain; shift ;;
    *) break ;;
    esac
done

# lld: gold fails on the sanitized objects' debug info. -enable-testing: the targets reach internal parsers.
mkdir -p "$scratch"
echo "fuzz: building imu-fuzz with -sanitize=$sanitizers"
if ! swift build -c release --package-path Fuzzing --scratch-path "$scratch" --product imu-fuzz \
    -Xswiftc -sanitize="$sanitizers" -Xswiftc -DFUZZING -Xswiftc -enable-testing \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >"$scratch/build.log" 2>&1; then
    cat "$scratch/build.log" >&2
    echo "fuzz: the build failed" >&2
    exit 1
fi
fuzzer="$scratch/release/imu-fuzz"
[ -x "$fuzzer" ] || { echo "fuzz: $fuzzer was not built" >&2; exit 1; }

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <("$fuzzer" --list | cut -f1)
mkdir -p "$scratch/crashes"
passed=0 failed=0 failures=""
# Traps go to libFuzzer's handler, not the Swift runtime's backtracer (which ASan trips over).
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 SWIFT_BACKTRACE=enable=no
for target in "${targets[@]}"; do
    mkdir -p "$scratch/corpus/$target"
    log="$scratch/$target.log"
    "$fuzzer" "$target" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -close_fd_mask=2 \
        -artifact_prefix="$scratch/crashes/$target-" "$scratch/corpus/$target" "Fuzzing/Corpus/$target" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
    if [ $status -eq 0 ]; then
        passed=$((passed + 1))
        echo "fuzz: $target: ${runs:-?} executions in ${seconds:-?} s, no crash"
    else
        failed=$((failed + 1))
        failures="$failures $target"
        echo "fuzz: $target: FAILED (exit $status); its log follows, the input is in $scratch/crashes/" >&2
        tail -40 "$log" >&2
    fi
done
echo "fuzz: ${#targets[@]} targets, $passed passed, $failed failed${failures:+ (failed:$failures)}"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# The Debian package, checked as a user gets it: builds imu-bridge_<version>_<arch>.deb (packaging/debian/build-deb.sh),
# runs lintian (no error allowed), checks Depends against the README's libraries and the packaged sysusers.d file with
# the host's systemd-sysusers, then in a clean Debian 12 root (debootstrap --variant=minbase: no Swift toolchain, no
# systemd) installs it with `apt-get install ./imu-bridge_*.deb` as the README says, runs the demo and the tools from /usr/bin,
# purges it and checks that nothing of it is left.
#   Tests/Package/check-deb.sh [--bin-dir DIR] [--keep DIR]
# --bin-dir reuses release binaries already built with --static-swift-stdlib (the kernel-VM test's). The minbase root
# is made once from the configured Debian mirror and cached in .build/deb-cache; the packages apt fetches are cached
# there too, so later runs need the mirror only for what changed. Needs root (re-runs itself with sudo).
# Prints 'PASS name' / 'FAIL name: reason' per check and exits 0 only when all passed.
set -euo pipefail

readonly HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly ROOT=$(cd "$HERE/../.." && pwd)
readonly CACHE=$ROOT/.build/deb-cache
readonly SUITE=bookworm

bin_dir_args=() keep=
while [ $# -gt 0 ]; do
    case $1 in
        --bin-dir) [ $# -ge 2 ] || { echo "check-deb: --bin-dir needs a directory" >&2; exit 64; }; bin_dir_args=(--bin-dir "$2"); shift 2 ;;
        --keep) [ $# -ge 2 ] || { echo "check-deb: --keep needs a directory" >&2; exit 64; }; keep=$2; shift 2 ;;
        -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "check-deb: unknown argument '$1'" >&2; exit 64 ;;
    esac
done
if [ "$(id -u)" != 0 ]; then exec sudo --preserve-env=PATH "$0" "$@"; fi

log() { echo "check-deb: [$((SECONDS))s] $*" >&2; }
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name" "'$*' failed"; fi; }

work=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/imu-bridge-deb-check.XXXXXX")}
mkdir -p "$work" "$CACHE/archives/partial"
chroot_dir=$work/root
cleanup() {
    for mount in "$chroot_dir/var/cache/apt/archives" "$chroot_dir/proc"; do
        if mountpoint -q "$mount" 2>/dev/null; then umount "$mount"; fi
    done
    [ -n "$keep" ] || rm -rf "$work"
}
trap cleanup EXIT

# 1. The package and lintian.
deb=$("$ROOT/packaging/debian/build-deb.sh" "${bin_dir_args[@]}" --output "$work")
log "lintian $(basename "$deb")"
lintian --fail-on error --display-info --info "$deb" >"$work/lintian.log" 2>&1 && lintian_status=0 || lintian_status=$?
sed 's/^/  lintian: /' "$work/lintian.log" >&2
if [ "$lintian_status" = 0 ]; then pass "lintian reports no error"; else fail "lintian" "errors above"; fi
check "no RUNPATH or RPATH in the tools" sh -c "dpkg-deb -x '$deb' '$work/x' && ! for f in '$work'/x/usr/bin/*; do readelf -d \"\$f\"; done | grep -Eq '(RUNPATH|RPATH)'"
# Depends (dpkg-shlibdeps) names only the libraries the README says the tools need.
readonly README_DEPENDS="libc6 libgcc-s1 libstdc++6 libiio0 libudev1 zlib1g libsqlite3-0"
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed -E 's/^ +//; s/[ (].*//' | xargs)
for package in $depends; do
    check "Depends' $package is one of the README's libraries" grep -qwF -- "$package" <<<"$README_DEPENDS"
done
# libiio (every sensor read) and libmosquitto (--mqtt only) are loaded at run time: linked by no tool, libiio0 in
# Depends and libmosquitto1 in Recommends, with the versions of their shlibs files.
check "Depends names libiio0 (>= 0.24)" sh -c "dpkg-deb -f '$deb' Depends | grep -qF 'libiio0 (>= 0.24)'"
check "Recommends names libmosquitto1 (>= 2.0.11)" sh -c "dpkg-deb -f '$deb' Recommends | grep -qF 'libmosquitto1 (>= 2.0.11)'"
check "no tool links libiio or libmosquitto" sh -c "! for f in '$work'/x/usr/bin/*; do readelf -d \"\$f\"; done | grep -Eq 'lib(iio|mosquitto)'"
# The release tools are linked with the functions imu-classify runs laid out first (packaging/link-order, lld's
# --symbol-ordering-file): the list still names what the binary has (a stale list orders little) and the hottest of
# them opens its .text. Checked on the release build the package was made from, which keeps its symbols.
release_bin_dir=${bin_dir_args[1]:-$(cd "$ROOT" && swift build -c release --show-bin-path)}
link_order_applied() {
    python3 - "$release_bin_dir/imu-classify" "$ROOT/packaging/link-order/functions.txt" <<'PY'
import subprocess, sys
binary, listing = sys.argv[1:]
names = [line.strip() for line in open(listing) if line.strip()]
addresses = {}
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    fields = line.split()
    if len(fields) == 3 and fields[1] in "tTwW":
        addresses.setdefault(fields[2], int(fields[0], 16))
sections = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines()
text = next(int(line.split()[line.split().index(".text") + 2], 16) for line in sections if " .text " in line)
found = sum(name in addresses for name in names)
offset = addresses.get(names[0], -1) - text
print(f"check-deb: imu-classify has {found} of the {len(names)} listed functions; the first lies {offset} bytes into .text", file=sys.stderr)
if found < 0.9 * len(names) or not 0 <= offset < 65536:
    sys.exit("check-deb: the list is stale or was not applied; regenerate it: packaging/link-order/generate.py")
PY
}
check "imu-classify lays out packaging/link-order's functions first" link_order_applied

# The group as systemd makes it. The clean root below has no systemd, so there only the postinst's groupadd runs; here
# the host's systemd-sysusers (package systemd) applies the packaged file to an empty root, as the postinst would.
sysusers_group() {
    local root=$work/sysusers-root
    command -v systemd-sysusers >/dev/null || { echo "check-deb: systemd-sysusers is missing (apt-get install systemd)" >&2; return 1; }
    mkdir -p "$root/etc" "$root/usr/lib/sysusers.d"
    cp "$work/x/usr/lib/sysusers.d/imu-bridge.conf" "$root/usr/lib/sysusers.d/"
    systemd-sysusers --root="$root" imu-bridge.conf >&2 || return 1
    # A system group: a GID below 1000 (SYS_GID_MAX), no members.
    awk -F: '$1 == "imu" && $3 > 0 && $3 < 1000 && $4 == "" { found = 1 } END { exit !found }' "$root/etc/group"
}
check "systemd-sysusers makes the system group imu from the packaged /usr/lib/sysusers.d/imu-bridge.conf" sysusers_group

# 2. A clean Debian root without Swift, made once.
tarball=$CACHE/$SUITE-minbase.tar
if [ ! -s "$tarball" ]; then
    mirror=$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | sed -n 1p)
    mirror=${mirror:-http://deb.debian.org/debian}
    log "debootstrap --variant=minbase $SUITE from $mirror (once; cached in $tarball)"
    rm -rf "$work/bootstrap"
    debootstrap --variant=minbase "$SUITE" "$work/bootstrap" "$mirror" >"$work/debootstrap.log" 2>&1 ||
        { tail -20 "$work/debootstrap.log" >&2; echo "check-deb: debootstrap failed" >&2; exit 1; }
    chroot "$work/bootstrap" apt-get update -q >&2
    tar -C "$work/bootstrap" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$work/bootstrap"
fi
mkdir -p "$chroot_dir"
tar -C "$chroot_dir" -xf "$tarball"
mount -t proc proc "$chroot_dir/proc"
mount --bind "$CACHE/archives" "$chroot_dir/var/cache/apt/archives"
in_root() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
# Every path of the root but the package manager's own records, caches and logs, and the backups groupadd makes of
# the files it edits (/etc/group-, /etc/gshadow-).
snapshot() {
    (cd "$chroot_dir" && find . -xdev \( -path ./proc -o -path ./var/cache/apt -o -path ./var/lib/apt -o -path ./var/lib/dpkg \
        -o -path ./var/log -o -path ./tmp -o -path ./var/cache/debconf \) -prune -o -print | LC_ALL=C sort |
        grep -vxE './etc/(group|gshadow)-' || true)
}
check "the clean root has no Swift" sh -c "! ls '$chroot_dir'/usr/bin/swift* '$chroot_dir'/opt/swift >/dev/null 2>&1"
snapshot >"$work/before.txt"

# 3. The README's one-line install, the demo, the tools.
cp "$deb" "$chroot_dir/tmp/"
log "apt-get install ./$(basename "$deb") in the clean root"
if in_root sh -c "cd /tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ./$(basename "$deb")" >"$work/install.log" 2>&1; then
    pass "apt-get install ./$(basename "$deb")"
else
    sed 's/^/  /' "$work/install.log" >&2
    fail "apt-get install" "see above"
fi
check "group imu made at install (the postinst's groupadd: the root has no systemd-sysusers)" in_root getent group imu
demo=/usr/share/imu-bridge/examples/walking-to-sitting.imurec
if in_root imu-classify --replay "$demo" >"$work/demo.txt" 2>&1 && grep -q walking "$work/demo.txt" && grep -q sitting "$work/demo.txt"; then
    pass "imu-classify --replay $demo from /usr/bin recognises walking then sitting"
else
    sed 's/^/  /' "$work/demo.txt" >&2
    fail "demo" "imu-classify --replay did not print walking and sitting"
fi
check "imu-classify --responsive averages the installed 4 s and 2 s models on the demo" \
    in_root sh -c "imu-classify --replay $demo --responsive | grep -q sitting"
for tool in imu-list imu-stream imu-motion imu-record imu-import imu-train imu-eval imu-classify imu-calibrate imu-history imu-steps imu-plot; do
    check "$tool --version runs from /usr/bin" sh -c "chroot '$chroot_dir' /usr/bin/env -i /usr/bin/$tool --version | grep -q '^imu-bridge '"
    check "$tool has a man page and completions" test -s "$chroot_dir/usr/share/man/man1/$tool.1.gz" \
        -a -s "$chroot_dir/usr/share/bash-completion/completions/$tool" -a -s "$chroot_dir/usr/share/zsh/vendor-completions/_$tool" \
        -a -s "$chroot_dir/usr/share/fish/vendor_completions.d/$tool.fish"
done
check "imu-plot draws the demo" in_root sh -c "imu-plot $demo -o /tmp/demo.svg >/dev/null && grep -q '<svg' /tmp/demo.svg"
rm -f "$chroot_dir/tmp/demo.svg"
check "the unit runs /usr/bin/imu-classify" grep -qxF 'ExecStart=/usr/bin/imu-classify --live --wait --any --json $IMU_BRIDGE_MQTT_OPTIONS' \
    "$chroot_dir/usr/lib/systemd/system/imu-classify.service"
check "the rule runs /usr/libexec/imu-bridge/iio-permissions" grep -q 'RUN+="/usr/libexec/imu-bridge/iio-permissions %S%p"' \
    "$chroot_dir/usr/lib/udev/rules.d/70-imu-bridge.rules"

# 4. Purge: nothing of the package is left (the group stays, as Debian keeps system groups).
log "apt-get purge imu-bridge, then autoremove"
if in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get purge -y -q imu-bridge && DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -q" >"$work/purge.log" 2>&1; then
    pass "apt-get purge imu-bridge"
else
    sed 's/^/  /' "$work/purge.log" >&2
    fail "purge" "see above"
fi
check "dpkg no longer knows imu-bridge" sh -c "! chroot '$chroot_dir' dpkg -s imu-bridge >/dev/null 2>&1"
snapshot >"$work/after.txt"
if diff "$work/before.txt" "$work/after.txt" >"$work/left.txt"; then
    pass "nothing left after the purge"
else
    sed 's/^/  /' "$work/left.txt" >&2
    fail "purge left files" "see above"
fi
rm -f "$chroot_dir/tmp/$(basename "$deb")"

echo "deb: $passed passed, $failed failed"
[ "$failed" = 0 ]

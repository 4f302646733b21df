#!/usr/bin/env bash
# Kernel-VM test of imu-bridge: boots Debian's own kernel in QEMU (software emulation) with an
# emulated HID sensor hub (uhid) and i2c-stub register maps of an MPU-6050, a BMI160 and an
# LSM6DS3, runs the project's binaries inside it and checks their output on the host.
# See Tests/VM/README.md.
set -euo pipefail

readonly VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly PACKAGE_ROOT=$(cd "$VM_DIR/../.." && pwd)
readonly CACHE_DIR=$PACKAGE_ROOT/.build/vm-cache
readonly PRODUCTS=(imu-list imu-stream imu-record imu-classify)
# The bundled activity model, installed in share/imu-bridge beside bin/ as `make install` does.
readonly DEFAULT_MODEL=$PACKAGE_ROOT/Sources/ActivityKit/Resources/motionsense.model
readonly FIXTURE_MODULES=(uhid hid-sensor-hub hid-sensor-accel-3d hid-sensor-gyro-3d hid-sensor-magn-3d i2c-stub i2c-dev)
readonly VM_TIMEOUT_SECONDS=${VM_TIMEOUT_SECONDS:-1200}

usage() {
    cat <<EOF
usage: Tests/VM/run-vm-tests.sh [--keep WORKDIR] [--scenarios LIST] [--bin-dir DIR]

Boots Debian's kernel in QEMU (TCG), runs imu-list, imu-stream, imu-record and imu-classify against real IIO drivers
(HID sensor hub via uhid, i2c-stub MPU-6050 / BMI160 / LSM6DS3) and checks their output.
Prints one 'PASS name' / 'FAIL name: reason' line per check and 'vm: N passed, M failed';
exits 0 only when every check passed.

  --keep WORKDIR     build the initramfs and keep every log in WORKDIR (default: a temporary
                     directory, removed afterwards)
  --scenarios LIST   guest scenarios, comma-separated (default: list,stream,udev,classify,notrigger,busy,record,magnetometer,hotplug,hwdb,endurance;
                     ENDURANCE_CYCLES=N sets the endurance scenario's unplug/replug cycles, 50 by default)
  --bin-dir DIR      take already built imu-* binaries from DIR instead of running swift build

Example: Tests/VM/run-vm-tests.sh --keep /tmp/imu-vm && less /tmp/imu-vm/console.log
EOF
}

log() { echo "vm: [$((SECONDS))s] $*" >&2; }
die() { echo "vm: error: $*" >&2; exit 1; }

workdir= scenarios=list,stream,udev,classify,notrigger,busy,record,magnetometer,hotplug,hwdb,endurance bin_dir=
while [ $# -gt 0 ]; do
    case $1 in
        --keep) [ $# -ge 2 ] || { usage >&2; exit 64; }; workdir=$2; shift 2 ;;
        --scenarios) [ $# -ge 2 ] || { usage >&2; exit 64; }; scenarios=$2; shift 2 ;;
        --bin-dir) [ $# -ge 2 ] || { usage >&2; exit 64; }; bin_dir=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "vm: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
    esac
done
if [ -z "$workdir" ]; then
    workdir=$(mktemp -d "${TMPDIR:-/tmp}/imu-bridge-vm.XXXXXX")
    trap 'rm -rf "$workdir"' EXIT
fi
mkdir -p "$workdir" "$CACHE_DIR"
workdir=$(cd "$workdir" && pwd)

# Installs the Debian packages whose commands are missing (needs root or sudo).
install_host_packages() {
    local -A package_of=(
        [qemu-system-x86_64]=qemu-system-x86 [busybox]=busybox-static [cpio]=cpio [zstd]=zstd
        [depmod]=kmod [gcc]=gcc [python3]=python3 [libiio]=libiio-dev [iio_readdev]=libiio-utils
    )
    local missing=() command
    for command in "${!package_of[@]}"; do
        if [ "$command" = libiio ]; then
            pkg-config --exists libiio 2> /dev/null || missing+=("${package_of[$command]}")
        elif ! command -v "$command" > /dev/null && ! [ -x "/sbin/$command" ]; then
            missing+=("${package_of[$command]}")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]}"
    local sudo=
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" > /dev/null ||
        die "could not install ${missing[*]}: run 'apt-get update' (as root) and retry"
}

# Prints the kernel package linux-image-amd64 currently depends on (e.g. linux-image-6.1.0-56-amd64).
current_kernel_package() {
    apt-cache depends linux-image-amd64 2> /dev/null | awk '/Depends: linux-image-[0-9]/ && !found { print $2; found = 1 }'
}

# Downloads (once, into .build/vm-cache) and unpacks the Debian kernel; sets KERNEL_VERSION and KERNEL_TREE.
prepare_kernel() {
    local package
    package=$(current_kernel_package)
    [ -n "$package" ] || die "apt-cache knows no linux-image-amd64: run 'apt-get update' and retry"
    KERNEL_VERSION=${package#linux-image-}
    KERNEL_TREE=$CACHE_DIR/$package
    if ! compgen -G "$CACHE_DIR/${package}_*.deb" > /dev/null; then
        log "downloading $package"
        (cd "$CACHE_DIR" && apt-get download -q "$package" > /dev/null) ||
            die "apt-get download $package failed: check the Debian mirror and retry"
    fi
    if ! [ -f "$KERNEL_TREE/lib/modules/$KERNEL_VERSION/modules.dep" ]; then
        log "unpacking $package"
        rm -rf "$KERNEL_TREE"
        dpkg -x "$(compgen -G "$CACHE_DIR/${package}_*.deb" | sed -n 1p)" "$KERNEL_TREE"
        /sbin/depmod -b "$KERNEL_TREE" "$KERNEL_VERSION"
    fi
}

# Builds the project's binaries (static Swift stdlib) unless --bin-dir provides them; sets BIN_DIR.
build_products() {
    local product
    if [ -n "$bin_dir" ]; then
        BIN_DIR=$(cd "$bin_dir" && pwd)
    else
        for product in "${PRODUCTS[@]}"; do
            log "swift build $product"
            (cd "$PACKAGE_ROOT" && swift build -c release --static-swift-stdlib --product "$product" >&2)
        done
        BIN_DIR=$(cd "$PACKAGE_ROOT" && swift build -c release --show-bin-path)
    fi
    for product in "${PRODUCTS[@]}"; do
        [ -x "$BIN_DIR/$product" ] || die "$BIN_DIR/$product is missing: build it or drop --bin-dir"
    done
}

# Prints the module files (relative to lib/modules/VERSION) needed by the emulated devices.
module_closure() {
    local modules=("${FIXTURE_MODULES[@]}") module
    modules+=($(awk '$1 == "device" { print $4 }' "$VM_DIR"/i2c-presets/*.regs))
    for module in "${modules[@]}"; do
        /sbin/modprobe -d "$KERNEL_TREE" -S "$KERNEL_VERSION" --show-depends "$module" |
            awk '$1 == "insmod" { print $2 }'
    done | sort -u | sed "s|^.*/lib/modules/$KERNEL_VERSION/||"
}

# Builds the initramfs: busybox, modules, emulator, presets, the binaries and their ldd closure.
build_initramfs() {
    local rootfs=$workdir/rootfs modules_dir module binary library libiio
    rm -rf "$rootfs"
    mkdir -p "$rootfs"/{bin,dev,proc,sys,tmp,run,usr/local/bin,usr/share/imutest,lib/x86_64-linux-gnu,lib64}
    ln -s ../lib "$rootfs/usr/lib"
    cp "$(command -v busybox)" "$rootfs/bin/busybox"
    install -m 755 "$VM_DIR/guest-init.sh" "$rootfs/init"
    cp -r "$VM_DIR/i2c-presets" "$rootfs/usr/share/imutest/"

    modules_dir=$rootfs/lib/modules/$KERNEL_VERSION
    for module in $(module_closure); do
        install -D -m 644 "$KERNEL_TREE/lib/modules/$KERNEL_VERSION/$module" "$modules_dir/$module"
    done
    cp "$KERNEL_TREE/lib/modules/$KERNEL_VERSION"/modules.{builtin,builtin.modinfo,order} "$modules_dir/"
    /sbin/depmod -b "$rootfs" "$KERNEL_VERSION"

    gcc -O2 -Wall -Wextra -static -o "$rootfs/usr/local/bin/uhid-sensor-hub" "$VM_DIR/uhid-sensor-hub.c"
    for binary in "${PRODUCTS[@]}"; do
        strip -o "$rootfs/usr/local/bin/$binary" "$BIN_DIR/$binary"
    done
    install -D -m 644 "$DEFAULT_MODEL" "$rootfs/usr/local/share/imu-bridge/motionsense.model"
    # The binaries' libraries, and libiio's: the tools load it with dlopen, so ldd does not list it.
    libiio=$(ldconfig -p | awk '$1 == "libiio.so.0" && !found { print $NF; found = 1 }')
    [ -n "$libiio" ] || { echo "vm: libiio.so.0 is not installed (apt-get install libiio0)" >&2; exit 1; }
    {
        echo "$libiio"
        for binary in "${PRODUCTS[@]}"; do
            ldd "$BIN_DIR/$binary" | awk '/=> \// { print $3 }'
        done
        ldd "$libiio" | awk '/=> \// { print $3 }'
    } | sort -u | while read -r library; do
        cp -L "$library" "$rootfs/lib/x86_64-linux-gnu/"
    done
    cp -L /lib64/ld-linux-x86-64.so.2 "$rootfs/lib64/"
    # iio_readdev: the second reader of scenario busy, holding a buffer the way iio-sensor-proxy does.
    install -D -m 755 "$(command -v iio_readdev)" "$rootfs/usr/bin/iio_readdev"
    ldd "$rootfs/usr/bin/iio_readdev" | awk '/=> \// { print $3 }' | while read -r library; do
        cp -L "$library" "$rootfs/lib/x86_64-linux-gnu/"
    done
    case ",$scenarios," in *,udev,* | *,record,* | *,magnetometer,* | *,hotplug,* | *,hwdb,* | *,endurance,*) add_udev "$rootfs" ;; esac
    (cd "$rootfs" && find . | cpio -o -H newc --quiet | zstd -q -3 -T0) > "$workdir/initrd.img"
    cp "$KERNEL_TREE/boot/vmlinuz-$KERNEL_VERSION" "$workdir/vmlinuz"
}

# Adds Debian's systemd-udevd (udevadm is the same binary) and systemd-hwdb with their rules and hwdb,
# the project's rule, helper and unit staged by udev/install.sh (as `make install-udev` installs them),
# and the users and groups the rules and tests name.
add_udev() {
    local rootfs=$1 library
    install -D -m 755 "$(readlink -f /lib/systemd/systemd-udevd)" "$rootfs/usr/bin/udevadm"
    install -m 755 "$(command -v systemd-hwdb)" "$rootfs/usr/bin/systemd-hwdb"
    mkdir -p "$rootfs/lib/systemd" "$rootfs/lib/udev" "$rootfs/etc/udev/rules.d"
    ln -s /usr/bin/udevadm "$rootfs/lib/systemd/systemd-udevd"
    ldd "$rootfs/usr/bin/udevadm" "$rootfs/usr/bin/systemd-hwdb" | awk '/=> \// { print $3 }' | while read -r library; do
        cp -L "$library" "$rootfs/lib/x86_64-linux-gnu/"
    done
    cp -r /lib/udev/rules.d "$rootfs/lib/udev/"
    cp /lib/udev/hwdb.bin "$rootfs/lib/udev/"
    PREFIX=/usr/local DESTDIR=$rootfs sh "$PACKAGE_ROOT/udev/install.sh" > /dev/null
    # imutest is in group imu (the rule's group), outsider is not.
    printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' 'imutest:x:1000:1000:imu-bridge test user:/tmp:/bin/sh' \
        'outsider:x:1001:1001:not in group imu:/tmp:/bin/sh' > "$rootfs/etc/passwd"
    printf '%s\n' 'root:x:0:' 'imutest:x:1000:' 'outsider:x:1001:' 'plugdev:x:46:imutest' 'imu:x:999:imutest' \
        > "$rootfs/etc/group"
}

# Boots the VM under a timeout: console on ttyS0 -> console.log, results on ttyS1 -> results.log.
boot_vm() {
    local append="console=ttyS0 panic=-1 quiet loglevel=4 imutest=$scenarios imutest_endurance_cycles=${ENDURANCE_CYCLES:-50}"
    rm -f "$workdir/console.log" "$workdir/results.log"
    local status=0
    timeout "$VM_TIMEOUT_SECONDS" qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 1024 \
        -nodefaults -display none -no-reboot -net none \
        -serial "file:$workdir/console.log" -serial "file:$workdir/results.log" \
        -kernel "$workdir/vmlinuz" -initrd "$workdir/initrd.img" -append "$append" || status=$?
    [ "$status" -ne 124 ] || log "the VM did not power off within ${VM_TIMEOUT_SECONDS}s (see $workdir/console.log)"
}

install_host_packages
# The checker's own tests first: the paths where the streamed results and the guest's transcript differ are not taken
# by a run that goes well, and a checker that misreads them would judge the VM wrongly.
python3 -m unittest discover --quiet -s "$VM_DIR" -p 'test_*.py' || die "the VM checker's own tests failed"
prepare_kernel
log "kernel $KERNEL_VERSION"
build_products
log "building the initramfs"
build_initramfs
log "booting the VM (scenarios $scenarios)"
boot_started=$SECONDS
boot_vm
log "VM finished in $((SECONDS - boot_started))s"
python3 "$VM_DIR/check_vm_output.py" --presets "$VM_DIR/i2c-presets" "$workdir/results.log"

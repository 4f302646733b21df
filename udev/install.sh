#!/bin/sh
# Installs (or with --uninstall removes) imu-bridge's udev rule, its permission helper, the systemd unit
# and the README, creates group "imu", and re-applies the rule to the IIO devices present now.
#   sudo udev/install.sh                       then: sudo usermod -aG imu "$USER" and log in again
#   sudo udev/install.sh --uninstall
#   PREFIX=/usr udev/install.sh                the binaries live in $PREFIX/bin (default /usr/local)
#   DESTDIR=/tmp/stage udev/install.sh         stage the files only: no root, no group, no udevadm/systemctl
# The rule's helper path and the unit's ExecStart are written with $PREFIX at install time.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
rules=/etc/udev/rules.d/70-imu-bridge.rules
helper=$prefix/libexec/imu-bridge/iio-permissions
unit=/etc/systemd/system/imu-classify.service
readme=$prefix/share/doc/imu-bridge/README.md
if [ -z "$destdir" ] && [ "$(id -u)" != 0 ]; then exec sudo PREFIX="$prefix" "$0" "$@"; fi

# Tells systemd about the unit first, so that the re-triggered IMUs' SYSTEMD_WANTS find it; then udev
# re-reads its rules and replays "add" for the IIO devices present now. Nothing of this when staging.
reload() {
    [ -z "$destdir" ] || return 0
    if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
    if command -v udevadm >/dev/null && [ -e /run/udev/control ]; then
        udevadm control --reload
        udevadm trigger --subsystem-match=iio --action=add
    fi
}

# install_with_prefix MODE SOURCE TARGET: installs SOURCE with every /usr/local replaced by $prefix.
install_with_prefix() {
    mkdir -p "$(dirname "$destdir$3")"
    sed "s|/usr/local/|$prefix/|g" "$2" >"$destdir$3.tmp"
    chmod "$1" "$destdir$3.tmp"
    mv "$destdir$3.tmp" "$destdir$3"
}

if [ "${1:-}" = --uninstall ]; then
    rm -f "$destdir$rules" "$destdir$helper" "$destdir$unit" "$destdir$readme"
    reload
    echo "removed the imu-bridge udev rule and unit (group imu kept)"
    exit 0
fi

[ -n "$destdir" ] || getent group imu >/dev/null || groupadd --system imu
install -D -m 0755 "$here/iio-permissions" "$destdir$helper"
install_with_prefix 0644 "$here/70-imu-bridge.rules" "$rules"
install_with_prefix 0644 "$here/imu-classify.service" "$unit"
install -D -m 0644 "$here/../README.md" "$destdir$readme"
reload
echo "installed $destdir$rules, $destdir$helper, $destdir$unit and $destdir$readme"
[ -n "$destdir" ] || echo "add yourself to the group: sudo usermod -aG imu \"\$USER\" (then log in again)"

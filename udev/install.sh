#!/bin/sh
# Installs (or with --uninstall removes) imu-bridge's udev rule, its permission helper and the
# systemd unit, creates group "imu", and re-applies the rule to the IIO devices present now.
#   sudo udev/install.sh             then: sudo usermod -aG imu "$USER" and log in again
#   sudo udev/install.sh --uninstall
set -eu
here=$(cd "$(dirname "$0")" && pwd)
rules=/etc/udev/rules.d/70-imu-bridge.rules
helper=/usr/local/libexec/imu-bridge/iio-permissions
unit=/etc/systemd/system/imu-classify.service
[ "$(id -u)" = 0 ] || exec sudo "$0" "$@"

reload() {
    if command -v udevadm >/dev/null && [ -e /run/udev/control ]; then
        udevadm control --reload
        udevadm trigger --subsystem-match=iio --action=add
    fi
    if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
}

if [ "${1:-}" = --uninstall ]; then
    rm -f "$rules" "$helper" "$unit"
    reload
    echo "removed the imu-bridge udev rule and unit (group imu kept)"
    exit 0
fi

getent group imu >/dev/null || groupadd --system imu
install -D -m 0755 "$here/iio-permissions" "$helper"
install -D -m 0644 "$here/70-imu-bridge.rules" "$rules"
install -D -m 0644 "$here/imu-classify.service" "$unit"
reload
echo "installed $rules, $helper and $unit"
echo "add yourself to the group: sudo usermod -aG imu \"\$USER\" (then log in again)"

#!/usr/bin/env bash
# Builds imu-bridge_<version>_<arch>.deb from a staged tree (no debhelper): the tools built with the Swift standard
# library linked in (no RUNPATH), the default model and the demo recording, the udev rule, its helper and the systemd
# unit in their Debian places, the group "imu" (sysusers.d), a man page per tool (swift-argument-parser's
# generate-manual) and bash, zsh and fish completions (each tool's --generate-completion-script).
#   packaging/debian/build-deb.sh [--bin-dir DIR] [--output DIR]
# The version is the project's (ProjectVersion.current, printed by `imu-list --version`); Depends comes from
# dpkg-shlibdeps over the binaries, with libiio0 (loaded at run time) added from its shlibs file. See
# packaging/debian/README.md.
set -euo pipefail

readonly HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly ROOT=$(cd "$HERE/../.." && pwd)
readonly PRODUCTS=(imu-list imu-stream imu-motion imu-record imu-import imu-train imu-eval imu-classify imu-calibrate imu-history imu-steps imu-plot)
readonly MODEL_DIR=$ROOT/Sources/ActivityKit/Resources
readonly DEMO=$ROOT/Fixtures/recordings/walking-to-sitting.imurec

log() { echo "deb: $*" >&2; }
die() { echo "deb: error: $*" >&2; exit 1; }

bin_dir= output=$ROOT/.build/deb
while [ $# -gt 0 ]; do
    case $1 in
        --bin-dir) [ $# -ge 2 ] || die "--bin-dir needs a directory"; bin_dir=$2; shift 2 ;;
        --output) [ $# -ge 2 ] || die "--output needs a directory"; output=$2; shift 2 ;;
        -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
for tool in dpkg-deb dpkg-shlibdeps patchelf readelf gzip md5sum; do
    command -v "$tool" >/dev/null || die "$tool is missing: make deps (dpkg-dev, patchelf, binutils)"
done

if [ -z "$bin_dir" ]; then
    log "swift build -c release --static-swift-stdlib"
    (cd "$ROOT" && swift build -c release --static-swift-stdlib >&2)
    bin_dir=$(cd "$ROOT" && swift build -c release --show-bin-path)
fi
bin_dir=$(cd "$bin_dir" && pwd)
for product in "${PRODUCTS[@]}"; do [ -x "$bin_dir/$product" ] || die "$bin_dir/$product is not built"; done

version=$("$bin_dir/imu-list" --version | awk '$1 == "imu-bridge" { print $2 }')
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "unexpected version '$version' from imu-list --version"
arch=$(dpkg --print-architecture)
# Reproducible: every date and mtime is the last commit's (or now, outside git).
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}
work=$(mktemp -d "${TMPDIR:-/tmp}/imu-bridge-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/imu-bridge
mkdir -p "$stage/DEBIAN" "$output"

# The tools: stripped as dh_strip does, and without the RUNPATH ($ORIGIN) SwiftPM links in: the standard library is
# static, every other library is the system's.
install -d "$stage/usr/bin"
for product in "${PRODUCTS[@]}"; do
    install -m 0755 "$bin_dir/$product" "$stage/usr/bin/$product"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/$product"
    patchelf --remove-rpath "$stage/usr/bin/$product"
    if readelf -d "$stage/usr/bin/$product" | grep -Eq '\((RUNPATH|RPATH)\)'; then die "$product keeps a RUNPATH"; fi
    if readelf -d "$stage/usr/bin/$product" | grep 'libswift' > /dev/null; then die "$product links a shared Swift library"; fi
done

# The default model and its 2 s companion (the tools look in ../share/imu-bridge beside their bin/) and the demo recording.
install -D -m 0644 "$MODEL_DIR/motionsense.model" "$stage/usr/share/imu-bridge/motionsense.model"
install -D -m 0644 "$MODEL_DIR/motionsense-2s.model" "$stage/usr/share/imu-bridge/motionsense-2s.model"
install -D -m 0644 "$MODEL_DIR/README.md" "$stage/usr/share/imu-bridge/README.md"
install -d "$stage/usr/share/imu-bridge/examples/walking-to-sitting.imurec"
install -m 0644 "$DEMO"/* "$stage/usr/share/imu-bridge/examples/walking-to-sitting.imurec/"

# The rule, helper, unit and README as udev/install.sh writes them for PREFIX=/usr, moved to the places a package
# owns (/etc is the administrator's): /usr/lib/udev/rules.d and /usr/lib/systemd/system.
PREFIX=/usr DESTDIR="$work/udev" sh "$ROOT/udev/install.sh" >/dev/null
install -D -m 0644 "$work/udev/etc/udev/rules.d/70-imu-bridge.rules" "$stage/usr/lib/udev/rules.d/70-imu-bridge.rules"
install -D -m 0644 "$work/udev/etc/systemd/system/imu-classify.service" "$stage/usr/lib/systemd/system/imu-classify.service"
install -D -m 0755 "$work/udev/usr/libexec/imu-bridge/iio-permissions" "$stage/usr/libexec/imu-bridge/iio-permissions"
install -D -m 0644 "$work/udev/usr/share/doc/imu-bridge/README.md" "$stage/usr/share/doc/imu-bridge/README.md"
install -D -m 0644 "$HERE/sysusers.conf" "$stage/usr/lib/sysusers.d/imu-bridge.conf"

# Man pages from the argument parser's own generator, built from the checkout the package resolved.
generator=$ROOT/.build/deb-tools/release/generate-manual
if [ ! -x "$generator" ]; then
    log "building swift-argument-parser's generate-manual"
    (cd "$ROOT" && swift package resolve >&2)
    swift build -c release --package-path "$ROOT/.build/checkouts/swift-argument-parser" \
        --scratch-path "$ROOT/.build/deb-tools" --product generate-manual >&2
fi
man_date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
install -d "$stage/usr/share/man/man1" "$work/man"
for product in "${PRODUCTS[@]}"; do
    "$generator" "$bin_dir/$product" --date "$man_date" --section 1 --output-directory "$work/man" >/dev/null
    [ -s "$work/man/$product.1" ] || die "generate-manual wrote no $product.1"
    # The help's blank lines between paragraphs become mdoc paragraph breaks (groff warns about empty input lines).
    sed 's/^[[:space:]]*$/.Pp/' "$work/man/$product.1" | gzip -9n >"$stage/usr/share/man/man1/$product.1.gz"
done

# Shell completions, generated by each tool.
install -d "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
    "$stage/usr/share/fish/vendor_completions.d"
for product in "${PRODUCTS[@]}"; do
    # bash-completion sources the script: no #! line (lintian: bash-completion-with-hashbang).
    "$bin_dir/$product" --generate-completion-script bash | sed '1{/^#!/d}' >"$stage/usr/share/bash-completion/completions/$product"
    "$bin_dir/$product" --generate-completion-script zsh >"$stage/usr/share/zsh/vendor-completions/_$product"
    "$bin_dir/$product" --generate-completion-script fish >"$stage/usr/share/fish/vendor_completions.d/$product.fish"
done

# Debian's documentation: the machine-readable copyright and the changelog (changelog.gz: a native package).
install -m 0644 "$HERE/copyright" "$stage/usr/share/doc/imu-bridge/copyright"
changelog_date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
revision=$("$bin_dir/imu-list" --version | sed -n 's/.*(git \([^)]*\)).*/\1/p')
sed -e "s/@VERSION@/$version/" -e "s/@DATE@/$changelog_date/" -e "s/@REVISION@/$revision/" "$HERE/changelog.in" |
    gzip -9n >"$stage/usr/share/doc/imu-bridge/changelog.gz"
chmod 0644 "$stage/usr/share/doc/imu-bridge/changelog.gz"
install -D -m 0644 "$HERE/lintian-overrides" "$stage/usr/share/lintian/overrides/imu-bridge"

# Depends from the binaries' shared libraries (dpkg-shlibdeps reads the system's shlibs and symbols files).
mkdir -p "$work/shlibs/debian"
printf 'Source: imu-bridge\n\nPackage: imu-bridge\nArchitecture: any\n' >"$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "${PRODUCTS[@]/#/$stage/usr/bin/}" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"
# The tools load libiio (every sensor read) and libmosquitto (--mqtt) with dlopen, which dpkg-shlibdeps cannot see:
# their relations come from the libraries' own shlibs files, as dpkg-shlibdeps would have written them.
shlibs_relation() {
    local package=$1 library=$2 file
    file=$(dpkg-query --control-path "$package" shlibs 2>/dev/null) || die "$package is not installed (apt-get install $package)"
    sed -n "s/^$library //p" "$file" | sed -n 1p
}
libiio=$(shlibs_relation libiio0 "libiio 0")
libmosquitto=$(shlibs_relation libmosquitto1 "libmosquitto 1")
[ -n "$libiio" ] && [ -n "$libmosquitto" ] || die "no shlibs relation for libiio0 or libmosquitto1"
depends="$depends, $libiio"

for script in postinst prerm postrm; do install -m 0755 "$HERE/$script" "$stage/DEBIAN/$script"; done
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@LIBMOSQUITTO@/$libmosquitto/" \
    -e "s/@INSTALLED_SIZE@/$installed_size/" "$HERE/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$output/imu-bridge_${version}_${arch}.deb
# gzip, not xz: 116 MB against xz's 79 MB (-z6), but xz alone took 3-5 minutes over the 300 MB of tools on a loaded
# 2-core machine, where this whole script with gzip takes 1.5 minutes.
dpkg-deb --root-owner-group -Zgzip --build "$stage" "$deb" >/dev/null
log "built $deb"
echo "$deb"

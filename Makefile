# imu-bridge: one entry point for setting up, running, testing and installing.
#   make demo          install what is missing, build, and run the main job on a bundled recording
#   make test          the whole test suite: format lint, unit, umockdev (real libiio/libudev on fake sysfs), kernel VM
#   make fuzz          libFuzzer + AddressSanitizer on every parser of outside bytes, FUZZ_SECONDS per target
#   make deb           build imu-bridge_<version>_<arch>.deb here (packaging/debian/build-deb.sh)
#   make install       install the binaries, the udev rule and the systemd unit (as root; PREFIX=/usr, DESTDIR=)

PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libiio-dev libiio-utils iiod libudev-dev zlib1g-dev udev umockdev pkg-config python3-jsonschema \
	libsqlite3-dev librsvg2-bin dpkg-dev binutils patchelf lintian debootstrap systemd \
	libmosquitto-dev mosquitto mosquitto-clients
VM_PACKAGES := qemu-system-x86 busybox-static cpio zstd kmod
PRODUCTS := imu-list imu-stream imu-motion imu-record imu-import imu-train imu-eval imu-classify imu-calibrate imu-history imu-steps imu-plot
# The default activity model; the tools look for it in share/imu-bridge beside their bin/.
MODEL_DIR := Sources/ActivityKit/Resources

# Where `make build` puts the release tools (statically linked Swift standard library).
RELEASE_BIN = $(shell swift build -c release --show-bin-path)

.PHONY: deps vm-deps build demo deb test test-swift test-vm test-deb fuzz lint install install-udev uninstall clean

deps:
	@missing=$$(for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

vm-deps:
	@$(MAKE) --no-print-directory deps EXTRA_PACKAGES="$(VM_PACKAGES)"

build: deps
	swift build -c release --static-swift-stdlib

demo: build
	.build/release/imu-classify --replay Fixtures/recordings/walking-to-sitting.imurec

# swift-testing runs every test at once unless told otherwise; four at a time keeps the run as short (651 tests in 243 s
# here, 267 s unbounded). Foundation's Process.run crashes (SIGSEGV copying the descriptors to close) once the process
# holds about 1350 descriptors, and it leaves the socket pair of some of the processes it runs open (strace: every
# socketpair of the test process is Process.run's; 900+ unnamed unix sockets after the end-to-end tests, which alone
# reached 1356 descriptors and crashed CI on 2026-11-27). So the tests run in three processes, each far below that.
SWIFT_TEST_RUN := SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4 LD_PRELOAD=libumockdev-preload.so.0 swift test --skip-build
define SWIFT_TEST
	$(SWIFT_TEST_RUN) --skip EndToEndTests
	$(SWIFT_TEST_RUN) --filter 'EndToEndTests\.IMU'
	$(SWIFT_TEST_RUN) --filter EndToEndTests --skip 'EndToEndTests\.IMU'
endef

# The Debian package of the release build: `sudo apt install ./imu-bridge_*.deb` installs it.
deb: build
	packaging/debian/build-deb.sh --bin-dir "$(RELEASE_BIN)" --output .

test: vm-deps lint build
	swift build --build-tests
	Tests/VM/run-vm-tests.sh --bin-dir "$(RELEASE_BIN)"
	Tests/Package/check-deb.sh --bin-dir "$(RELEASE_BIN)"
	$(SWIFT_TEST)

test-swift: deps
	swift build --build-tests
	$(SWIFT_TEST)

test-vm: vm-deps
	Tests/VM/run-vm-tests.sh

# The .deb built, linted, installed into a clean Debian root, run there and purged (Tests/Package/check-deb.sh).
test-deb: build
	Tests/Package/check-deb.sh --bin-dir "$(RELEASE_BIN)"

# Every fuzz target (Fuzzing/README.md) for FUZZ_SECONDS each over its committed corpus; fails on any crash.
FUZZ_SECONDS ?= 25
fuzz: deps
	Fuzzing/run.sh --seconds $(FUZZ_SECONDS)

# The committed .swift-format is the style; CI fails on any finding.
lint:
	swift format lint --strict --recursive Sources Tests Benchmarks Fuzzing Plugins Package.swift

install: build install-udev
	$(SUDO) install -d $(DESTDIR)$(PREFIX)/bin
	for p in $(PRODUCTS); do $(SUDO) install -m 755 .build/release/$$p $(DESTDIR)$(PREFIX)/bin/$$p; done
	$(SUDO) install -D -m 644 $(MODEL_DIR)/motionsense.model $(DESTDIR)$(PREFIX)/share/imu-bridge/motionsense.model
	$(SUDO) install -D -m 644 $(MODEL_DIR)/motionsense-2s.model $(DESTDIR)$(PREFIX)/share/imu-bridge/motionsense-2s.model
	$(SUDO) install -D -m 644 $(MODEL_DIR)/README.md $(DESTDIR)$(PREFIX)/share/imu-bridge/README.md

# The rule, its helper and the unit, written for $(PREFIX); with DESTDIR only staged (no root, udevadm or systemctl).
install-udev:
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) udev/install.sh

uninstall:
	for p in $(PRODUCTS); do $(SUDO) rm -f $(DESTDIR)$(PREFIX)/bin/$$p; done
	$(SUDO) rm -rf $(DESTDIR)$(PREFIX)/share/imu-bridge
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) udev/install.sh --uninstall

clean:
	rm -rf .build

import CommandLineSupport
import Foundation
import IIOTestbed

/// An LD_PRELOAD shim, built by the tests, that makes opening the paths named in `IMU_TEST_FAIL_PATHS`
/// (comma-separated suffixes) fail with errno `IMU_TEST_FAIL_ERRNO` (EBUSY when unset): `open` of a device node (the
/// kernel's `iio_chrdev_open` when another reader holds it), and `fopen` for writing (libiio's sysfs writes, e.g.
/// `buffer/enable`), or for reading too when `IMU_TEST_FAIL_READS` is set (libiio's attribute reads, e.g. a
/// `*_raw` value the driver cannot fetch from the chip). It must come before umockdev's preload, so it sees the
/// paths the program asked for.
enum OpenFailureShim {
    static let source = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <stdarg.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static int is_failing(const char *path) {
            const char *list = getenv("IMU_TEST_FAIL_PATHS");
            if (!path || !list) return 0;
            size_t length = strlen(path);
            const char *start = list;
            while (*start) {
                const char *end = strchr(start, ',');
                size_t size = end ? (size_t)(end - start) : strlen(start);
                if (size > 0 && size <= length && strncmp(path + length - size, start, size) == 0) return 1;
                if (!end) break;
                start = end + 1;
            }
            return 0;
        }

        static int failure(void) {
            const char *number = getenv("IMU_TEST_FAIL_ERRNO");
            return number ? atoi(number) : EBUSY;
        }

        #define OPEN_WRAPPER(name)                                                        \
            int name(const char *path, int flags, ...) {                                 \
                static int (*real)(const char *, int, ...);                              \
                if (!real) real = dlsym(RTLD_NEXT, #name);                              \
                va_list arguments; va_start(arguments, flags);                           \
                mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(arguments, mode_t) : 0; \
                va_end(arguments);                                                       \
                if (is_failing(path)) { errno = failure(); return -1; }                  \
                return real(path, flags, mode);                                          \
            }
        OPEN_WRAPPER(open)
        OPEN_WRAPPER(open64)

        #define FOPEN_WRAPPER(name)                                                       \
            FILE *name(const char *path, const char *mode) {                             \
                static FILE *(*real)(const char *, const char *);                        \
                if (!real) real = dlsym(RTLD_NEXT, #name);                              \
                int writing = mode && strchr(mode, 'w');                                 \
                if ((writing || getenv("IMU_TEST_FAIL_READS")) && is_failing(path)) {   \
                    errno = failure(); return NULL;                                      \
                }                                                                        \
                return real(path, mode);                                                 \
            }
        FOPEN_WRAPPER(fopen)
        FOPEN_WRAPPER(fopen64)
        """#

    /// Where the shim is built: a directory of this test process's own, removed when the process exits.
    private static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "imu-open-failure-shim-\(getpid())")

    /// The shim's shared object, compiled once per test process with the system's `gcc`.
    static let library: Result<String, ShimError> = {
        atexit { try? FileManager.default.removeItem(at: OpenFailureShim.directory) }
        let sourceURL = directory.appendingPathComponent("open-failure.c")
        let libraryURL = directory.appendingPathComponent("libopenfailure.so")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try source.write(to: sourceURL, atomically: true, encoding: .utf8)
        } catch {
            return .failure(ShimError(reason: "\(error)"))
        }
        let result = try? Testbed.runOutsidePreload(
            executable: "/usr/bin/gcc", arguments: ["-shared", "-fPIC", "-O2", "-o", libraryURL.path, sourceURL.path, "-ldl"])
        guard let result, result.status == ExitStatus.success.rawValue else {
            return .failure(ShimError(reason: result?.standardError ?? "gcc did not run"))
        }
        return .success(libraryURL.path)
    }()

    /// Why the shim could not be built.
    struct ShimError: Error { let reason: String }

    /// Runs imu-stream with `arguments` in `testbed`, the shim before umockdev's preload failing `paths` with `errno`
    /// (EBUSY when nil), their reads too when `reads` is set.
    static func runStream(
        in testbed: Testbed, failing paths: [String], errno: Int32? = nil, reads: Bool = false, _ arguments: [String]
    ) throws -> ProcessResult {
        var environment = ["IMU_TEST_FAIL_PATHS=\(paths.joined(separator: ","))"]
        if let errno { environment.append("IMU_TEST_FAIL_ERRNO=\(errno)") }
        if reads { environment.append("IMU_TEST_FAIL_READS=1") }
        let preload = "LD_PRELOAD=\(try library.get()):libumockdev-preload.so.0"
        return try testbed.runUnderPreload(
            executable: "/usr/bin/env", arguments: environment + [preload, try product("imu-stream")] + arguments)
    }
}

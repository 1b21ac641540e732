/* log.h — one place where imprint talks to the user.
 *
 *   log_info("wrote %s", path);          stdout, "imprint: ..."
 *   log_warn(...), log_error(...)        stderr, "imprint: warning: ..." / "imprint: error: ..."
 *
 * log_set_quiet(true) silences info (tests). log_error_count() lets tests assert that an
 * error path was taken (the sokol way: error paths are tested, not hoped for).
 * log_last_error() is the text of the most recent error (valid until the next one).
 */
#ifndef IMPRINT_CORE_LOG_H
#define IMPRINT_CORE_LOG_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define LOG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define LOG_PRINTF(a, b)
#endif

void log_info(const char *fmt, ...) LOG_PRINTF(1, 2);
void log_warn(const char *fmt, ...) LOG_PRINTF(1, 2);
void log_error(const char *fmt, ...) LOG_PRINTF(1, 2);
void log_set_quiet(bool quiet);
int log_error_count(void);
const char *log_last_error(void);

#ifdef __cplusplus
}
#endif

#endif

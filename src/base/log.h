/* log.h — one place where imprint talks to the user.
 *
 *   log_info("wrote %s", path);          stdout, "imprint: ..."
 *   log_warn(...), log_error(...)        stderr, "imprint: warning: ..." / "imprint: error: ..."
 *
 * log_set_quiet(true) silences info (tests). log_error_count() lets tests assert that an
 * error path was taken (the sokol way: error paths are tested, not hoped for).
 * log_last_error() is the text of the most recent error (valid until the next one).
 *
 * A host routes every message to its own log (sokol's logger):
 *   static void to_host(log_level level, const char *text, void *user) { engine_log(user, level, text); }
 *   log_set_callback(to_host, engine);   every info (unless quiet), warning and error, one call each
 *   log_set_callback(NULL, NULL);        back to the default: stdout/stderr as above
 * text is the formatted message alone (no "imprint: " prefix, no newline), at most
 * LOG_MESSAGE_MAX - 1 bytes: a longer one is cut there (at a UTF-8 character's start), and it is
 * valid only during the call. Errors are counted and kept for log_last_error() either way. Set the
 * callback before other threads log (workers may log); the callback must not log itself.
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

enum { LOG_MESSAGE_MAX = 1024 }; /* bytes a routed message (and log_last_error) holds, NUL included */
typedef enum log_level { LOG_LEVEL_INFO, LOG_LEVEL_WARN, LOG_LEVEL_ERROR } log_level;
typedef void (*log_callback)(log_level level, const char *text, void *user);
/* fn receives every message from now on; NULL restores stdout/stderr. user is passed back as is. */
void log_set_callback(log_callback fn, void *user);
int log_error_count(void);
const char *log_last_error(void);

#ifdef __cplusplus
}
#endif

#endif

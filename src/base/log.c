#include "base/log.h"

#include <stdarg.h>
#include <stdio.h>

static bool log_quiet;
static int log_errors;
static char log_last[LOG_MESSAGE_MAX];
static log_callback log_fn;
static void *log_user;

void log_set_quiet(bool quiet) { log_quiet = quiet; }
int log_error_count(void) { return log_errors; }
const char *log_last_error(void) { return log_last; }

void log_set_callback(log_callback fn, void *user)
{
    log_fn = fn;
    log_user = fn ? user : NULL;
}

/* vsnprintf into buf; a message cut at the end loses the bytes of a UTF-8 character it split. */
static void log__format(char *buf, size_t size, const char *fmt, va_list ap)
{
    int n = vsnprintf(buf, size, fmt, ap);
    if (n < 0) {
        buf[0] = 0;
        return;
    }
    if ((size_t)n < size) return;
    size_t end = size - 1; /* buf[end] is the NUL; back off over continuation bytes 10xxxxxx */
    size_t i = end;
    while (i > 0 && ((unsigned char)buf[i - 1] & 0xC0) == 0x80) i--;
    if (i > 0 && ((unsigned char)buf[i - 1] & 0x80)) { /* buf[i - 1] starts a multi-byte character */
        unsigned char lead = (unsigned char)buf[i - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (end - (i - 1) < need) end = i - 1; /* incomplete: drop it */
    }
    buf[end] = 0;
}

void log_info(const char *fmt, ...)
{
    if (log_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    if (log_fn) {
        char text[LOG_MESSAGE_MAX];
        log__format(text, sizeof text, fmt, ap);
        log_fn(LOG_LEVEL_INFO, text, log_user);
    } else {
        fputs("imprint: ", stdout);
        vfprintf(stdout, fmt, ap);
        fputc('\n', stdout);
        fflush(stdout);
    }
    va_end(ap);
}

void log_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (log_fn) {
        char text[LOG_MESSAGE_MAX];
        log__format(text, sizeof text, fmt, ap);
        log_fn(LOG_LEVEL_WARN, text, log_user);
    } else {
        fputs("imprint: warning: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    }
    va_end(ap);
}

void log_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log__format(log_last, sizeof log_last, fmt, ap);
    va_end(ap);
    log_errors++;
    if (log_fn)
        log_fn(LOG_LEVEL_ERROR, log_last, log_user);
    else
        fprintf(stderr, "imprint: error: %s\n", log_last);
}

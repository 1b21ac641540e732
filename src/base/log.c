#include "base/log.h"

#include <stdarg.h>
#include <stdio.h>

static bool log_quiet;
static int log_errors;
static char log_last[1024];

void log_set_quiet(bool quiet) { log_quiet = quiet; }
int log_error_count(void) { return log_errors; }
const char *log_last_error(void) { return log_last; }

void log_info(const char *fmt, ...)
{
    if (log_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("imprint: ", stdout);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    va_end(ap);
}

void log_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("imprint: warning: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void log_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log_last, sizeof log_last, fmt, ap);
    va_end(ap);
    log_errors++;
    fprintf(stderr, "imprint: error: %s\n", log_last);
}

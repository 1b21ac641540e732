#include "base/text.h"

#include <stdio.h>
#include <string.h>

bool text_next_line(const char **p, char *line, size_t max, size_t *len)
{
    if (!**p) return false;
    *len = strcspn(*p, "\n");
    if (*len <= max) {
        memcpy(line, *p, *len);
        line[*len] = '\0';
    } else {
        line[0] = '\0';
    }
    *p += *len + ((*p)[*len] == '\n');
    return true;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

int text_split_words(char *line, char **tok, int max)
{
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    int n = 0;
    for (char *p = line;;) {
        while (blank(*p)) p++;
        if (!*p) break;
        if (n < max) tok[n] = p;
        n++;
        while (*p && !blank(*p)) p++;
        if (*p) *p++ = '\0';
    }
    return n;
}

void text_error(char *err, size_t errlen, const char *file, int line, const char *fmt, va_list ap)
{
    if (!err || !errlen) return;
    int n = line > 0 ? snprintf(err, errlen, "%s:%d: ", file, line) : snprintf(err, errlen, "%s: ", file);
    if (n >= 0 && (size_t)n < errlen) vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
}

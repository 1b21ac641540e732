#include "base/names.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int names_find(const char *const *table, const char *name)
{
    assert(table && name);
    for (int i = 0; table[i]; i++)
        if (!strcmp(table[i], name)) return i;
    return -1;
}

int names_count(const char *const *table)
{
    int n = 0;
    while (table[n]) n++;
    return n;
}

void names_join(const char *const *table, const char *sep, char *buf, size_t len)
{
    assert(len > 0);
    buf[0] = '\0';
    size_t used = 0;
    for (int i = 0; table[i] && used < len - 1; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? sep : "", table[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}

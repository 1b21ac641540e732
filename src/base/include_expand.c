#include "base/include_expand.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

static bool include__append(include_expansion *x, const char *p, size_t n)
{
    if (x->failed) return false;
    if (x->len + n + 1 > INCLUDE_MAX_OUTPUT) {
        log_error("%s: expanded shader is larger than %u bytes", x->paths[0], INCLUDE_MAX_OUTPUT);
        x->failed = true;
        return false;
    }
    if (x->len + n + 1 > x->cap) {
        size_t cap = x->cap ? x->cap * 2 : 4096;
        while (cap < x->len + n + 1) cap *= 2;
        char *t = realloc(x->text, cap);
        if (!t) {
            log_error("%s: out of memory expanding shader", x->paths[0]);
            x->failed = true;
            return false;
        }
        x->text = t;
        x->cap = cap;
    }
    memcpy(x->text + x->len, p, n);
    x->len += n;
    x->text[x->len] = 0;
    return true;
}

/* Records that the next output line comes from (file, line). */
static bool include__map(include_expansion *x, int file, int line)
{
    if (x->failed) return false;
    if (x->nmap == x->map_cap) {
        int cap = x->map_cap ? x->map_cap * 2 : 256;
        int *f = realloc(x->map_file, (size_t)cap * sizeof *f);
        if (f) x->map_file = f;
        int *l = realloc(x->map_line, (size_t)cap * sizeof *l);
        if (l) x->map_line = l;
        if (!f || !l) {
            log_error("%s: out of memory expanding shader", x->paths[0]);
            x->failed = true;
            return false;
        }
        x->map_cap = cap;
    }
    x->map_file[x->nmap] = file;
    x->map_line[x->nmap] = line;
    x->nmap++;
    return true;
}

/* One output line from (file, line): the text p[0..n) plus a newline when it had none. */
static bool include__line(include_expansion *x, int file, int line, const char *p, size_t n, bool has_eol)
{
    return include__map(x, file, line) && include__append(x, p, n) && (has_eol || include__append(x, "\n", 1));
}

static bool include__expand(include_expansion *x, const char *name, const char *body, const char *defines,
                            include_read_fn read, void *user, int depth)
{
    if (depth > INCLUDE_MAX_DEPTH) {
        log_error("%s: #include nested too deeply (a cycle?)", name);
        return false;
    }
    for (int i = 0; i < x->nfiles; i++)
        if (!strcmp(x->files[i], name)) return true; /* each file once per expansion */
    if (x->nfiles == INCLUDE_MAX_FILES) {
        log_error("%s: more than %d files in one shader", name, INCLUDE_MAX_FILES);
        return false;
    }
    int id = x->nfiles++;
    snprintf(x->files[id], sizeof x->files[id], "%s", name);
    if (!body) {
        errno = 0;
        char *owned = read(name, user, x->paths[id], sizeof x->paths[id]);
        if (!owned) {
            log_error("%s: cannot read shader: %s", x->paths[id], strerror(errno ? errno : ENOENT));
            return false;
        }
        body = owned;
        x->owned[id] = owned;
    } else {
        snprintf(x->paths[id], sizeof x->paths[id], "%s", name);
    }
    x->bodies[id] = body;
    int line = 1;
    for (const char *p = body; *p;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p + 1) : strlen(p);
        const char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        if (!strncmp(q, "#version", 8) && depth == 0) {
            if (!include__line(x, id, line, p, n, eol != NULL)) return false;
            for (const char *d = defines; d && *d;) {
                const char *de = strchr(d, '\n');
                size_t dn = de ? (size_t)(de - d + 1) : strlen(d);
                if (!include__line(x, -1, 0, d, dn, de != NULL)) return false;
                d += dn;
            }
        } else if (!strncmp(q, "#include", 8)) {
            /* the name must lie on this line: a quote further down the file is not part of it */
            const char *a = memchr(q, '"', (size_t)(p + n - q));
            const char *b = a ? memchr(a + 1, '"', (size_t)(p + n - (a + 1))) : NULL;
            if (!a || !b || b == a + 1) {
                log_error("%s:%d: malformed #include (expected #include \"file.glsl\")", x->paths[id], line);
                return false;
            }
            if (b - a - 1 >= INCLUDE_NAME_MAX) {
                log_error("%s:%d: #include name longer than %d characters", x->paths[id], line, INCLUDE_NAME_MAX - 1);
                return false;
            }
            char inc[INCLUDE_NAME_MAX];
            memcpy(inc, a + 1, (size_t)(b - a - 1));
            inc[b - a - 1] = '\0';
            /* the directive's own line stays, empty */
            if (!include__line(x, id, line, "\n", 1, true)) return false;
            if (!include__expand(x, inc, NULL, defines, read, user, depth + 1)) return false;
        } else if (!include__line(x, id, line, p, n, eol != NULL)) {
            return false;
        }
        line++;
        p += n;
    }
    return true;
}

bool include_expand(include_expansion *x, const char *name, const char *body, const char *defines,
                    include_read_fn read, void *user)
{
    memset(x, 0, sizeof *x);
    return include__expand(x, name, body, defines, read, user, 0) && !x->failed;
}

void include_expansion_free(include_expansion *x)
{
    if (!x) return;
    for (int i = 0; i < x->nfiles; i++) free(x->owned[i]);
    free(x->text);
    free(x->map_file);
    free(x->map_line);
    memset(x, 0, sizeof *x);
}

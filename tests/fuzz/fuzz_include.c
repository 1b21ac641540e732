/* libFuzzer target: the shader #include expander (base/include_expand.c) on virtual files.
 * The input is split at NUL bytes: the first part is the top-level shader, part k (k >= 1) is the
 * file named by the letter 'a' + k - 1, so `#include "a"` reaches the second part. An expansion
 * either fails (logged) or yields text whose every line maps to a real line of a real file. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/include_expand.h"
#include "base/log.h"

enum { MAX_PARTS = 27 };

typedef struct parts {
    const char *text[MAX_PARTS];
    int count;
} parts;

static char *fuzz_read(const char *name, void *user, char *path, size_t pathlen)
{
    const parts *p = user;
    snprintf(path, pathlen, "fuzz/%s", name);
    if (name[0] >= 'a' && name[0] < 'a' + p->count - 1 && name[1] == '\0') {
        char *s = strdup(p->text[name[0] - 'a' + 1]);
        if (s) return s;
    }
    errno = ENOENT;
    return NULL;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    log_set_quiet(true);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    parts p = {.count = 0};
    for (char *s = buf; p.count < MAX_PARTS;) {
        p.text[p.count++] = s;
        size_t n = strlen(s);
        if (s + n == buf + size) break;
        s += n + 1;
    }
    include_expansion x;
    if (include_expand(&x, "main.glsl", p.text[0], "#define FUZZ 1\n", fuzz_read, &p)) {
        if (!x.text) {
            if (x.nmap != 0) abort();
        } else {
            if (count_lines(x.text) != x.nmap || x.text[x.len] != '\0' || strlen(x.text) != x.len) abort();
            int lines[INCLUDE_MAX_FILES];
            for (int f = 0; f < x.nfiles; f++) lines[f] = count_lines(x.bodies[f]) + 1;
            for (int i = 0; i < x.nmap; i++) {
                int f = x.map_file[i], l = x.map_line[i];
                if (f < -1 || f >= x.nfiles) abort();
                if (f >= 0 && (l < 1 || l > lines[f])) abort();
            }
        }
    }
    include_expansion_free(&x);
    free(buf);
    return 0;
}

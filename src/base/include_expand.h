/* include_expand.h — `#include "file"` expansion for GLSL sources, with a line map (GL-free).
 *
 *   static char *read(const char *name, void *user, char *path, size_t pathlen) { ... malloc'd text or NULL }
 *   include_expansion x;
 *   if (!include_expand(&x, "damage_unwrap.frag", NULL, "#define N 4\n", read, user)) -> already logged
 *   ... x.text (the expanded source), x.nmap lines, x.map_file[i] / x.map_line[i] for output line i+1,
 *       x.paths[f] and x.bodies[f] for file f ...
 *   include_expansion_free(&x);
 *
 * The top-level text is `body` when given, else read(name). Each `#include "name"` line becomes an
 * empty line followed by the included file's text (each file once per expansion, like #pragma
 * once; nesting up to INCLUDE_MAX_DEPTH). `defines` (may be NULL) goes after the top-level
 * #version line; its lines map to file -1. The read callback returns heap text (this module frees
 * it) and writes the path it used, for messages; NULL with errno set when it cannot read.
 * Limits, each a logged error (never an abort): INCLUDE_MAX_FILES files, INCLUDE_MAX_DEPTH levels,
 * include names up to INCLUDE_NAME_MAX - 1 characters, INCLUDE_MAX_OUTPUT bytes of output.
 * No #line directives: drivers disagree on source-string numbers, but all agree on the line of
 * the whole text, which the map translates back to FILE:LINE.
 */
#ifndef IMPRINT_CORE_INCLUDE_EXPAND_H
#define IMPRINT_CORE_INCLUDE_EXPAND_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define INCLUDE_MAX_FILES 32
#define INCLUDE_MAX_DEPTH 8
#define INCLUDE_NAME_MAX 128
#define INCLUDE_PATH_MAX 1024
#define INCLUDE_MAX_OUTPUT (16u << 20)

/* Returns the malloc'd, NUL-terminated text of `name`, or NULL (errno says why). Writes the path it
 * tried into path (for messages) in both cases. */
typedef char *(*include_read_fn)(const char *name, void *user, char *path, size_t pathlen);

typedef struct include_expansion {
    char *text;
    size_t len, cap;
    int nfiles;
    char files[INCLUDE_MAX_FILES][INCLUDE_NAME_MAX];
    char paths[INCLUDE_MAX_FILES][INCLUDE_PATH_MAX];
    const char *bodies[INCLUDE_MAX_FILES]; /* text of each file, kept for error reports */
    int *map_file, *map_line;              /* output line i+1 -> (file, line); file -1 = defines */
    int nmap, map_cap;
    char *owned[INCLUDE_MAX_FILES];
    bool failed; /* out of memory or output limit: the expansion is not usable */
} include_expansion;

/* *x is initialized here; free it with include_expansion_free whatever the result. */
bool include_expand(include_expansion *x, const char *name, const char *body, const char *defines,
                    include_read_fn read, void *user);
void include_expansion_free(include_expansion *x);

#ifdef __cplusplus
}
#endif

#endif

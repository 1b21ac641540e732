/* json.h — a tiny streaming JSON writer (bench output, `stats` command).
 *
 *   json_writer w;
 *   json_begin(&w, f);
 *   json_object_begin(&w, NULL);          top-level value: key NULL
 *     json_int(&w, "frames", 600);
 *     json_array_begin(&w, "passes");
 *       json_object_begin(&w, NULL);      inside arrays: key NULL
 *         json_string(&w, "name", "unwrap");
 *         json_number(&w, "gpu_ms", 0.25);
 *       json_object_end(&w);
 *     json_array_end(&w);
 *   json_object_end(&w);
 *   if (!json_end(&w)) -> a write to f failed
 *
 * Output is indented by two spaces per level, one member per line; commas are automatic and
 * empty containers print as {} and []. Numbers: non-finite -> null, integral values below 1e15
 * without a fraction, others with %.6g. Strings are escaped (quote, backslash, control
 * characters); a NULL string writes null. The writer owns no memory: it lives on the stack and
 * does not close f. Nesting is limited to JSON_MAX_DEPTH; a key where none belongs (or a
 * missing one in an object) is a programmer error and asserts.
 */
#ifndef IMPRINT_CORE_JSON_H
#define IMPRINT_CORE_JSON_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JSON_MAX_DEPTH 32

typedef struct json_writer {
    FILE *f;
    int depth;                          /* open containers */
    bool is_array[JSON_MAX_DEPTH];      /* per open container */
    int count[JSON_MAX_DEPTH];          /* values written in it so far */
    int top_values;                     /* values written at depth 0 (must end up 1) */
} json_writer;

void json_begin(json_writer *w, FILE *f);
/* Writes the final newline and flushes; false when any write to f failed. */
bool json_end(json_writer *w);

void json_object_begin(json_writer *w, const char *key);
void json_object_end(json_writer *w);
void json_array_begin(json_writer *w, const char *key);
void json_array_end(json_writer *w);

void json_number(json_writer *w, const char *key, double v);
void json_int(json_writer *w, const char *key, long long v);
void json_string(json_writer *w, const char *key, const char *s);
void json_bool(json_writer *w, const char *key, bool v);
void json_null(json_writer *w, const char *key);

#ifdef __cplusplus
}
#endif

#endif

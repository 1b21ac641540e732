#include "base/json.h"

#include <assert.h>
#include <math.h>
#include <string.h>

void json_begin(json_writer *w, FILE *f)
{
    assert(w && f);
    memset(w, 0, sizeof *w);
    w->f = f;
}

bool json_end(json_writer *w)
{
    assert(w->depth == 0 && w->top_values == 1);
    fputc('\n', w->f);
    return fflush(w->f) == 0 && !ferror(w->f);
}

static void json_indent(json_writer *w, int depth)
{
    for (int i = 0; i < depth; i++) fputs("  ", w->f);
}

static void json_write_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (*p < 0x20) fprintf(f, "\\u%04x", *p);
            else fputc(*p, f);
        }
    }
    fputc('"', f);
}

/* Separator, indentation and key before any value. */
static void json_prefix(json_writer *w, const char *key)
{
    if (w->depth == 0) {
        assert(!key && "the top-level value has no key");
        assert(w->top_values == 0 && "only one top-level value");
        w->top_values++;
        return;
    }
    int d = w->depth - 1;
    assert(w->is_array[d] ? !key : key != NULL);
    if (w->count[d]++) fputc(',', w->f);
    fputc('\n', w->f);
    json_indent(w, w->depth);
    if (key) {
        json_write_string(w->f, key);
        fputs(": ", w->f);
    }
}

static void json_open(json_writer *w, const char *key, bool array)
{
    json_prefix(w, key);
    assert(w->depth < JSON_MAX_DEPTH);
    fputc(array ? '[' : '{', w->f);
    w->is_array[w->depth] = array;
    w->count[w->depth] = 0;
    w->depth++;
}

static void json_close(json_writer *w, bool array)
{
    assert(w->depth > 0 && w->is_array[w->depth - 1] == array);
    w->depth--;
    if (w->count[w->depth]) {
        fputc('\n', w->f);
        json_indent(w, w->depth);
    }
    fputc(array ? ']' : '}', w->f);
}

void json_object_begin(json_writer *w, const char *key) { json_open(w, key, false); }
void json_object_end(json_writer *w) { json_close(w, false); }
void json_array_begin(json_writer *w, const char *key) { json_open(w, key, true); }
void json_array_end(json_writer *w) { json_close(w, true); }

void json_number(json_writer *w, const char *key, double v)
{
    json_prefix(w, key);
    if (!isfinite(v)) fputs("null", w->f);
    /* counters and sizes stored as doubles read better as 1234567 than 1.23457e+06 */
    else if (v == floor(v) && fabs(v) < 1e15) fprintf(w->f, "%.0f", v == 0.0 ? 0.0 : v);
    else fprintf(w->f, "%.6g", v);
}

void json_int(json_writer *w, const char *key, long long v)
{
    json_prefix(w, key);
    fprintf(w->f, "%lld", v);
}

void json_string(json_writer *w, const char *key, const char *s)
{
    json_prefix(w, key);
    if (s) json_write_string(w->f, s);
    else fputs("null", w->f);
}

void json_bool(json_writer *w, const char *key, bool v)
{
    json_prefix(w, key);
    fputs(v ? "true" : "false", w->f);
}

void json_null(json_writer *w, const char *key)
{
    json_prefix(w, key);
    fputs("null", w->f);
}

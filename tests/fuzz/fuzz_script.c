/* libFuzzer target: the script parser (base/script.c) on arbitrary text. A parse either fails
 * with a "FILE:LINE: " message and an empty script, or succeeds with commands whose lines and
 * times are in order; anything else (or any sanitizer report) is a crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/script.h"
#include "damage/scene/range_vocab.h"
#include "dissolve/scene/dissolve_vocab.h"
#include "mud/scene/mud_vocab.h"
#include "wrinkle/scene/face_vocab.h"
#include "../support/testparams.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the app's language: its commands and the scenes' vocabs in the registry's order */
    static script_lang lang;
    testparams_register(); /* `set` checks names against them */
    if (!lang.nscenes) script_lang_init(&lang, (const script_vocab *const[]){&range_vocab, &mud_vocab, &face_vocab, &dissolve_vocab}, 4);
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* script_load refuses NUL bytes; the parser sees text up to the first one */
    script s;
    char err[512];
    if (script_parse(&lang, text, "fuzz.txt", &s, err, sizeof err)) {
        for (int i = 0; i < s.count; i++) {
            const script_cmd *c = &s.cmds[i];
            if (c->scene < SCRIPT_APP || c->scene >= lang.nscenes || c->op < 0 || c->nnum < 0 || c->nnum > 6 || c->time < 0.0) abort();
            if (strcmp(script_lang_row(&lang, c->scene, c->op)->name, c->name)) abort();
            if (i && (c->time < s.cmds[i - 1].time || c->line <= s.cmds[i - 1].line)) abort();
            if (!memchr(c->str, '\0', sizeof c->str) || !memchr(c->path, '\0', sizeof c->path)) abort();
        }
    } else {
        if (s.count != 0 || s.cmds || strncmp(err, "fuzz.txt:", 9) != 0) abort();
    }
    script_free(&s);
    free(text);
    return 0;
}

/* libFuzzer target: the command-line parser (base/options.c). The input is split at newlines
 * into argv[1..]; a parse either fails with a one-line message or yields values inside the ranges
 * options.h promises. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/options.h"
#include "bb/core/bb_options.h"
#include "mud/scene/mud_vocab.h"
#include "../support/testparams.h"

enum { MAX_ARGS = 64 };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* --help prints to stdout; "--script /dev/stdin" must not wait for a terminal */
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "r", stdin)) abort();
    testparams_register(); /* --set checks names against them */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS + 1] = {"imprint"};
    int argc = 1;
    for (char *p = buf; argc < MAX_ARGS;) {
        argv[argc++] = p;
        char *nl = strchr(p, '\n');
        if (!nl) break;
        *nl = '\0';
        p = nl + 1;
    }
    argv[argc] = NULL;
    options o;
    char err[256];
    /* the app's command line (app/registry.c): its scenes, the billboards' and the mud scene's options */
    static const char *const scenes[] = {"range", "mud", "face", "dissolve", NULL};
    static const options_cli cli = {scenes, {&bb_options, &mud_options, NULL}};
    int rc = options_parse(&cli, argc, argv, &o, err, sizeof err);
    if (rc == OPTIONS_OK) {
        if (o.width < 16 || o.width > 8192 || o.height < 16 || o.height > 8192) abort();
        if (o.frames != -1 && o.frames < 1) abort();
        if (o.fixed_dt < 0.0 || o.fixed_dt > 1.0) abort();
        const bb_cli *bc = bb_cli_values(&o);
        const mud_cli *mc = mud_cli_values(&o);
        if (bc->particles < 0 || bc->particles > 10000000 || bc->particles_gpu < 0 || bc->particles_gpu > 4000000) abort();
        if (mc->level_size < 64 || mc->level_size > 1024 || mc->level_size % 16) abort();
        if (!memchr(bc->batcher, '\0', sizeof bc->batcher) || !memchr(mc->level, '\0', sizeof mc->level)) abort();
        if (!memchr(o.script, '\0', sizeof o.script) || !memchr(o.screenshot, '\0', sizeof o.screenshot)) abort();
    } else if (rc == OPTIONS_ERROR) {
        if (!err[0] || strchr(err, '\n')) abort();
    } else if (rc != OPTIONS_EXIT_OK) {
        abort();
    }
    free(buf);
    return 0;
}

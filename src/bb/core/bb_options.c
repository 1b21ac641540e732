/* The billboards' command-line options. See bb_options.h. */
#include "bb/core/bb_options.h"

#include <stdio.h>
#include <string.h>

#include "base/names.h"
#include "bb/core/bb_batch.h"
#include "bb/core/bb_gpu_sim.h"

static const options_option bb__options[] = {
    {"--batcher", OPTIONS_ARG_REQUIRED},
    {"--bb-align", OPTIONS_ARG_REQUIRED},
    {"--particles", OPTIONS_ARG_REQUIRED},
    {"--particles-gpu-path", OPTIONS_ARG_REQUIRED},
    {"--particles-gpu", OPTIONS_ARG_REQUIRED},
    {NULL, OPTIONS_ARG_NONE},
};

static void bb__defaults(void *values)
{
    bb_cli *o = values;
    snprintf(o->batcher, sizeof o->batcher, "%s", bb_batcher_names[BB_BATCHER_INSTANCED]);
    snprintf(o->align, sizeof o->align, "%s", bb_align_names[BB_ALIGN_AUTO]);
    o->particles = 0;
    o->particles_gpu = 0;
    snprintf(o->particles_gpu_path, sizeof o->particles_gpu_path, "%s", bb_gpu_path_names[BB_GPU_PATH_AUTO]);
}

static int bb__apply(const char *name, const char *val, void *values, char *err, size_t errlen)
{
    bb_cli *o = values;
    long long n;
    if (!strcmp(name, "--batcher"))
        return options_set_name(name, "batcher", bb_batcher_names, val, o->batcher, sizeof o->batcher, err, errlen);
    if (!strcmp(name, "--bb-align"))
        return options_set_name(name, "alignment", bb_align_names, val, o->align, sizeof o->align, err, errlen);
    if (!strcmp(name, "--particles-gpu-path"))
        return options_set_name(name, "GPU particle path", bb_gpu_path_names, val, o->particles_gpu_path,
                                sizeof o->particles_gpu_path, err, errlen);
    if (!strcmp(name, "--particles")) {
        if (!options_parse_digits(val, &n) || n > 10000000)
            return options_fail(err, errlen, "--particles: expected a whole number 0..10000000, got '%s'", val);
        o->particles = (long)n;
        return OPTIONS_OK;
    }
    /* --particles-gpu, the last of bb__options */
    if (!options_parse_digits(val, &n) || n > 4000000)
        return options_fail(err, errlen, "--particles-gpu: expected a whole number 0..4000000, got '%s'", val);
    o->particles_gpu = (long)n;
    return OPTIONS_OK;
}

static void bb__help(FILE *f)
{
    char batchers[128], aligns[128], paths[128];
    names_join(bb_batcher_names, " | ", batchers, sizeof batchers);
    names_join(bb_align_names, " | ", aligns, sizeof aligns);
    names_join(bb_gpu_path_names, " | ", paths, sizeof paths);
    fprintf(f, "  --batcher KIND      %s: billboard batcher    (default: %s)\n", batchers, bb_batcher_names[0]);
    fprintf(f, "  --bb-align MODE     %s: billboard alignment,\n"
               "                      auto keeps each effect's own                (default: %s)\n", aligns, bb_align_names[0]);
    fputs("  --particles N       extra billboards for stress tests, 0..10000000 (default 0)\n"
          "  --particles-gpu N   particles simulated on the GPU, 0..4000000 (default 0)\n", f);
    fprintf(f, "  --particles-gpu-path PATH  %s: how the GPU steps them,\n"
               "                      auto times both at startup and keeps the faster (default: %s)\n", paths,
            bb_gpu_path_names[BB_GPU_PATH_AUTO]);
}

const options_ext bb_options = {
    .options = bb__options, .size = sizeof(bb_cli), .defaults = bb__defaults, .apply = bb__apply, .help = bb__help};

const bb_cli *bb_cli_values(const options *o)
{
    static bb_cli defaults;
    const bb_cli *c = o ? options_ext_values(o, &bb_options) : NULL;
    if (c) return c;
    if (!defaults.batcher[0]) bb__defaults(&defaults);
    return &defaults;
}

const param_def bb_param_rows[BB_P_COUNT] = {BB_PARAMS(PARAMS_ROW)};

const quality_field bb_quality_rows[BB_QUALITY_COUNT] = {
    /*                    low     medium  high */
    {"particles.density", {0.5f,   0.75f,  1.0f}},
};

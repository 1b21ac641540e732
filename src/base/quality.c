#include "base/quality.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const quality_names[] = {"low", "medium", "high", "auto", NULL};

const param_def quality_param_rows[QUALITY_P_COUNT] = {QUALITY_PARAMS(PARAMS_ROW)};

/* The renderer's part of the presets. High: every parameter's default (today's frame). Medium
 * draws half the pixels without DOF; low a sixth of them without SSAO and DOF (the two effects
 * that cost per pixel and change the least of what the techniques show) and a 512 shadow map drawn
 * every other frame. The slices register their own fields (meshes at lower density, fewer
 * particles: on a software rasterizer the vertex work counts as much as the pixels). */
const quality_field quality_table[] = {
    /*                    low     medium  high */
    {"render.scale",      {0.4f,   0.7f,   1.0f}},
    {"render.msaa",       {1.0f,   2.0f,   4.0f}},
    {"render.shadow",     {512.0f, 1024.0f, 2048.0f}},
    {"render.shadow_interval", {2.0f, 1.0f, 1.0f}},
    {"render.ssao",       {0.0f,   1.0f,   1.0f}},
    {"render.dof",        {0.0f,   0.0f,   1.0f}},
    {"render.bloom",      {1.0f,   1.0f,   1.0f}},
};
const int quality_table_count = (int)(sizeof quality_table / sizeof quality_table[0]);

static struct {
    const quality_field *rows;
    int n;
} quality__tables[QUALITY_TABLES_MAX];
static int quality__ntables;

void quality_register(const quality_field *rows, int n)
{
    for (int t = 0; t < quality__ntables; t++)
        if (quality__tables[t].rows == rows) return;
    assert(quality__ntables < QUALITY_TABLES_MAX && n >= 0);
    if (quality__ntables == QUALITY_TABLES_MAX) return;
    quality__tables[quality__ntables].rows = rows;
    quality__tables[quality__ntables].n = n;
    quality__ntables++;
}

int quality_field_count(void)
{
    int n = quality_table_count;
    for (int t = 0; t < quality__ntables; t++) n += quality__tables[t].n;
    return n;
}

const quality_field *quality_field_at(int i)
{
    if (i < quality_table_count) return &quality_table[i];
    i -= quality_table_count;
    for (int t = 0; t < quality__ntables; t++) {
        if (i < quality__tables[t].n) return &quality__tables[t].rows[i];
        i -= quality__tables[t].n;
    }
    return NULL;
}

int quality_auto(const char *gl_renderer, bool headless)
{
    if (headless || !gl_renderer) return QUALITY_HIGH;
    static const char *const cpu[] = {"llvmpipe", "softpipe", "SwiftShader", "swiftshader"};
    for (size_t i = 0; i < sizeof cpu / sizeof cpu[0]; i++)
        if (strstr(gl_renderer, cpu[i])) return QUALITY_LOW;
    return QUALITY_HIGH;
}

bool quality_apply(params *p, int q, char *err, unsigned errlen)
{
    if (q < 0 || q >= QUALITY_COUNT) {
        snprintf(err, errlen, "quality: no preset %d", q);
        return false;
    }
    const int n = quality_field_count();
    for (int i = 0; i < n; i++) {
        const quality_field *f = quality_field_at(i);
        int id = params_find(f->param);
        if (id < 0) {
            snprintf(err, errlen, "quality: parameter %s is not registered", f->param);
            return false;
        }
        params_set(p, id, f->value[q]);
    }
    return true;
}

void governor_init(governor *g, float target_fps, float scale)
{
    *g = (governor){.target_ms = target_fps > 0 ? 1000.0f / target_fps : 0.0f, .scale = scale};
    if (g->scale < GOVERNOR_MIN_SCALE) g->scale = GOVERNOR_MIN_SCALE;
    if (g->scale > GOVERNOR_MAX_SCALE) g->scale = GOVERNOR_MAX_SCALE;
}

float governor_step(governor *g, float frame_ms)
{
    if (g->target_ms <= 0 || !(frame_ms > 0)) return g->scale;
    g->sum_ms += frame_ms;
    if (++g->n < GOVERNOR_WINDOW) return g->scale;
    const float avg = g->sum_ms / (float)g->n;
    g->sum_ms = 0;
    g->n = 0;
    if (avg <= g->target_ms * 1.06f && avg >= g->target_ms * 0.9f) return g->scale; /* in the band: hold */
    float next = g->scale * sqrtf(g->target_ms / avg);
    if (next < GOVERNOR_MIN_SCALE) next = GOVERNOR_MIN_SCALE;
    if (next > GOVERNOR_MAX_SCALE) next = GOVERNOR_MAX_SCALE;
    if (fabsf(next - g->scale) < 0.01f) return g->scale; /* at the floor or ceiling already */
    g->scale = next;
    g->changes++;
    return g->scale;
}

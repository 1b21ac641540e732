#include "base/quality.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const quality_names[] = {"low", "medium", "high", "auto", NULL};

const param_def quality_param_rows[QUALITY_P_COUNT] = {QUALITY_PARAMS(PARAMS_ROW)};

/* The presets, one place. High: every parameter's default (today's frame). Medium draws half the
 * pixels without DOF; low a sixth of them without SSAO and DOF (the two effects that cost per
 * pixel and change the least of what the techniques show), a 512 shadow map drawn every other
 * frame, the mud on a grid of half the density and no farther than 120 m, the head and the
 * gallery at half their grid density, half the sparks and smoke. On a software rasterizer the
 * vertex work counts as much as the pixels, hence the mesh fields. */
const quality_field quality_table[] = {
    /*                    low     medium  high */
    {"render.scale",      {0.4f,   0.7f,   1.0f}},
    {"render.msaa",       {1.0f,   2.0f,   4.0f}},
    {"render.shadow",     {512.0f, 1024.0f, 2048.0f}},
    {"render.shadow_interval", {2.0f, 1.0f, 1.0f}},
    {"render.ssao",       {0.0f,   1.0f,   1.0f}},
    {"render.dof",        {0.0f,   0.0f,   1.0f}},
    {"render.bloom",      {1.0f,   1.0f,   1.0f}},
    {"mud.fine_distance", {0.0f,   5.0f,   8.0f}},
    {"mud.grid_step",     {2.0f,   1.0f,   1.0f}},
    {"mud.draw_distance", {120.0f, 170.0f, 220.0f}},
    {"mud.terrain_shadow", {0.0f,  1.0f,   1.0f}},
    {"particles.density", {0.5f,   0.75f,  1.0f}},
    {"face.detail",       {0.5f,   0.75f,  1.0f}},
    {"dissolve.detail",   {0.5f,   0.75f,  1.0f}},
};
const int quality_table_count = (int)(sizeof quality_table / sizeof quality_table[0]);

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
    for (int i = 0; i < quality_table_count; i++) {
        int id = params_find(quality_table[i].param);
        if (id < 0) {
            snprintf(err, errlen, "quality: parameter %s is not registered", quality_table[i].param);
            return false;
        }
        params_set(p, id, quality_table[i].value[q]);
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

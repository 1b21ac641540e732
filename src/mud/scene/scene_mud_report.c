/* What the mud scene shows and measures (docs/mud.md, docs/cli.md): the debug views (mud, mud-base,
 * physics, water), the dumps, the stats and bench keys, the HUD and the key help. The frame itself
 * is scene_mud.c; the state both share is scene_mud_state.h. */
#include <stdio.h>
#include <string.h>

#include "mud/scene/scene_mud_state.h"
#include "base/names.h"
#include "gfx/dump.h"
#include "mud/core/mud_relief.h"
#include "gfx/hud.h"

bool mud_view(void *p, const char *name, scene_view *out)
{
    mud_scene *s = p;
    int bx, bz;
    mud_play_block_under_truck(s->sim, &bx, &bz);
    const int v = names_find(mud_views, name);
    if (v == MUD_VIEW_BASE) {
        GLuint tex = mud_renderer_base_view_texture(s->mr, bx, bz);
        *out = (scene_view){tex ? tex : mud_renderer_base_texture(s->mr), GFX_PANEL_ALPHA, "mud mask of the 3 x 3 blocks around the truck"};
        return true;
    }
    if (v == MUD_VIEW_PHYSICS) {
        /* drawn in prepare while the view is on: the first frame of the view has none yet */
        *out = (scene_view){s->physics_tex, GFX_PANEL_RGB, "collision shapes: truck grey, plants green, chunks brown"};
        return true;
    }
    if (v == MUD_VIEW_WATER) return mud_water_view(s->water, out);
    if (v == MUD_VIEW_TRUCK_DIRT) {
        const damage_map *dm = mud_truck_dirt_map(s->truck);
        *out = (scene_view){dm ? damage_map_texture(dm) : 0, GFX_PANEL_RGB,
                            "the truck's dirt map (its atlas): R coverage, G and B the splats' wider rings"};
        return true;
    }
    if (v != MUD_VIEW_MUD) return false;
    GLuint tex = mud_renderer_block_texture(s->mr, bx, bz);
    if (tex) *out = (scene_view){tex, GFX_PANEL_RGB, "mud block under the truck: R tread print, GB slide"};
    else *out = (scene_view){mud_renderer_base_texture(s->mr), GFX_PANEL_RGB, "no mud under the truck: base terrain"};
    return true;
}

/* The block's 16-bit heights: the GPU's layer, else the CPU field's, else (no mud: false) the base
 * level everywhere. */
static bool mud_block_heights(mud_scene *s, int bx, int bz, uint16_t *h)
{
    if (mud_renderer_read_block_heights(s->mr, bx, bz, h)) return true;
    const uint16_t *cpu = mudfield_block_heights(mud_sim_field(s->sim), bx, bz);
    for (int k = 0; k < MUDFIELD_RES * MUDFIELD_RES; k++) h[k] = cpu ? cpu[k] : MUDFIELD_HEIGHT_ZERO;
    return cpu != NULL;
}

/* The block's 16-bit heights as a 16-bit grey PNG at 0.1 mm a unit, 32768 the base level (clamped). */
static bool mud_dump_height(mud_scene *s, int bx, int bz, const char *path)
{
    static uint16_t h[MUDFIELD_RES * MUDFIELD_RES];
    if (!mud_block_heights(s, bx, bz, h))
        fprintf(stderr, "imprint: dump mud-height: no mud in block %d %d under the truck: the base level (32768) everywhere\n", bx, bz);
    const long per_step = (long)(MUDFIELD_HEIGHT_STEP * 10000.0f + 0.5f); /* 0.1 mm units per height step */
    for (int k = 0; k < MUDFIELD_RES * MUDFIELD_RES; k++) {
        long v = 32768 + ((long)h[k] - MUDFIELD_HEIGHT_ZERO) * per_step;
        h[k] = (uint16_t)(v < 0 ? 0 : v > 65535 ? 65535 : v);
    }
    return gfx_write_png16(path, MUDFIELD_RES, MUDFIELD_RES, h);
}

bool mud_dump(void *p, const char *target, const char *path)
{
    mud_scene *s = p;
    int bx, bz;
    mud_play_block_under_truck(s->sim, &bx, &bz);
    const int d = names_find(mud_dumps, target);
    if (d == MUD_DUMP_BASE) return mud_renderer_dump_base_block(s->mr, bx, bz, path);
    if (d == MUD_DUMP_WATER) return mud_water_dump(s->water, path);
    if (d == MUD_DUMP_HEIGHT) return mud_dump_height(s, bx, bz, path);
    if (d == MUD_DUMP_TRUCK_DIRT) {
        const damage_map *dm = mud_truck_dirt_map(s->truck);
        return dm && damage_map_dump_view(dm, false, path);
    }
    if (d != MUD_DUMP_MUD && d != MUD_DUMP_VIEW) return false;
    static uint8_t px[MUDFIELD_RES * MUDFIELD_RES * 4];
    /* not on the GPU: the CPU field */
    if (!mud_renderer_read_block(s->mr, bx, bz, px)) mud_play_pack_block(s->sim, bx, bz, px);
    static uint16_t h[MUDFIELD_RES * MUDFIELD_RES];
    mud_block_heights(s, bx, bz, h);
    /* R = the reference's height byte (the layer's R holds the tread print) */
    if (d == MUD_DUMP_MUD) {
        for (int k = 0; k < MUDFIELD_RES * MUDFIELD_RES; k++) px[4 * k] = mudfield_height_byte(h[k]);
        return gfx_write_png(path, MUDFIELD_RES, MUDFIELD_RES, 4, px, false);
    }
    /* mud-view: relief, track wash and slide arrows (mud/core/mud_relief.h) */
    static unsigned char rgb[MUD_RELIEF_SIZE * MUD_RELIEF_SIZE * 3];
    mud_relief_rgb(h, px, rgb);
    return gfx_write_png(path, MUD_RELIEF_SIZE, MUD_RELIEF_SIZE, 3, rgb, false);
}

void mud_stats(void *p, json_writer *w)
{
    mud_scene *s = p;
    mud_renderer_write_stats(s->mr, w);
    mud_play_stats(s->sim, w);
    json_int(w, "clods_alive", s->clods ? s->clods->alive : 0);
    json_int(w, "decals", decal_pool_count(s->decals));
    json_int(w, "floaters", s->clods ? s->clods->nfloat : 0);
    json_int(w, "floaters_stuck", s->clods ? s->clods->float_stuck : 0);
    json_int(w, "decals_added", decal_pool_added(s->decals));
    const mud_truck_dirt td = mud_truck_measure(s->truck);
    json_number(w, "truck_dirt", td.mean);
    json_number(w, "truck_dirt_max", td.max);
    json_number(w, "truck_dirt_wet", td.wet);
    json_int(w, "truck_splats", s->dirt.total);
    json_int(w, "truck_clod_hits", s->clod_hits);
    json_int(w, "truck_spray_hits", s->dirt.spray_hits);
    json_bool(w, "truck_washing", s->washing);
    mud_bodies_stats(s->bodies, w);
    mud_water_stats(s->water, w);
    json_object_begin(w, "layers");
    for (int i = 0; i < MUD_LAYER_COUNT; i++)
        if (mud_layer_present(i)) json_bool(w, mud_layer_names[i], s->layers.on[i]);
    json_object_end(w);
}

typedef struct mud__long_drive { mud_sim *sim; mud_renderer *mr; } mud__long_drive;

/* The `drive_1024m` bench: a scripted drive across a 1024 m level of its own with the real
 * streaming and stamping (uploads and memory stay bounded), written as one JSON object. */

/* After every step of the long drive: the step's primitives drawn into the GPU's mud. */
static void mud__stream(void *user, const float pos[3])
{
    mud__long_drive *d = user;
    mud_renderer_update(d->mr, (float *)pos);
    mud_renderer_queue_step(d->mr, d->sim);
    mud_renderer_stamp(d->mr);
}

static void mud__bench_long_drive(json_writer *w, unsigned seed, bool mud_everywhere)
{
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 1024, .seed = seed, .mud_everywhere = mud_everywhere}});
    mud_renderer *mr = sim ? mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(sim)}) : NULL;
    if (mr) {
        json_object_begin(w, "drive_1024m");
        mud__long_drive d = {sim, mr};
        mud_renderer_write_stream(mr, mud_play_long_drive(sim, 1000.0f, mud__stream, &d, w), w);
        json_object_end(w);
    }
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

void mud_bench(void *p, json_writer *w)
{
    mud_scene *s = p;
    mud_play_stamp_stats(&s->play, s->sim, w);
    mud_renderer_write_upload(s->mr, s->frames, w);
    mud_layers_timing_write(&s->timing, w);
    mud_bodies_bench(s->bodies, w);
    mud__bench_long_drive(w, s->ctx->seed, mud_cli_values(s->ctx->opt)->everywhere);
}

void mud_hud(void *p, float x, float y)
{
    mud_scene *s = p;
    const mud_renderer_stats *st = mud_renderer_get_stats(s->mr);
    const vehicle *v = mud_sim_vehicle(s->sim);
    const float c[4] = {1, 1, 1, 0.9f};
    char off[128] = "";
    for (int i = 0; i < MUD_LAYER_COUNT; i++)
        if (mud_layer_present(i) && !s->layers.on[i]) snprintf(off + strlen(off), sizeof off - strlen(off), " %s", mud_layer_names[i]);
    mud_physics_stats ps;
    mud_physics_stats_get(mud_bodies_physics(s->bodies), &ps);
    /* the physics step's wall time only in a window: a headless picture shows simulated state alone,
     * so two runs give the same bytes (the time is in `stats` either way) */
    char phys[32] = "";
    if (!s->ctx->headless) snprintf(phys, sizeof phys, "  physics %.2f ms", ps.step_ms);
    gfx_hud_text(x, y, 1.0f, c,
                 "truck %.1f km/h  sink %.2f m\nblocks active %d drawn %d resident %d\nmud upload %.1f KiB  clods %d\n"
                 "bodies %d  plants down %d  chunks %d (broken %d)%s\nlayers off:%s",
                 vehicle_speed(v) * 3.6f, vehicle_sink(v), st->blocks_active, st->blocks_drawn, st->blocks_resident,
                 (double)st->upload_bytes_frame / 1024.0, s->clods ? s->clods->alive : 0, ps.bodies, ps.plants_down, ps.chunks,
                 ps.chunks_broken, phys, off[0] ? off : " none");
}

void mud_keys_help(char *buf, size_t len)
{
    char layers[128];
    mud_layers_present_list(layers, sizeof layers);
    snprintf(buf, len, "W/S or Up/Down  throttle / reverse\nA/D or Left/Right  steer\nSpace  brake    R  back to the spawn\n"
                       "L  take the next layer away (all on after the last)\n   layers: %s\n"
                       "Gamepad: RT/LT throttle, left stick steer, A brake", layers);
}

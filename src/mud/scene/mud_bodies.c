#include "mud/scene/mud_bodies.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "gfx/timer.h"

_Static_assert((int)LEVEL_PLANT_TREE == (int)PLANT_TREE && (int)LEVEL_PLANT_ROCK == (int)PLANT_ROCK &&
                   (int)LEVEL_PLANT_BUSH == (int)PLANT_BUSH,
               "the level's plant kinds are the physics' kinds");

#define CLEARANCE 3.0f /* metres kept free of plants beside a track or a road */

struct mud_bodies {
    mud_sim *sim;
    mud_physics *ph;
    mud_props *props;
};

/* plants keep off the level's tracks (from their start along +z), roads and water areas */
static bool keep_clear(void *user, float x, float z)
{
    const terrain *t = user;
    const mud_level *lv = terrain_level(t);
    for (int i = 0; i < lv->nwater; i++) {
        const float *r = lv->water[i].rect;
        if (x > r[0] - 1.0f && x < r[2] + 1.0f && z > r[1] - 1.0f && z < r[3] + 1.0f) return false;
    }
    for (int i = 0; i < lv->nmud; i++) {
        const mud_area *a = &lv->mud[i];
        if (a->kind != MUD_AREA_TRACK) continue;
        if (fabsf(x - a->v[0]) < a->v[3] + CLEARANCE && z > a->v[1] - 16.0f && z < a->v[1] + a->v[2] + 16.0f) return false;
    }
    return terrain_road_edge(t, x, z) < -CLEARANCE;
}

mud_bodies *mud_bodies_create(mud_sim *sim, const mud_bodies_desc *desc)
{
    mud_bodies *b = calloc(1, sizeof *b);
    if (!b) {
        log_error("mud bodies: out of memory");
        return NULL;
    }
    b->sim = sim;
    b->ph = mud_physics_create(sim, &(mud_physics_desc){.seed = desc->seed});
    b->props = mud_props_create(NULL);
    if (!b->ph || !b->props) {
        mud_bodies_destroy(b);
        return NULL;
    }
    const mud_level *lv = desc->level;
    for (int i = 0; lv && i < lv->nplants; i++) {
        const level_plants *lp = &lv->plants[i];
        /* level_plant_kind and plant_kind list tree, rock, bush in the same order */
        plants_scatter_desc sd = {.kind = (plant_kind)lp->kind, .per_hectare = lp->per_hectare,
                                  .rect = {lp->rect[0], lp->rect[1], lp->rect[2], lp->rect[3]},
                                  .seed = (uint64_t)desc->seed * 1000003u + (uint64_t)i, .keep = keep_clear,
                                  .user = (void *)mud_sim_terrain(sim)};
        mud_physics_scatter(b->ph, &sd);
    }
    return b;
}

void mud_bodies_destroy(mud_bodies *b)
{
    if (!b) return;
    mud_props_destroy(b->props);
    mud_physics_destroy(b->ph);
    free(b);
}

mud_physics *mud_bodies_physics(mud_bodies *b) { return b->ph; }

void mud_bodies_drive(mud_bodies *b, const vehicle_input *in, float dt) { mud_physics_drive(b->ph, in, dt); }

void mud_bodies_draw(mud_bodies *b, scene_pass pass, const renderer_frame *f, const vec3 shadow_focus, unsigned layers)
{
    mat4 vp; /* with no layer on, the main pass still runs: it counts no plant drawn */
    if (pass == SCENE_PASS_SHADOW) {
        glm_mat4_copy((vec4 *)f->light_viewproj, vp);
        mud_props_draw(b->props, MUD_PASS_SHADOW, vp, shadow_focus, b->ph, layers);
        return;
    }
    glm_mat4_copy((vec4 *)f->viewproj, vp);
    gfx_pass_begin("mud.props");
    mud_props_draw(b->props, MUD_PASS_MAIN, vp, (float *)f->camera_pos, b->ph, layers);
    gfx_pass_end();
}

GLuint mud_bodies_physics_view(mud_bodies *b, int width, int height) { return mud_props_physics_view(b->props, b->ph, width, height); }

static bool inside(const mud_bodies *b, float x, float z, const char *what)
{
    const int size = terrain_level_size(mud_sim_terrain(b->sim));
    if (x >= 0.0f && z >= 0.0f && x <= (float)size && z <= (float)size) return true;
    log_error("%s %.1f %.1f: X and Z must be in 0..%d (the level is %d m)", what, x, z, size, size);
    return false;
}

bool mud_bodies_plant(mud_bodies *b, plant_kind kind, float x, float z)
{
    if (!inside(b, x, z, "plant")) return false;
    return mud_physics_add_plant(b->ph, kind, x, z, 0.0f) >= 0; /* -1: logged */
}

bool mud_bodies_chunk(mud_bodies *b, float x, float z, float size)
{
    if (!inside(b, x, z, "chunk")) return false;
    if (mud_physics_add_chunk(b->ph, x, z, size) >= 0) return true;
    log_error("chunk %.1f %.1f: %d chunks exist already", x, z, MUD_PHYSICS_MAX_CHUNKS);
    return false;
}

void mud_bodies_stats(const mud_bodies *b, json_writer *w)
{
    mud_physics_write_stats(b->ph, w);
    json_int(w, "plants_drawn", mud_props_get_stats(b->props)->plants_drawn);
}

void mud_bodies_bench(const mud_bodies *b, json_writer *w) { mud_physics_write_bench(b->ph, w); }

/* mud.c — the mud technique on inputs of its own: a flat plane of soft mud (a flat terrain, no
 * level file) and one lugged wheel rolling over it. Each step the wheel forms one primitive
 * (mudfield_wheel: hub, radius, width, direction, penetration, tread), laid out once
 * (mudfield_stamp_layout), stamped into the CPU field (the physics' copy) and queued for the GPU,
 * whose stamp pass rasterizes it into the mud block's render targets; the terrain is drawn from them.
 * --check reads the GPU's height layer back: a rut under the wheel's path, its volume moved into
 * the berms beside and ahead of it, the ground away from the path untouched, the CPU field equal.
 *
 *   build/bin/mud                             a window: space pauses, R starts on fresh mud
 *   build/bin/mud --headless --frames 30 --screenshot rut.png --check
 */
#include <math.h>
#include <stdio.h>

#include "base/mesh.h"
#include "common.h"
#include "gfx/renderer.h"
#include "gfx/timer.h"
#include "mud/mud.h"

#define RADIUS 0.55f  /* tyre, to the lugs' tips, m */
#define WIDTH 0.35f
#define PEN 0.10f     /* how deep the tyre runs below the untouched mud, m */
#define SPEED 5.0f    /* m/s, one primitive per 1/60 s step */
#define LENGTH 9.0f   /* m of path, then the mud starts fresh */
#define HEADING 180.0f /* degrees from +z towards +x: along the texel grid, the sun behind the camera */
#define LUGS 8        /* a print the shader draws wants lugs over 3 texels apart (mud_terrain.frag) */
#define LUG_H 0.05f   /* lug height, m */
#define GROUND 2.0f   /* the flat terrain's height, m (a whole step of its 8 cm grid) */
static const vec2 START = {266.0f, 270.5f}; /* in block (16, 16) of the 512 m level: the path and its berms stay in it */

typedef struct mud_world {
    terrain *terr;
    mudfield *field;     /* the CPU copy: what physics would drive on */
    mud_renderer *mr;    /* the GPU copy: what is drawn */
} mud_world;

static bool world_create(mud_world *w)
{
    /* flat: every sample at GROUND, softness 1 and mud mask 1 (the hard floor 0.5 m down) */
    if (!w->terr)
        w->terr = terrain_create(&(terrain_desc){.level_size = 512, .flat = true, .flat_height = GROUND, .flat_softness = 1.0f,
                                                 .flat_mud = 1.0f});
    w->field = w->terr ? mudfield_create(w->terr, NULL) : NULL;
    w->mr = w->field ? mud_renderer_create(&(mud_renderer_desc){.field = w->field, .slots = 8}) : NULL;
    return w->mr != NULL;
}

static void world_destroy(mud_world *w, bool keep_terrain)
{
    mud_renderer_destroy(w->mr);
    mudfield_destroy(w->field);
    if (!keep_terrain) terrain_destroy(w->terr), w->terr = NULL;
    w->mr = NULL, w->field = NULL;
}

static void forward(vec2 f) { f[0] = sinf(glm_rad(HEADING)), f[1] = cosf(glm_rad(HEADING)); }

/* The wheel after rolling d metres: its hub, and the primitive it forms there. */
static mudfield_wheel wheel_at(float d, vec3 hub)
{
    vec2 f;
    forward(f);
    hub[0] = START[0] + f[0] * d, hub[1] = GROUND + RADIUS - PEN, hub[2] = START[1] + f[1] * d;
    const float spacing = 2.0f * GLM_PIf * RADIUS / LUGS;
    return (mudfield_wheel){.center = {hub[0], hub[1], hub[2]}, .radius = RADIUS, .width = WIDTH, .forward = {f[0], f[1]},
                            .velocity = {f[0] * SPEED, f[1] * SPEED}, .penetration = PEN,
                            /* rolling without slip: the print stays where each lug came down */
                            .tread_spacing = spacing, .tread_depth = LUG_H, .tread_phase = fmodf(d, spacing)};
}

/* One step: the primitive into the CPU field now and into the GPU's queue for the next stamp pass. */
static void roll(mud_world *w, float d)
{
    vec3 hub;
    mudfield_wheel wheel = wheel_at(d, hub);
    mudfield_stamp_geom g;
    if (!mudfield_stamp_layout(w->field, &wheel, &g)) return;
    mudfield_stamp_geom_apply(w->field, &g);
    mud_renderer_queue(w->mr, &g, 1);
}

/* A tyre (axle along x) with LUGS chevron lugs, lug i at spin angle 2 pi i / LUGS from the
 * bottom, each half's end MUDFIELD_TREAD_CHEVRON x its distance from the middle behind it, as the
 * print in the mud has them; and its rim with a stub of axle. */
static void build_wheel(gfx_mesh *tyre, gfx_mesh *rim)
{
    mesh_data m = {0}, lug = {0};
    const float c = RADIUS - 0.5f * LUG_H, q = 0.25f * WIDTH;
    mesh_add_cylinder(&m, (float[3]){0, 0, 0}, 0, RADIUS - LUG_H, WIDTH, 48);
    for (int i = 0; i < LUGS; i++) {
        mat4 turn;
        mesh_clear(&lug);
        for (int s = -1; s <= 1; s += 2)
            mesh_add_box(&lug, (float[3]){(float)s * q, -c, -MUDFIELD_TREAD_CHEVRON * q}, (float[3]){q, 0.5f * LUG_H, 0.08f}, 0,
                         (float)s * atanf(MUDFIELD_TREAD_CHEVRON));
        glm_rotate_make(turn, 2.0f * GLM_PIf * (float)i / LUGS, (vec3){1, 0, 0});
        mesh_append(&m, &lug, turn);
    }
    *tyre = gfx_mesh_create(&m, "tyre");
    mesh_clear(&m);
    mesh_add_cylinder(&m, (float[3]){0, 0, 0}, 0, 0.3f, WIDTH + 0.02f, 32);
    mesh_add_cylinder(&m, (float[3]){0, 0, 0}, 0, 0.05f, WIDTH + 0.5f, 12);
    *rim = gfx_mesh_create(&m, "rim");
    mesh_data_free(&m);
    mesh_data_free(&lug);
}

/* The property, on the GPU's height layer of the wheel's block (texel (i, j) at the block's corner
 * + (i, j) x MUDFIELD_SPACING; u along the path from START, v across it):
 *   the rut: every texel under the middle half of the tyre's width, between where the wheel
 *     started and where it stands, lies at least PEN / 2 below the untouched mud;
 *   the volume: what the rut lost the berms gained (the sum of the heights raised over the sum of
 *     those lowered within 1 %; the stamp moves whole 1 mm steps, so it is exact);
 *   elsewhere: every texel further than the berm's reach from the tyre's swept footprint is
 *     untouched, and no other block got a layer (the rest of the plane is drawn from the base);
 *   the CPU field holds the same heights (the same arithmetic on the same bytes). */
static bool check(mud_world *w, float travelled)
{
    const int bx = (int)(START[0] / TERRAIN_BLOCK_SIZE), bz = (int)(START[1] / TERRAIN_BLOCK_SIZE);
    static uint16_t gpu[MUDFIELD_RES * MUDFIELD_RES];
    const uint16_t *cpu = mudfield_block_heights(w->field, bx, bz);
    if (!mud_renderer_read_block_heights(w->mr, bx, bz, gpu) || !cpu) {
        printf("mud: check FAILED: the wheel's block has no mud layer\n");
        return false;
    }
    vec2 f;
    forward(f);
    vec3 hub;
    mudfield_wheel wheel = wheel_at(0.0f, hub);
    mudfield_stamp_geom g;
    mudfield_stamp_layout(w->field, &wheel, &g); /* the footprint's half length and the berm's width */
    const float area = MUDFIELD_SPACING * MUDFIELD_SPACING, reach = g.berm_width + 2.0f * MUDFIELD_SPACING;
    int rut = 0, shallow = 0, away = 0, moved = 0, differ = 0;
    double removed = 0, raised = 0, beside = 0, depth = 0, deepest = 0;
    for (int j = 0; j < MUDFIELD_RES; j++)
        for (int i = 0; i < MUDFIELD_RES; i++) {
            const int k = j * MUDFIELD_RES + i;
            const float h = mudfield_unpack_height16(gpu[k]);
            const float x = (float)bx * TERRAIN_BLOCK_SIZE + (float)i * MUDFIELD_SPACING - START[0];
            const float z = (float)bz * TERRAIN_BLOCK_SIZE + (float)j * MUDFIELD_SPACING - START[1];
            const float u = x * f[0] + z * f[1], v = x * f[1] - z * f[0];
            differ += gpu[k] != cpu[k];
            removed += h < 0 ? -h * area : 0.0;
            raised += h > 0 ? h * area : 0.0;
            beside += h > 0 && fabsf(v) > 0.5f * WIDTH ? h * area : 0.0;
            if (u >= 0 && u <= travelled && fabsf(v) < 0.25f * WIDTH) {
                rut++, depth -= h, deepest = fmax(deepest, -h);
                shallow += h > -0.5f * PEN;
            }
            const float du = fmaxf(fmaxf(-g.half_len - u, u - travelled - g.half_len), 0.0f), dv = fabsf(v) - 0.5f * WIDTH;
            if (du > reach || dv > reach) away++, moved += gpu[k] != MUDFIELD_HEIGHT_ZERO;
        }
    const double ratio = removed > 0 ? raised / removed : 0.0;
    const int layers = mud_renderer_get_stats(w->mr)->blocks_resident;
    const bool ok = rut >= travelled / MUDFIELD_SPACING && shallow == 0 && fabs(ratio - 1.0) <= 0.01 && moved == 0 && layers == 1 &&
                    differ == 0;
    printf("mud: check %s: rut %.2f m long, %d texels under the tyre's middle: mean depth %.1f mm, deepest %.1f mm, "
           "%d shallower than %.0f mm; volume removed %.5f m3, in the berms %.5f m3 (%.5f beside the rut, %.5f heaped "
           "ahead and behind), ratio %.4f (1 +- 0.01); %d texels away from the path, %d changed; %d block(s) with a layer; "
           "CPU field vs GPU layer: %d texels differ\n",
           ok ? "ok" : "FAILED", (double)travelled, rut, rut ? 1000.0 * depth / rut : 0.0, 1000.0 * deepest, shallow,
           (double)(500.0f * PEN), removed, raised, beside, raised - beside, ratio, away, moved, layers, differ);
    return ok;
}

int main(int argc, char **argv)
{
    example ex = {.name = "mud", .keys = "space  pause the wheel\nR      start again on fresh mud\n"};
    example_init(&ex, argc, argv);
    gfx_timers_init();
    mud_world w = {0};
    gfx_mesh tyre, rim;
    build_wheel(&tyre, &rim);
    renderer *r = renderer_create(&(renderer_desc){.width = ex.width, .height = ex.height, .shadow_size = 1024});
    if (!world_create(&w) || !r || !tyre.vao || !rim.vao) return 1;
    vec2 f;
    forward(f);
    /* the camera behind the start, to the left of the rut, looking along it; the sun from behind on the right */
    vec3 eye = {START[0] - 1.2f * f[0] + 0.6f * f[1], GROUND + 0.9f, START[1] - 1.2f * f[1] - 0.6f * f[0]};
    vec3 at = {START[0] + 2.4f * f[0], GROUND - 0.3f, START[1] + 2.4f * f[1]};
    mat4 view, proj, vp, model, light;
    glm_lookat(eye, at, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(50.0f), (float)ex.width / (float)ex.height, 0.05f, 300.0f, proj);
    glm_mat4_mul(proj, view, vp);
    renderer_set_shadow_focus(r, (vec3){at[0], GROUND, at[2]}, 5.0f);
    renderer_set_fog(r, (vec3){0.70f, 0.76f, 0.84f}, 0.015f); /* the sky's horizon colour: the plane's far edge melts into it */
    float d = 0.0f; /* metres rolled */
    bool paused = false;
    while (example_frame(&ex)) {
        paused ^= example_key(&ex, ' ');
        if (example_key(&ex, 'R') || d > LENGTH) {
            world_destroy(&w, true);
            if (!world_create(&w)) return 1;
            d = 0.0f;
        }
        if (!paused) roll(&w, d += SPEED * EXAMPLE_DT);
        vec3 hub;
        wheel_at(d, hub);
        mud_renderer_update(w.mr, hub); /* blocks near the wheel keep (or get back) their layers */
        mud_renderer_stamp(w.mr);       /* the queued primitives into the layers */
        /* the wheel: turned to its heading, spun by the distance rolled */
        glm_translate_make(model, hub);
        glm_rotate_y(model, glm_rad(HEADING), model);
        glm_rotate_x(model, d / RADIUS, model);
        renderer_begin_frame(r, view, proj, eye, ex.time);
        renderer_shadow_begin(r);
        glm_mat4_copy((vec4 *)renderer_frame_uniforms(r)->light_viewproj, light);
        mud_renderer_draw(w.mr, MUD_PASS_SHADOW, light, at);
        renderer_draw_caster(r, &tyre, model);
        renderer_draw_caster(r, &rim, model);
        renderer_shadow_end(r);
        renderer_main_begin(r);
        mud_renderer_draw(w.mr, MUD_PASS_MAIN, vp, eye);
        renderer_draw_lit_spec(r, &tyre, model, (vec3){0.05f, 0.048f, 0.045f}, NULL, 0.2f, 24.0f);
        renderer_draw_lit(r, &rim, model, (vec3){0.3f, 0.29f, 0.26f}, NULL);
        renderer_opaque_end(r);
        renderer_finish(r);
        example_present(&ex, renderer_output(r));
        gfx_timers_frame_end();
    }
    bool ok = example_screenshot(&ex, renderer_final(r));
    if (ex.check) ok = check(&w, d) && ok;
    gfx_mesh_destroy(&tyre);
    gfx_mesh_destroy(&rim);
    world_destroy(&w, false);
    renderer_destroy(r);
    gfx_timers_shutdown();
    example_shutdown(&ex);
    return ok ? 0 : 1;
}

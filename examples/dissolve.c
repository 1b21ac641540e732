/* dissolve.c — the dissolve technique on meshes of its own: two boxes subdivided 24 cells a side
 * burn from the top down along a noisy, glowing edge; the left one bulges where the edge passes
 * (push), the right one is sucked into a point above it (pull). Both go through the technique in
 * the shadow pass too. --check draws each box alone from the front (orthographic) at amount 0.45
 * and reads the depth back: far below the edge the surface is where it rests; near the edge push
 * brings it towards the camera (at most push_distance) and pull takes it away towards the target;
 * above the edge nothing is left at rest (push: nothing at all, cut). Exit 1 when any fails.
 *
 *   build/bin/dissolve                        a window: space pauses, Up/Down move the amount
 *   build/bin/dissolve --headless --frames 30 --screenshot boxes.png --check
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "dissolve/dissolve.h"
#include "gfx/renderer.h"
#include "gfx/timer.h"

#define HALF 0.5f      /* box half extent, m */
#define CY 1.0f        /* box centre height, m */
#define APART 0.9f     /* box centres at x = -APART (push) and +APART (pull) */
#define CHECK_AMOUNT 0.45f

typedef struct box {
    mat4 model;
    dissolve_params p;
} box;

static box boxes[2];
static gfx_mesh cube, orb;

/* Burns from 0.1 m above the top to 0.1 m below the bottom; a little noise on the edge. */
static void setup_boxes(void)
{
    for (int b = 0; b < 2; b++) {
        const float cx = b ? APART : -APART;
        glm_translate_make(boxes[b].model, (vec3){cx, CY, 0});
        dissolve_params p = dissolve_params_defaults();
        p.mode = b ? DISSOLVE_MODE_PULL : DISSOLVE_MODE_PUSH;
        p.shape = DISSOLVE_SHAPE_DIRECTION;
        glm_vec3_copy((vec3){cx, CY + HALF + 0.1f, 0}, p.from);
        glm_vec3_copy((vec3){cx, CY - HALF - 0.1f, 0}, p.to);
        glm_vec3_copy((vec3){cx, CY + 1.4f, -0.3f}, p.target);
        p.noise_weight = 0.1f;
        p.band = 0.25f;
        boxes[b].p = p;
    }
}

/* One frame of the boxes in `mask` (bit 0 push, bit 1 pull) from view/proj; ground and orb with `stage`. */
static void draw(renderer *r, dissolve *dv, int mask, mat4 view, mat4 proj, const vec3 eye, bool stage, float t)
{
    renderer_begin_frame(r, view, proj, eye, t);
    renderer_shadow_begin(r);
    for (int b = 0; b < 2; b++)
        if (mask >> b & 1) dissolve_draw_mesh(dv, &cube, boxes[b].model, (vec3){0.6f, 0.6f, 0.62f}, NULL, &boxes[b].p, DISSOLVE_PASS_SHADOW);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    if (stage) renderer_draw_ground(r);
    for (int b = 0; b < 2; b++)
        if (mask >> b & 1) dissolve_draw_mesh(dv, &cube, boxes[b].model, (vec3){0.6f, 0.6f, 0.62f}, NULL, &boxes[b].p, DISSOLVE_PASS_MAIN);
    if (stage) { /* the pull's target: a small glowing orb */
        mat4 m;
        glm_translate_make(m, boxes[1].p.target);
        renderer_draw_lit(r, &orb, m, (vec3){0.9f, 0.5f, 0.2f}, (vec3){8.0f, 3.0f, 0.8f});
    }
    renderer_opaque_end(r);
    renderer_finish(r);
}

/* The property for box b: its front face (z = HALF) read back as depth, row by row. With the
 * noise's share w, a row whose rest t (its height along the burn) is s has t within s +- w, so
 * rows sort into: far (s > threshold + w + band: never moves), cut (s < threshold - w: burnt) and
 * the band between. */
static bool check_box(renderer *r, dissolve *dv, int b, int w, int h)
{
    box *bx = &boxes[b];
    const float amount = bx->p.amount, cx = b ? APART : -APART, hh = 1.3f, hw = hh * (float)w / (float)h, n = 0.1f, f = 10.0f;
    bx->p.amount = CHECK_AMOUNT;
    mat4 view, proj;
    const vec3 eye = {cx, CY, 5.0f};
    glm_lookat((vec3){cx, CY, 5.0f}, (vec3){cx, CY, 0}, (vec3){0, 1, 0}, view);
    glm_ortho(-hw, hw, -hh, hh, n, f, proj);
    draw(r, dv, 1 << b, view, proj, eye, false, 0.0f);
    float *depth = malloc(sizeof(float) * (size_t)w * (size_t)h);
    if (!depth) return false;
    glBindTexture(GL_TEXTURE_2D, renderer_scene_depth(r));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glBindTexture(GL_TEXTURE_2D, 0);
    const dissolve_params *p = &bx->p;
    const float thr = dissolve_threshold(p), wn = p->noise_weight, m = 0.02f, eps = 0.004f;
    int far_moved = 0, far_seen = 0, cut_left = 0, band_moved = 0, over = 0;
    for (int y = 0; y < h; y++) {
        const float wy = CY + ((float)y + 0.5f) / (float)h * 2.0f * hh - hh;
        const float s = (p->from[1] - wy) / (p->from[1] - p->to[1]);
        const bool in_box = fabsf(wy - CY) < HALF - m;
        const bool far = s > thr + wn + p->band + m, cut = s < thr - wn - m;
        for (int x = 0; x < w; x++) {
            const float wx = ((float)x + 0.5f) / (float)w * 2.0f * hw - hw, d = depth[(size_t)y * (size_t)w + (size_t)x];
            const bool seen = d < 1.0f, inner = fabsf(wx) < HALF - 0.08f;
            const float z = eye[2] - (n + d * (f - n)); /* world z of what the pixel shows */
            over += seen && z > HALF + p->push_distance + eps;
            if (!in_box) continue;
            if (far && inner) far_seen += seen, far_moved += seen && fabsf(z - HALF) > eps;
            /* burnt: push leaves nothing; pull leaves nothing where it rested (strands fly to the target) */
            if (cut && fabsf(wx) < HALF + p->push_distance) cut_left += seen && (b == 0 || fabsf(z - HALF) < eps);
            if (!far && !cut && inner && seen)
                band_moved += b == 0 ? z > HALF + 0.5f * p->push_distance : z < HALF - 0.05f;
        }
    }
    free(depth);
    bx->p.amount = amount;
    const bool ok = far_seen > 100 && far_moved == 0 && cut_left == 0 && band_moved > 50 && over == 0;
    printf("dissolve: check %s %s: below the band %d pixels at rest, %d moved; burnt side %d left%s; %d %s at the edge; "
           "%d past push_distance\n",
           dissolve_mode_name(p->mode), ok ? "ok" : "FAILED", far_seen, far_moved, cut_left, b ? " at rest" : "",
           band_moved, b ? "moved towards the target" : "bulging", over);
    return ok;
}

int main(int argc, char **argv)
{
    example ex = {.name = "dissolve", .keys = "space  pause the burn\nUp     on in the cycle\nDown   back in the cycle\n"};
    example_init(&ex, argc, argv);
    gfx_timers_init();
    mesh_data m = {0};
    mesh_build_box(&m, (vec3){HALF, HALF, HALF}, 24); /* hard edges: 6 faces apart */
    mesh_compute_smooth_normals(&m, 1e-5f);           /* push moves along these, so edges stay shut */
    cube = gfx_mesh_create(&m, "box");
    mesh_clear(&m);
    mesh_build_sphere(&m, 0.06f, 16, 8);
    orb = gfx_mesh_create(&m, "orb");
    mesh_data_free(&m);
    dissolve *dv = dissolve_create(&(dissolve_desc){0}); /* bakes the noise */
    renderer *r = renderer_create(&(renderer_desc){.width = ex.width, .height = ex.height, .shadow_size = 1024});
    if (!dv || !r || !cube.vao) return 1;
    setup_boxes();
    renderer_set_shadow_focus(r, (vec3){0, CY, 0}, 2.5f);
    const vec3 eye = {0.9f, 2.3f, 3.6f};
    mat4 view, proj;
    glm_lookat((vec3){0.9f, 2.3f, 3.6f}, (vec3){0, 1.0f, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(45.0f), (float)ex.width / (float)ex.height, 0.1f, 100.0f, proj);
    float t = 0.0f, amount;
    bool paused = false;
    while (example_frame(&ex)) {
        paused ^= example_key(&ex, ' ');
        if (!paused) t += EXAMPLE_DT;
        t += example_key(&ex, 265) ? 0.25f : example_key(&ex, 264) ? -0.25f : 0.0f; /* GLFW_KEY_UP, _DOWN */
        /* a cycle of 8 s, whole, gone and back, starting a little below half */
        amount = 0.5f - 0.5f * cosf(6.2831853f * (t / 8.0f + 0.17f));
        for (int b = 0; b < 2; b++) boxes[b].p.amount = amount;
        draw(r, dv, 3, view, proj, eye, true, ex.time);
        example_present(&ex, renderer_output(r));
        gfx_timers_frame_end();
    }
    bool ok = example_screenshot(&ex, renderer_final(r));
    if (ex.check) {
        int w, h;
        renderer_size(r, &w, &h);
        ok = check_box(r, dv, 0, w, h) && ok;
        ok = check_box(r, dv, 1, w, h) && ok;
    }
    gfx_mesh_destroy(&cube);
    gfx_mesh_destroy(&orb);
    dissolve_destroy(dv);
    renderer_destroy(r);
    gfx_timers_shutdown();
    example_shutdown(&ex);
    return ok ? 0 : 1;
}

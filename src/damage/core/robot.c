/* The robot: its plates packed into one atlas, the inner body, the skin weights of both, and the
 * atlas raster every consumer of the atlas walks. The plates' shapes are robot_plates.c. */
#include "damage/core/robot_internal.h"

#include "base/log.h"
#include "damage/core/damage_surface.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb_rect_pack.h>

static const char *const plate_names[ROBOT_PLATE_COUNT] = {
    "helmet", "chest", "back", "shoulder_l", "shoulder_r", "upper_arm_l", "upper_arm_r",
    "lower_arm_l", "lower_arm_r", "thigh_l", "thigh_r", "shin_l", "shin_r",
};

const char *robot_plate_name(int plate)
{
    return plate >= 0 && plate < ROBOT_PLATE_COUNT ? plate_names[plate] : "body";
}

/* A mesh and its skin built part by part; ok turns false for good when a bake runs out of memory
 * (a later bake could grow the skin again and leave a part unweighted). */
typedef struct part_sink {
    mesh_data *m;
    rig_skin *skin;
    bool ok;
} part_sink;

static void add_part_rot(part_sink *dst, rig_region region, int kind, const float scale[3], const float at[3],
                         float rot_x_deg, float rot_z_deg)
{
    const int first = dst->m->vertex_count;
    mesh_data tmp = {0};
    if (kind == 0) mesh_build_box(&tmp, (float[3]){1, 1, 1}, 1);
    else if (kind == 1) mesh_build_cylinder(&tmp, 1.0f, 1.0f, 14, 1);
    else mesh_build_sphere(&tmp, 1.0f, 12, 8);
    mat4 xf;
    glm_translate_make(xf, (float *)at);
    if (rot_x_deg != 0.0f) glm_rotate_x(xf, glm_rad(rot_x_deg), xf);
    if (rot_z_deg != 0.0f) glm_rotate_z(xf, glm_rad(rot_z_deg), xf);
    glm_scale(xf, (float *)scale);
    mesh_append(dst->m, &tmp, xf);
    mesh_data_free(&tmp);
    if (!rig_skin_bake(dst->skin, (const float (*)[3])dst->m->pos, first, dst->m->vertex_count, region, 0)) dst->ok = false;
}

static void add_part(part_sink *dst, rig_region region, int kind, const float scale[3], const float at[3], float rot_x_deg)
{
    add_part_rot(dst, region, kind, scale, at, rot_x_deg, 0.0f);
}

enum { BOX, CYL, SPH };

/* Dark metal skeleton: elliptic torso and head, limbs as cylinders, joints as spheres.
 * Cylinders are built base-at-origin, so `at` is their bottom centre. */
static bool build_body(robot *r)
{
    part_sink body = {&r->body, &r->body_skin, true}, glow = {&r->glow, &r->glow_skin, true};
    add_part(&body, RIG_REGION_TORSO, CYL, (float[3]){0.2f, 0.54f, 0.13f}, (float[3]){0, 1.08f, 0}, 0);
    add_part(&body, RIG_REGION_TORSO, BOX, (float[3]){0.22f, 0.09f, 0.12f}, (float[3]){0, 1.0f, 0}, 0);
    add_part(&body, RIG_REGION_TORSO, CYL, (float[3]){0.05f, 0.2f, 0.05f}, (float[3]){0, 1.6f, 0}, 0);
    add_part(&body, RIG_REGION_TORSO, CYL, (float[3]){0.105f, 0.32f, 0.115f}, (float[3]){0, 1.78f, 0}, 0);
    for (int s = 0; s < 2; s++) {
        float side = s ? -1.0f : 1.0f;
        const rig_region arm_region = s ? RIG_REGION_ARM_R : RIG_REGION_ARM_L, leg_region = s ? RIG_REGION_LEG_R : RIG_REGION_LEG_L;
        add_part(&body, arm_region, SPH, (float[3]){0.075f, 0.075f, 0.075f}, (float[3]){side * 0.34f, 1.53f, 0}, 0);
        add_part(&body, arm_region, CYL, (float[3]){0.05f, 0.38f, 0.05f}, (float[3]){side * 0.38f, 1.12f, 0}, 0);
        add_part(&body, arm_region, SPH, (float[3]){0.06f, 0.06f, 0.06f}, (float[3]){side * 0.38f, 1.14f, 0}, 0);
        add_part(&body, arm_region, CYL, (float[3]){0.045f, 0.28f, 0.045f}, (float[3]){side * 0.38f, 0.85f, 0}, 0);
        add_part(&body, arm_region, BOX, (float[3]){0.04f, 0.06f, 0.05f}, (float[3]){side * 0.38f, 0.8f, 0}, 0);
        add_part(&body, leg_region, SPH, (float[3]){0.08f, 0.08f, 0.08f}, (float[3]){side * 0.14f, 0.93f, 0}, 0);
        add_part(&body, leg_region, CYL, (float[3]){0.065f, 0.42f, 0.065f}, (float[3]){side * 0.14f, 0.5f, 0}, 0);
        add_part(&body, leg_region, SPH, (float[3]){0.07f, 0.07f, 0.07f}, (float[3]){side * 0.14f, 0.51f, 0}, 0);
        add_part(&body, leg_region, CYL, (float[3]){0.055f, 0.42f, 0.055f}, (float[3]){side * 0.14f, 0.08f, 0}, 0);
        add_part(&body, leg_region, BOX, (float[3]){0.07f, 0.05f, 0.13f}, (float[3]){side * 0.14f, 0.05f, 0.04f}, 0);
        /* glowing joint rings and the eye lights */
        add_part(&glow, arm_region, CYL, (float[3]){0.053f, 0.02f, 0.053f}, (float[3]){side * 0.38f, 1.3f, 0}, 0);
        add_part(&glow, leg_region, CYL, (float[3]){0.058f, 0.02f, 0.058f}, (float[3]){side * 0.14f, 0.3f, 0}, 0);
        add_part(&glow, leg_region, CYL, (float[3]){0.068f, 0.02f, 0.068f}, (float[3]){side * 0.14f, 0.72f, 0}, 0);
        /* elbow and knee hinges: a hub across the joint with a lit cap on its outer end, and a
         * guard over the knee's front, so the limbs read as jointed at any distance */
        add_part_rot(&body, arm_region, CYL, (float[3]){0.042f, 0.15f, 0.042f}, (float[3]){side * 0.38f - side * 0.075f, 1.14f, 0}, 0, -side * 90.0f);
        add_part_rot(&body, leg_region, CYL, (float[3]){0.05f, 0.18f, 0.05f}, (float[3]){side * 0.14f - side * 0.09f, 0.51f, 0}, 0, -side * 90.0f);
        add_part(&body, leg_region, SPH, (float[3]){0.062f, 0.075f, 0.045f}, (float[3]){side * 0.14f, 0.52f, 0.055f}, 0);
        add_part(&body, arm_region, SPH, (float[3]){0.05f, 0.06f, 0.04f}, (float[3]){side * 0.38f, 1.14f, -0.045f}, 0);
        add_part_rot(&glow, arm_region, CYL, (float[3]){0.024f, 0.006f, 0.024f}, (float[3]){side * 0.38f + side * 0.075f, 1.14f, 0}, 0, -side * 90.0f);
        add_part_rot(&glow, leg_region, CYL, (float[3]){0.028f, 0.006f, 0.028f}, (float[3]){side * 0.14f + side * 0.09f, 0.51f, 0}, 0, -side * 90.0f);
        /* the eyes behind the visor */
        add_part(&glow, RIG_REGION_TORSO, BOX, (float[3]){0.03f, 0.012f, 0.01f}, (float[3]){side * 0.045f, 1.962f, 0.112f}, 0);
    }
    /* the visor: a lit strip across the helmet's open front, at the eyes */
    add_part(&glow, RIG_REGION_TORSO, BOX, (float[3]){0.078f, 0.006f, 0.013f}, (float[3]){0, 1.943f, 0.105f}, 0);
    /* the power core in the chest, behind the chest plate */
    add_part(&glow, RIG_REGION_TORSO, CYL, (float[3]){0.05f, 0.015f, 0.05f}, (float[3]){0, 1.4f, 0.12f}, 90);
    add_part(&glow, RIG_REGION_TORSO, BOX, (float[3]){0.012f, 0.2f, 0.006f}, (float[3]){0, 1.2f, 0.127f}, 0);
    if (!body.ok || !glow.ok) log_error("robot: out of memory building the body");
    return body.ok && glow.ok;
}

static bool try_pack(robot *r, robot__builder *b, float s, stbrp_rect *rects, stbrp_node *nodes)
{
    int n = r->atlas_size, pad = 2 * r->gutter;
    stbrp_context ctx;
    stbrp_init_target(&ctx, n, n, nodes, n);
    for (int c = 0; c < r->chart_count; c++) {
        rects[c].id = c;
        rects[c].w = (int)ceilf(b->chart_m[c][0] * s) + 1 + pad;
        rects[c].h = (int)ceilf(b->chart_m[c][1] * s) + 1 + pad;
        if (rects[c].w > n || rects[c].h > n) return false;
    }
    return stbrp_pack_rects(&ctx, rects, r->chart_count) == 1;
}

/* Largest common scale that packs: balanced density is one scale for every chart. False (logged)
 * when not even one texel per metre fits (an atlas too small for the charts and their gutters)
 * or memory runs out. */
static bool pack_atlas(robot *r, robot__builder *b)
{
    stbrp_rect rects[ROBOT_MAX_CHARTS];
    stbrp_node *nodes = malloc((size_t)r->atlas_size * sizeof *nodes);
    if (!nodes) {
        log_error("robot: out of memory packing the atlas");
        return false;
    }
    float lo = 1.0f, hi = 8.0f * (float)r->atlas_size;
    for (int it = 0; it < 24; it++) {
        float mid = 0.5f * (lo + hi);
        if (try_pack(r, b, mid, rects, nodes)) lo = mid; else hi = mid;
    }
    bool ok = try_pack(r, b, lo, rects, nodes);
    free(nodes);
    if (!ok) {
        /* the atlas size comes from the caller's desc: one too small is an error to report, not an assert */
        log_error("robot: %d armor charts with %d-texel gutters do not fit a %dx%d atlas", r->chart_count, r->gutter,
                  r->atlas_size, r->atlas_size);
        return false;
    }
    r->texels_per_m = lo;
    for (int i = 0; i < r->chart_count; i++) {
        robot_chart *c = &r->charts[rects[i].id];
        c->x0 = rects[i].x + r->gutter;
        c->y0 = rects[i].y + r->gutter;
        c->w = b->chart_m[rects[i].id][0] * lo;
        c->h = b->chart_m[rects[i].id][1] * lo;
        c->len0 = b->chart_len_m[rects[i].id][0] * lo;
        c->len1 = b->chart_len_m[rects[i].id][1] * lo;
    }
    return true;
}

/* The bone each plate rides on and the chain its weights follow. */
static const struct { int bone; rig_region region; } plate_rig[ROBOT_PLATE_COUNT] = {
    [ROBOT_PLATE_HELMET] = {RIG_HEAD, RIG_REGION_RIGID},
    [ROBOT_PLATE_CHEST] = {RIG_CHEST, RIG_REGION_TORSO_PLATE},
    [ROBOT_PLATE_BACK] = {RIG_CHEST, RIG_REGION_TORSO_PLATE},
    [ROBOT_PLATE_SHOULDER_L] = {RIG_CLAVICLE_L, RIG_REGION_RIGID},
    [ROBOT_PLATE_SHOULDER_R] = {RIG_CLAVICLE_R, RIG_REGION_RIGID},
    [ROBOT_PLATE_UPPER_ARM_L] = {RIG_UPPER_ARM_L, RIG_REGION_ARM_L},
    [ROBOT_PLATE_UPPER_ARM_R] = {RIG_UPPER_ARM_R, RIG_REGION_ARM_R},
    [ROBOT_PLATE_LOWER_ARM_L] = {RIG_LOWER_ARM_L, RIG_REGION_ARM_L},
    [ROBOT_PLATE_LOWER_ARM_R] = {RIG_LOWER_ARM_R, RIG_REGION_ARM_R},
    [ROBOT_PLATE_THIGH_L] = {RIG_THIGH_L, RIG_REGION_LEG_L},
    [ROBOT_PLATE_THIGH_R] = {RIG_THIGH_R, RIG_REGION_LEG_R},
    [ROBOT_PLATE_SHIN_L] = {RIG_SHIN_L, RIG_REGION_LEG_L},
    [ROBOT_PLATE_SHIN_R] = {RIG_SHIN_R, RIG_REGION_LEG_R},
};

/* Plate weights are baked at the bind (rest) position of each vertex. */
static bool skin_plates(robot *r)
{
    for (int p = 0; p < r->plate_count; p++) {
        robot_plate *pl = &r->plates[p];
        const mesh_data *m = &pl->mesh;
        float (*bind)[3] = malloc((size_t)m->vertex_count * sizeof *bind);
        if (!bind) {
            log_error("robot: out of memory skinning the %s plate", pl->name);
            return false;
        }
        for (int v = 0; v < m->vertex_count; v++) glm_mat4_mulv3(pl->rest, m->pos[v], 1.0f, bind[v]);
        pl->bone = plate_rig[p].bone;
        bool ok = rig_skin_bake(&pl->skin, (const float (*)[3])bind, 0, m->vertex_count, plate_rig[p].region, pl->bone);
        free(bind);
        if (!ok) return false;
    }
    return true;
}

static void finish_plates(robot *r, robot__builder *b)
{
    float inv = 1.0f / (float)r->atlas_size;
    for (int p = 0; p < r->plate_count; p++) {
        robot_plate *pl = &r->plates[p];
        mesh_data *m = &pl->mesh;
        const robot__vextra *ex = b->ex[p];
        for (int v = 0; v < m->vertex_count; v++) {
            const robot_chart *c = &r->charts[ex[v].chart];
            m->uv[v][0] = ((float)c->x0 + ex[v].local[0] * r->texels_per_m) * inv;
            m->uv[v][1] = ((float)c->y0 + ex[v].local[1] * r->texels_per_m) * inv;
        }
        mesh_compute_normals(m);
        mesh_compute_tangents(m);
        mesh_compute_smooth_normals(m, 1e-5f);
        vec3 lo, hi;
        mesh_bounds(m, lo, hi);
        glm_vec3_center(lo, hi, pl->center);
        pl->radius = 0.5f * glm_vec3_distance(lo, hi);
        pl->area = 0;
        for (int i = 0; i < m->index_count; i += 3) {
            vec3 e1, e2, n;
            glm_vec3_sub(m->pos[m->idx[i + 1]], m->pos[m->idx[i]], e1);
            glm_vec3_sub(m->pos[m->idx[i + 2]], m->pos[m->idx[i]], e2);
            glm_vec3_cross(e1, e2, n);
            pl->area += 0.5f * glm_vec3_norm(n);
        }
    }
}

robot *robot_create(const robot_desc *desc)
{
    robot_desc d = desc ? *desc : (robot_desc){0};
    if (d.atlas_size <= 0) d.atlas_size = 1024;
    if (d.gutter <= 0) d.gutter = 4;
    size_t sz = (sizeof(robot) + 31) & ~(size_t)31;
    robot *r = aligned_alloc(32, sz);
    robot__builder *b = calloc(1, sizeof *b);
    if (!r || !b) {
        log_error("robot: out of memory");
        free(r);
        free(b);
        return NULL;
    }
    memset(r, 0, sizeof *r);
    r->atlas_size = d.atlas_size;
    r->gutter = d.gutter;
    r->plate_count = ROBOT_PLATE_COUNT;
    b->r = r;
    robot__build_plates(b);
    if (b->oom) log_error("robot: out of memory building the armor plates");
    bool packed = !b->oom && pack_atlas(r, b);
    if (packed) finish_plates(r, b);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) free(b->ex[p]);
    free(b);
    if (!packed || !build_body(r) || !skin_plates(r)) {
        robot_destroy(r);
        return NULL;
    }
    vec3 lo, hi;
    mesh_bounds(&r->plates[ROBOT_PLATE_HELMET].mesh, lo, hi);
    r->height = hi[1] + r->plates[ROBOT_PLATE_HELMET].rest[3][1];
    return r;
}

void robot_destroy(robot *r)
{
    if (!r) return;
    for (int p = 0; p < r->plate_count; p++) {
        mesh_data_free(&r->plates[p].mesh);
        free(r->plates[p].param);
        free(r->plates[p].panel);
        free(r->plates[p].chart);
        rig_skin_free(&r->plates[p].skin);
    }
    rig_skin_free(&r->body_skin);
    rig_skin_free(&r->glow_skin);
    mesh_data_free(&r->body);
    mesh_data_free(&r->glow);
    free(r);
}

void robot_panel_texel(const robot *r, int panel, float pu, float pv, float out[2])
{
    assert(panel >= 0 && panel < r->panel_count);
    const robot_chart *c = &r->charts[r->panels[panel].outer_chart];
    float len = c->len0 + (c->len1 - c->len0) * pv;
    out[0] = (float)c->x0 + (c->w - len) * 0.5f + pu * len;
    out[1] = (float)c->y0 + pv * c->h;
}

/* The plates as the surface the damage map rasterizes (damage_surface.h): one walk of the atlas for
 * every consumer, the robot's and any other mesh's. */
static int robot__surface(const robot *r, damage_mesh *out, int cap)
{
    const int n = r->plate_count < cap ? r->plate_count : cap;
    for (int p = 0; p < n; p++) {
        const mesh_data *m = &r->plates[p].mesh;
        out[p] = (damage_mesh){.positions = (const float(*)[3])m->pos, .uvs = (const float(*)[2])m->uv,
                               .charts = r->plates[p].chart, .indices = m->idx,
                               .vertex_count = m->vertex_count, .index_count = m->index_count};
    }
    return n;
}

void robot_atlas_raster(const robot *r, robot_texel_fn fn, void *user)
{
    damage_mesh meshes[ROBOT_PLATE_COUNT];
    damage_surface_raster(meshes, robot__surface(r, meshes, ROBOT_PLATE_COUNT), r->atlas_size, fn, user);
}

int robot_atlas_grid(const robot *r, int16_t *grid)
{
    damage_mesh meshes[ROBOT_PLATE_COUNT];
    return damage_surface_grid(meshes, robot__surface(r, meshes, ROBOT_PLATE_COUNT), r->atlas_size, grid);
}

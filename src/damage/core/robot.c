#include "damage/core/robot.h"
#include "base/log.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
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

/* Per-vertex build data that mesh_data has no room for: chart and chart-local position in
 * metres, turned into atlas uv once the packer has placed the chart. */
typedef struct vextra {
    int chart;
    float local[2];
} vextra;

typedef struct builder {
    robot *r;
    int plate;
    vextra *ex[ROBOT_PLATE_COUNT];
    int ex_cap[ROBOT_PLATE_COUNT];
    float chart_m[ROBOT_MAX_CHARTS][2]; /* chart content size in metres */
    float chart_len_m[ROBOT_MAX_CHARTS][2];
} builder;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "imprint: out of memory building the robot\n");
        abort();
    }
    return q;
}

static uint32_t add_vert(builder *b, const float p[3], float pu, float pv, int panel, int chart, float lx, float ly)
{
    robot_plate *pl = &b->r->plates[b->plate];
    /* p may point into this very mesh (rims reuse face positions), which may move as it grows */
    const float at[3] = {p[0], p[1], p[2]};
    uint32_t v = mesh_add_vertex(&pl->mesh, at, NULL, NULL);
    int *cap = &b->ex_cap[b->plate];
    if ((int)v >= *cap) {
        *cap = *cap ? *cap * 2 : 256;
        b->ex[b->plate] = xrealloc(b->ex[b->plate], (size_t)*cap * sizeof(vextra));
        pl->param = xrealloc(pl->param, (size_t)*cap * sizeof *pl->param);
        pl->panel = xrealloc(pl->panel, (size_t)*cap * sizeof *pl->panel);
        pl->chart = xrealloc(pl->chart, (size_t)*cap * sizeof *pl->chart);
    }
    pl->chart[v] = chart;
    b->ex[b->plate][v] = (vextra){chart, {lx, ly}};
    pl->param[v][0] = pu;
    pl->param[v][1] = pv;
    pl->panel[v] = panel;
    return v;
}

/* Winding follows the wanted facing, so every builder can list corners in any order. */
static void add_tri_facing(mesh_data *m, uint32_t a, uint32_t b, uint32_t c, const float facing[3])
{
    vec3 e1, e2, n;
    glm_vec3_sub(m->pos[b], m->pos[a], e1);
    glm_vec3_sub(m->pos[c], m->pos[a], e2);
    glm_vec3_cross(e1, e2, n);
    if (glm_vec3_dot(n, (float *)facing) < 0.0f) mesh_add_tri(m, a, c, b);
    else mesh_add_tri(m, a, b, c);
}

static void add_quad_facing(mesh_data *m, uint32_t a, uint32_t b, uint32_t c, uint32_t d, const float facing[3])
{
    add_tri_facing(m, a, b, c, facing);
    add_tri_facing(m, a, c, d, facing);
}

static int new_chart(builder *b, int panel, robot_chart_kind kind, float wm, float hm)
{
    robot *r = b->r;
    assert(r->chart_count < ROBOT_MAX_CHARTS);
    int c = r->chart_count++;
    r->charts[c] = (robot_chart){.plate = b->plate, .panel = panel, .kind = kind};
    b->chart_m[c][0] = wm;
    b->chart_m[c][1] = hm;
    return c;
}

static int new_panel(builder *b, int closed)
{
    robot *r = b->r;
    assert(r->panel_count < ROBOT_MAX_PANELS);
    int p = r->panel_count++;
    r->panels[p] = (robot_panel){.plate = b->plate, .outer_chart = -1, .closed = closed};
    return p;
}

typedef struct wrap_desc {
    float rx, rz;        /* outer radii at the bottom row */
    float a0, a1;        /* degrees from +z towards +x */
    float y0, y1;
    float taper;         /* radius scale at the top row */
    float t;             /* thickness */
    int nu, nv;
    int closed;
    int joined;          /* bit 0 bottom, bit 1 top: that edge meets another band, so no rim */
} wrap_desc;

static void wrap_point(const wrap_desc *w, float inset, float a, float pv, float out[3])
{
    float k = 1.0f + (w->taper - 1.0f) * pv;
    out[0] = k * (w->rx - inset) * sinf(a);
    out[1] = w->y0 + (w->y1 - w->y0) * pv;
    out[2] = k * (w->rz - inset) * cosf(a);
}

/* A sheet bent around the local y axis: an elliptic (optionally tapered) band, or a closed tube. */
static void build_wrap(builder *b, const wrap_desc *w)
{
    enum { MAXU = 40, MAXV = 8 };
    assert(w->nu < MAXU && w->nv < MAXV);
    mesh_data *m = &b->r->plates[b->plate].mesh;
    const int nu = w->nu, nv = w->nv;
    float ang[MAXU], cum[2][MAXU]; /* cumulative bottom-row length, outer and inner */
    float a0 = glm_rad(w->a0), a1 = w->closed ? a0 + 2.0f * GLM_PIf : glm_rad(w->a1);
    for (int i = 0; i <= nu; i++) ang[i] = a0 + (a1 - a0) * (float)i / (float)nu;
    for (int s = 0; s < 2; s++) {
        cum[s][0] = 0;
        for (int i = 1; i <= nu; i++) {
            float p[3], q[3];
            wrap_point(w, s ? w->t : 0.0f, ang[i - 1], 0, p);
            wrap_point(w, s ? w->t : 0.0f, ang[i], 0, q);
            cum[s][i] = cum[s][i - 1] + glm_vec3_distance(p, q);
        }
    }
    float hm = 0;
    for (int i = 0; i <= nu; i++) {
        float p[3], q[3];
        wrap_point(w, 0, ang[i], 0, p);
        wrap_point(w, 0, ang[i], 1, q);
        hm += glm_vec3_distance(p, q) / (float)(nu + 1);
    }
    int panel = new_panel(b, w->closed);
    float len0[2] = {cum[0][nu], cum[1][nu]};
    float wmax[2] = {len0[0] * fmaxf(1.0f, w->taper), len0[1] * fmaxf(1.0f, w->taper)};
    uint32_t face[2][MAXV][MAXU];
    for (int s = 0; s < 2; s++) {
        int c = new_chart(b, panel, s ? ROBOT_CHART_INNER : ROBOT_CHART_OUTER, wmax[s], hm);
        b->chart_len_m[c][0] = len0[s];
        b->chart_len_m[c][1] = len0[s] * w->taper;
        if (!s) b->r->panels[panel].outer_chart = c;
        for (int j = 0; j <= nv; j++) {
            float pv = (float)j / (float)nv, len = len0[s] * (1.0f + (w->taper - 1.0f) * pv);
            for (int i = 0; i <= nu; i++) {
                float p[3], f = cum[s][i] / len0[s];
                wrap_point(w, s ? w->t : 0.0f, ang[i], pv, p);
                face[s][j][i] = add_vert(b, p, cum[0][i] / len0[0], pv, panel, c,
                                         (wmax[s] - len) * 0.5f + f * len, pv * hm);
            }
        }
        for (int j = 0; j < nv; j++)
            for (int i = 0; i < nu; i++) {
                float am = 0.5f * (ang[i] + ang[i + 1]);
                float out[3] = {sinf(am) / w->rx, 0, cosf(am) / w->rz};
                if (s) glm_vec3_negate(out);
                add_quad_facing(m, face[s][j][i], face[s][j][i + 1], face[s][j + 1][i + 1], face[s][j + 1][i], out);
            }
    }
    /* Rims: bottom and top unless joined to another band (a rim there would lie inside the shell,
     * on top of the other band's), the two side edges unless the band closes on itself. */
    for (int e = 0; e < 2; e++) {
        if (w->joined & (1 << e)) continue;
        int j = e ? nv : 0;
        float pv = (float)j / (float)nv, k = 1.0f + (w->taper - 1.0f) * pv;
        float along = len0[0] * k, across = w->t * k;
        int c = new_chart(b, panel, ROBOT_CHART_RIM, along, across);
        uint32_t ro[MAXU], ri[MAXU];
        for (int i = 0; i <= nu; i++) {
            float pu = cum[0][i] / len0[0];
            ro[i] = add_vert(b, m->pos[face[0][j][i]], pu, pv, panel, c, pu * along, 0);
            ri[i] = add_vert(b, m->pos[face[1][j][i]], pu, pv, panel, c, pu * along, across);
        }
        float facing[3] = {0, e ? 1.0f : -1.0f, 0};
        for (int i = 0; i < nu; i++) add_quad_facing(m, ro[i], ro[i + 1], ri[i + 1], ri[i], facing);
    }
    if (!w->closed) {
        for (int e = 0; e < 2; e++) {
            int i = e ? nu : 0, in = e ? nu - 1 : 1;
            int c = new_chart(b, panel, ROBOT_CHART_RIM, hm, w->t * fmaxf(1.0f, w->taper));
            uint32_t ro[MAXV], ri[MAXV];
            for (int j = 0; j <= nv; j++) {
                float pv = (float)j / (float)nv, k = 1.0f + (w->taper - 1.0f) * pv;
                ro[j] = add_vert(b, m->pos[face[0][j][i]], e ? 1.0f : 0.0f, pv, panel, c, pv * hm, 0);
                ri[j] = add_vert(b, m->pos[face[1][j][i]], e ? 1.0f : 0.0f, pv, panel, c, pv * hm, w->t * k);
            }
            vec3 facing;
            glm_vec3_sub(m->pos[face[0][0][i]], m->pos[face[0][0][in]], facing);
            for (int j = 0; j < nv; j++) add_quad_facing(m, ro[j], ro[j + 1], ri[j + 1], ri[j], facing);
        }
    }
}

/* A flat elliptic slab: top face (outer), bottom face (inner), rim. */
static void build_cap(builder *b, float rx, float rz, float y, float t, int n)
{
    enum { MAXN = 40 };
    assert(n < MAXN);
    mesh_data *m = &b->r->plates[b->plate].mesh;
    int panel = new_panel(b, 0);
    uint32_t ring[2][MAXN];
    for (int s = 0; s < 2; s++) {
        int c = new_chart(b, panel, s ? ROBOT_CHART_INNER : ROBOT_CHART_OUTER, 2 * rx, 2 * rz);
        b->chart_len_m[c][0] = b->chart_len_m[c][1] = 2 * rx;
        if (!s) b->r->panels[panel].outer_chart = c;
        float yy = s ? y : y + t;
        uint32_t mid = add_vert(b, (float[3]){0, yy, 0}, 0.5f, 0.5f, panel, c, rx, rz);
        for (int i = 0; i < n; i++) {
            float a = 2.0f * GLM_PIf * (float)i / (float)n;
            float p[3] = {rx * sinf(a), yy, rz * cosf(a)};
            ring[s][i] = add_vert(b, p, (p[0] / rx + 1) * 0.5f, (p[2] / rz + 1) * 0.5f, panel, c, p[0] + rx, p[2] + rz);
        }
        float facing[3] = {0, s ? -1.0f : 1.0f, 0};
        for (int i = 0; i < n; i++) add_tri_facing(m, mid, ring[s][i], ring[s][(i + 1) % n], facing);
    }
    float per = 0;
    for (int i = 0; i < n; i++) per += glm_vec3_distance(m->pos[ring[0][i]], m->pos[ring[0][(i + 1) % n]]);
    int c = new_chart(b, panel, ROBOT_CHART_RIM, per, t);
    uint32_t ro[MAXN + 1], ri[MAXN + 1];
    float along = 0;
    for (int i = 0; i <= n; i++) {
        int k = i % n;
        if (i) along += glm_vec3_distance(m->pos[ring[0][i - 1]], m->pos[ring[0][k]]);
        const float pu = b->r->plates[b->plate].param[ring[0][k]][0], pv = b->r->plates[b->plate].param[ring[0][k]][1];
        ro[i] = add_vert(b, m->pos[ring[0][k]], pu, pv, panel, c, along, 0);
        ri[i] = add_vert(b, m->pos[ring[1][k]], pu, pv, panel, c, along, t);
    }
    for (int i = 0; i < n; i++) {
        float a = 2.0f * GLM_PIf * ((float)i + 0.5f) / (float)n;
        float facing[3] = {sinf(a), 0, cosf(a)};
        add_quad_facing(m, ro[i], ro[i + 1], ri[i + 1], ri[i], facing);
    }
}

static void begin_plate(builder *b, int plate, mat4 rest)
{
    b->plate = plate;
    robot_plate *pl = &b->r->plates[plate];
    snprintf(pl->name, sizeof pl->name, "%s", plate_names[plate]);
    glm_mat4_copy(rest, pl->rest);
}

static void rest_at(float x, float y, float z, mat4 out)
{
    glm_translate_make(out, (vec3){x, y, z});
}

/* Shoulder pads are bands whose axis points sideways and whose middle points up. */
static void rest_shoulder(float side, float x, float y, mat4 out)
{
    glm_mat4_identity(out);
    vec3 ay = {side, 0, 0}, az = {0, 1, 0}, ax;
    glm_vec3_cross(ay, az, ax);
    for (int k = 0; k < 3; k++) { out[0][k] = ax[k]; out[1][k] = ay[k]; out[2][k] = az[k]; }
    out[3][0] = x;
    out[3][1] = y;
}

/* Bands stacked on one another: each band starts where the one below ended (its radii times its
 * taper), so a curved profile is built from straight, isometrically unwrapped pieces.
 * heights[i] is the top of band i (the first starts at w.y0), tapers[i] its radius scale; the
 * inner junctions carry no rims, the stack's own ends follow w.joined. */
static void build_stack(builder *b, wrap_desc w, int count, const float *heights, const float *tapers, const int *closed)
{
    const int ends = w.joined;
    for (int i = 0; i < count; i++) {
        w.y1 = heights[i];
        w.taper = tapers[i];
        w.closed = closed ? closed[i] : w.closed;
        w.joined = (i > 0 ? 1 : ends & 1) | (i < count - 1 ? 2 : ends & 2);
        build_wrap(b, &w);
        w.rx *= w.taper;
        w.rz *= w.taper;
        w.y0 = w.y1;
    }
}

static void build_plates(builder *b)
{
    mat4 rest;
    /* helmet: a cheek guard open at the front (the visor slot shows the eyes), then a closed
     * brow and crown rounding over the head, and a small flat top; the brow's lower rim is the
     * edge above the visor, the cheek guard's top and the crown's top are covered. */
    rest_at(0, 1.96f, 0, rest);
    begin_plate(b, ROBOT_PLATE_HELMET, rest);
    build_stack(b, (wrap_desc){.rx = 0.154f, .rz = 0.154f, .a0 = 42, .a1 = 318, .y0 = -0.15f, .t = 0.012f, .nu = 16, .nv = 2,
                               .joined = 2},
                1, (const float[]){0.03f}, (const float[]){1.09f}, NULL);
    build_stack(b, (wrap_desc){.rx = 0.154f * 1.09f, .rz = 0.154f * 1.09f, .a0 = 180, .y0 = 0.03f, .t = 0.012f, .nu = 20, .nv = 1,
                               .joined = 2},
                3, (const float[]){0.085f, 0.14f, 0.18f}, (const float[]){0.96f, 0.82f, 0.62f},
                (const int[]){1, 1, 1});
    const float top = 0.154f * 1.09f * 0.96f * 0.82f * 0.62f;
    build_cap(b, top, top, 0.18f, 0.012f, 20);

    /* chest and back: a broad band that bevels in towards the neck */
    rest_at(0, 1.375f, 0, rest);
    begin_plate(b, ROBOT_PLATE_CHEST, rest);
    build_stack(b, (wrap_desc){.rx = 0.25f, .rz = 0.18f, .a0 = -72, .a1 = 72, .y0 = -0.225f, .t = 0.015f, .nu = 14, .nv = 3},
                2, (const float[]){0.11f, 0.225f}, (const float[]){1.05f, 0.84f}, NULL);
    begin_plate(b, ROBOT_PLATE_BACK, rest);
    build_stack(b, (wrap_desc){.rx = 0.25f, .rz = 0.18f, .a0 = 108, .a1 = 252, .y0 = -0.225f, .t = 0.015f, .nu = 14, .nv = 3},
                2, (const float[]){0.11f, 0.225f}, (const float[]){1.05f, 0.84f}, NULL);
    for (int s = 0; s < 2; s++) {
        float side = s ? -1.0f : 1.0f;
        rest_shoulder(side, side * 0.33f, 1.53f, rest);
        begin_plate(b, ROBOT_PLATE_SHOULDER_L + s, rest);
        build_wrap(b, &(wrap_desc){.rx = 0.125f, .rz = 0.125f, .a0 = -100, .a1 = 100, .y0 = 0, .y1 = 0.14f,
                                   .taper = 0.86f, .t = 0.012f, .nu = 12, .nv = 2});
        rest_at(side * 0.38f, 1.33f, 0, rest);
        begin_plate(b, ROBOT_PLATE_UPPER_ARM_L + s, rest);
        build_wrap(b, &(wrap_desc){.rx = 0.075f, .rz = 0.075f, .y0 = -0.13f, .y1 = 0.13f, .taper = 1.1f,
                                   .t = 0.01f, .nu = 14, .nv = 2, .closed = 1});
        rest_at(side * 0.38f, 1.0f, 0, rest);
        begin_plate(b, ROBOT_PLATE_LOWER_ARM_L + s, rest);
        build_wrap(b, &(wrap_desc){.rx = 0.065f, .rz = 0.065f, .y0 = -0.12f, .y1 = 0.12f, .taper = 1.18f,
                                   .t = 0.01f, .nu = 14, .nv = 2, .closed = 1});
        rest_at(side * 0.14f, 0.72f, 0, rest);
        begin_plate(b, ROBOT_PLATE_THIGH_L + s, rest);
        build_wrap(b, &(wrap_desc){.rx = 0.095f, .rz = 0.095f, .y0 = -0.17f, .y1 = 0.17f, .taper = 1.14f,
                                   .t = 0.012f, .nu = 16, .nv = 3, .closed = 1});
        rest_at(side * 0.14f, 0.3f, 0, rest);
        begin_plate(b, ROBOT_PLATE_SHIN_L + s, rest);
        build_wrap(b, &(wrap_desc){.rx = 0.08f, .rz = 0.08f, .y0 = -0.17f, .y1 = 0.17f, .taper = 1.16f,
                                   .t = 0.012f, .nu = 16, .nv = 3, .closed = 1});
    }
}

/* rot_z_deg turns the part about z before rot_x_deg about x: -90 lays a cylinder along +x. */
static void add_part_rot(mesh_data *dst, rig_skin *skin, rig_region region, int kind, const float scale[3], const float at[3],
                         float rot_x_deg, float rot_z_deg)
{
    const int first = dst->vertex_count;
    mesh_data tmp = {0};
    if (kind == 0) mesh_build_box(&tmp, (float[3]){1, 1, 1}, 1);
    else if (kind == 1) mesh_build_cylinder(&tmp, 1.0f, 1.0f, 14, 1);
    else mesh_build_sphere(&tmp, 1.0f, 12, 8);
    mat4 xf;
    glm_translate_make(xf, (float *)at);
    if (rot_x_deg != 0.0f) glm_rotate_x(xf, glm_rad(rot_x_deg), xf);
    if (rot_z_deg != 0.0f) glm_rotate_z(xf, glm_rad(rot_z_deg), xf);
    glm_scale(xf, (float *)scale);
    mesh_append(dst, &tmp, xf);
    mesh_data_free(&tmp);
    rig_skin_bake(skin, (const float (*)[3])dst->pos, first, dst->vertex_count, region, 0);
}

static void add_part(mesh_data *dst, rig_skin *skin, rig_region region, int kind, const float scale[3], const float at[3],
                     float rot_x_deg)
{
    add_part_rot(dst, skin, region, kind, scale, at, rot_x_deg, 0.0f);
}

enum { BOX, CYL, SPH };

/* Dark metal skeleton: elliptic torso and head, limbs as cylinders, joints as spheres.
 * Cylinders are built base-at-origin, so `at` is their bottom centre. */
static void build_body(robot *r)
{
    mesh_data *m = &r->body, *g = &r->glow;
    add_part(m, &r->body_skin, RIG_REGION_TORSO, CYL, (float[3]){0.2f, 0.54f, 0.13f}, (float[3]){0, 1.08f, 0}, 0);
    add_part(m, &r->body_skin, RIG_REGION_TORSO, BOX, (float[3]){0.22f, 0.09f, 0.12f}, (float[3]){0, 1.0f, 0}, 0);
    add_part(m, &r->body_skin, RIG_REGION_TORSO, CYL, (float[3]){0.05f, 0.2f, 0.05f}, (float[3]){0, 1.6f, 0}, 0);
    add_part(m, &r->body_skin, RIG_REGION_TORSO, CYL, (float[3]){0.105f, 0.32f, 0.115f}, (float[3]){0, 1.78f, 0}, 0);
    for (int s = 0; s < 2; s++) {
        float side = s ? -1.0f : 1.0f;
        const rig_region arm_region = s ? RIG_REGION_ARM_R : RIG_REGION_ARM_L, leg_region = s ? RIG_REGION_LEG_R : RIG_REGION_LEG_L;
        add_part(m, &r->body_skin, arm_region, SPH, (float[3]){0.075f, 0.075f, 0.075f}, (float[3]){side * 0.34f, 1.53f, 0}, 0);
        add_part(m, &r->body_skin, arm_region, CYL, (float[3]){0.05f, 0.38f, 0.05f}, (float[3]){side * 0.38f, 1.12f, 0}, 0);
        add_part(m, &r->body_skin, arm_region, SPH, (float[3]){0.06f, 0.06f, 0.06f}, (float[3]){side * 0.38f, 1.14f, 0}, 0);
        add_part(m, &r->body_skin, arm_region, CYL, (float[3]){0.045f, 0.28f, 0.045f}, (float[3]){side * 0.38f, 0.85f, 0}, 0);
        add_part(m, &r->body_skin, arm_region, BOX, (float[3]){0.04f, 0.06f, 0.05f}, (float[3]){side * 0.38f, 0.8f, 0}, 0);
        add_part(m, &r->body_skin, leg_region, SPH, (float[3]){0.08f, 0.08f, 0.08f}, (float[3]){side * 0.14f, 0.93f, 0}, 0);
        add_part(m, &r->body_skin, leg_region, CYL, (float[3]){0.065f, 0.42f, 0.065f}, (float[3]){side * 0.14f, 0.5f, 0}, 0);
        add_part(m, &r->body_skin, leg_region, SPH, (float[3]){0.07f, 0.07f, 0.07f}, (float[3]){side * 0.14f, 0.51f, 0}, 0);
        add_part(m, &r->body_skin, leg_region, CYL, (float[3]){0.055f, 0.42f, 0.055f}, (float[3]){side * 0.14f, 0.08f, 0}, 0);
        add_part(m, &r->body_skin, leg_region, BOX, (float[3]){0.07f, 0.05f, 0.13f}, (float[3]){side * 0.14f, 0.05f, 0.04f}, 0);
        /* glowing joint rings and the eye lights */
        add_part(g, &r->glow_skin, arm_region, CYL, (float[3]){0.053f, 0.02f, 0.053f}, (float[3]){side * 0.38f, 1.3f, 0}, 0);
        add_part(g, &r->glow_skin, leg_region, CYL, (float[3]){0.058f, 0.02f, 0.058f}, (float[3]){side * 0.14f, 0.3f, 0}, 0);
        add_part(g, &r->glow_skin, leg_region, CYL, (float[3]){0.068f, 0.02f, 0.068f}, (float[3]){side * 0.14f, 0.72f, 0}, 0);
        /* elbow and knee hinges: a hub across the joint with a lit cap on its outer end, and a
         * guard over the knee's front, so the limbs read as jointed at any distance */
        add_part_rot(m, &r->body_skin, arm_region, CYL, (float[3]){0.042f, 0.15f, 0.042f}, (float[3]){side * 0.38f - side * 0.075f, 1.14f, 0}, 0, -side * 90.0f);
        add_part_rot(m, &r->body_skin, leg_region, CYL, (float[3]){0.05f, 0.18f, 0.05f}, (float[3]){side * 0.14f - side * 0.09f, 0.51f, 0}, 0, -side * 90.0f);
        add_part(m, &r->body_skin, leg_region, SPH, (float[3]){0.062f, 0.075f, 0.045f}, (float[3]){side * 0.14f, 0.52f, 0.055f}, 0);
        add_part(m, &r->body_skin, arm_region, SPH, (float[3]){0.05f, 0.06f, 0.04f}, (float[3]){side * 0.38f, 1.14f, -0.045f}, 0);
        add_part_rot(g, &r->glow_skin, arm_region, CYL, (float[3]){0.024f, 0.006f, 0.024f}, (float[3]){side * 0.38f + side * 0.075f, 1.14f, 0}, 0, -side * 90.0f);
        add_part_rot(g, &r->glow_skin, leg_region, CYL, (float[3]){0.028f, 0.006f, 0.028f}, (float[3]){side * 0.14f + side * 0.09f, 0.51f, 0}, 0, -side * 90.0f);
        /* the eyes behind the visor */
        add_part(g, &r->glow_skin, RIG_REGION_TORSO, BOX, (float[3]){0.03f, 0.012f, 0.01f}, (float[3]){side * 0.045f, 1.962f, 0.112f}, 0);
    }
    /* the visor: a lit strip across the helmet's open front, at the eyes */
    add_part(g, &r->glow_skin, RIG_REGION_TORSO, BOX, (float[3]){0.078f, 0.006f, 0.013f}, (float[3]){0, 1.943f, 0.105f}, 0);
    /* the power core in the chest, behind the chest plate */
    add_part(g, &r->glow_skin, RIG_REGION_TORSO, CYL, (float[3]){0.05f, 0.015f, 0.05f}, (float[3]){0, 1.4f, 0.12f}, 90);
    add_part(g, &r->glow_skin, RIG_REGION_TORSO, BOX, (float[3]){0.012f, 0.2f, 0.006f}, (float[3]){0, 1.2f, 0.127f}, 0);
}

static bool try_pack(robot *r, builder *b, float s, stbrp_rect *rects, stbrp_node *nodes)
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

/* Largest common scale that packs: balanced density is one scale for every chart. False when not
 * even one texel per metre fits (an atlas too small for the charts and their gutters). */
static bool pack_atlas(robot *r, builder *b)
{
    stbrp_rect rects[ROBOT_MAX_CHARTS];
    stbrp_node *nodes = xrealloc(NULL, (size_t)r->atlas_size * sizeof *nodes);
    float lo = 1.0f, hi = 8.0f * (float)r->atlas_size;
    for (int it = 0; it < 24; it++) {
        float mid = 0.5f * (lo + hi);
        if (try_pack(r, b, mid, rects, nodes)) lo = mid; else hi = mid;
    }
    bool ok = try_pack(r, b, lo, rects, nodes);
    free(nodes);
    if (!ok) return false;
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
static void skin_plates(robot *r)
{
    for (int p = 0; p < r->plate_count; p++) {
        robot_plate *pl = &r->plates[p];
        const mesh_data *m = &pl->mesh;
        float (*bind)[3] = xrealloc(NULL, (size_t)m->vertex_count * sizeof *bind);
        for (int v = 0; v < m->vertex_count; v++) glm_mat4_mulv3(pl->rest, m->pos[v], 1.0f, bind[v]);
        pl->bone = plate_rig[p].bone;
        rig_skin_bake(&pl->skin, (const float (*)[3])bind, 0, m->vertex_count, plate_rig[p].region, pl->bone);
        free(bind);
    }
}

static void finish_plates(robot *r, builder *b)
{
    float inv = 1.0f / (float)r->atlas_size;
    for (int p = 0; p < r->plate_count; p++) {
        robot_plate *pl = &r->plates[p];
        mesh_data *m = &pl->mesh;
        const vextra *ex = b->ex[p];
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
    if (!r) {
        fprintf(stderr, "imprint: out of memory building the robot\n");
        abort();
    }
    memset(r, 0, sizeof *r);
    r->atlas_size = d.atlas_size;
    r->gutter = d.gutter;
    r->plate_count = ROBOT_PLATE_COUNT;
    builder *b = xrealloc(NULL, sizeof *b);
    memset(b, 0, sizeof *b);
    b->r = r;
    build_plates(b);
    /* the atlas size comes from the caller's desc: one too small is an error to report, not an assert */
    bool packed = pack_atlas(r, b);
    if (packed) finish_plates(r, b);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) free(b->ex[p]);
    free(b);
    if (!packed) {
        log_error("robot: %d armor charts with %d-texel gutters do not fit a %dx%d atlas", r->chart_count, r->gutter,
                  r->atlas_size, r->atlas_size);
        robot_destroy(r);
        return NULL;
    }
    build_body(r);
    skin_plates(r);
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

static float edge_fn(const float a[2], const float b[2], float x, float y)
{
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

void robot_atlas_raster(const robot *r, robot_texel_fn fn, void *user)
{
    const int n = r->atlas_size;
    for (int p = 0; p < r->plate_count; p++) {
        const robot_plate *pl = &r->plates[p];
        const mesh_data *m = &pl->mesh;
        for (int t = 0; t < m->index_count; t += 3) {
            float q[3][2];
            for (int k = 0; k < 3; k++) {
                q[k][0] = m->uv[m->idx[t + k]][0] * (float)n;
                q[k][1] = m->uv[m->idx[t + k]][1] * (float)n;
            }
            float area = edge_fn(q[0], q[1], q[2][0], q[2][1]);
            if (fabsf(area) < 1e-12f) continue;
            int x0 = (int)floorf(fminf(q[0][0], fminf(q[1][0], q[2][0])));
            int x1 = (int)ceilf(fmaxf(q[0][0], fmaxf(q[1][0], q[2][0])));
            int y0 = (int)floorf(fminf(q[0][1], fminf(q[1][1], q[2][1])));
            int y1 = (int)ceilf(fmaxf(q[0][1], fmaxf(q[1][1], q[2][1])));
            x0 = x0 < 0 ? 0 : x0; y0 = y0 < 0 ? 0 : y0;
            x1 = x1 > n - 1 ? n - 1 : x1; y1 = y1 > n - 1 ? n - 1 : y1;
            for (int y = y0; y <= y1; y++)
                for (int x = x0; x <= x1; x++) {
                    float px = (float)x + 0.5f, py = (float)y + 0.5f;
                    float w[3] = {edge_fn(q[1], q[2], px, py) / area, edge_fn(q[2], q[0], px, py) / area,
                                  edge_fn(q[0], q[1], px, py) / area};
                    if (w[0] < 0 || w[1] < 0 || w[2] < 0) continue;
                    fn(user, p, pl->chart[m->idx[t]], t, x, y, w);
                }
        }
    }
}

typedef struct grid_ctx {
    int16_t *grid;
    int n, clashes;
} grid_ctx;

static void grid_texel(void *user, int plate, int chart, int tri, int x, int y, const float w[3])
{
    (void)plate; (void)tri; (void)w;
    grid_ctx *g = user;
    int16_t *c = &g->grid[y * g->n + x];
    if (*c >= 0 && *c != chart) g->clashes++;
    *c = (int16_t)chart;
}

int robot_atlas_grid(const robot *r, int16_t *grid)
{
    const int n = r->atlas_size;
    for (int i = 0; i < n * n; i++) grid[i] = -1;
    grid_ctx g = {grid, n, 0};
    robot_atlas_raster(r, grid_texel, &g);
    return g.clashes;
}

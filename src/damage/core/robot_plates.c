/* The armor plates' shapes: bent bands, stacked bands and flat caps, each a shell with outer and
 * inner faces and rims, and the charts they unwrap into. Apart from robot.c (packing, skin,
 * body) because the shapes are most of the robot's code and read as one piece. */
#include "damage/core/robot_internal.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Grows the per-vertex arrays of the current plate; each keeps what realloc handed back, so a
 * failure leaves nothing dangling (and the build fails through b->oom). */
static bool grow_vertex_arrays(robot__builder *b, robot_plate *pl)
{
    const int cap = b->ex_cap[b->plate] ? b->ex_cap[b->plate] * 2 : 256;
    void *ex = realloc(b->ex[b->plate], (size_t)cap * sizeof(robot__vextra));
    if (ex) b->ex[b->plate] = ex;
    void *param = ex ? realloc(pl->param, (size_t)cap * sizeof *pl->param) : NULL;
    if (param) pl->param = param;
    void *panel = param ? realloc(pl->panel, (size_t)cap * sizeof *pl->panel) : NULL;
    if (panel) pl->panel = panel;
    void *chart = panel ? realloc(pl->chart, (size_t)cap * sizeof *pl->chart) : NULL;
    if (chart) pl->chart = chart;
    if (!chart) return false;
    b->ex_cap[b->plate] = cap;
    return true;
}

static uint32_t add_vert(robot__builder *b, const float p[3], float pu, float pv, int panel, int chart, float lx, float ly)
{
    robot_plate *pl = &b->r->plates[b->plate];
    /* p may point into this very mesh (rims reuse face positions), which may move as it grows */
    const float at[3] = {p[0], p[1], p[2]};
    uint32_t v = mesh_add_vertex(&pl->mesh, at, NULL, NULL);
    if ((int)v >= b->ex_cap[b->plate] && !grow_vertex_arrays(b, pl)) {
        b->oom = true;
        return v;
    }
    pl->chart[v] = chart;
    b->ex[b->plate][v] = (robot__vextra){chart, {lx, ly}};
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

static int new_chart(robot__builder *b, int panel, robot_chart_kind kind, float wm, float hm)
{
    robot *r = b->r;
    assert(r->chart_count < ROBOT_MAX_CHARTS);
    int c = r->chart_count++;
    r->charts[c] = (robot_chart){.plate = b->plate, .panel = panel, .kind = kind};
    b->chart_m[c][0] = wm;
    b->chart_m[c][1] = hm;
    return c;
}

static int new_panel(robot__builder *b, int closed)
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
static void build_wrap(robot__builder *b, const wrap_desc *w)
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
static void build_cap(robot__builder *b, float rx, float rz, float y, float t, int n)
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
    if (b->oom) return; /* the rim reads the faces' parameters, which were not all stored */
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

static void begin_plate(robot__builder *b, int plate, mat4 rest)
{
    b->plate = plate;
    robot_plate *pl = &b->r->plates[plate];
    snprintf(pl->name, sizeof pl->name, "%s", robot_plate_name(plate));
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
static void build_stack(robot__builder *b, wrap_desc w, int count, const float *heights, const float *tapers, const int *closed)
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

void robot__build_plates(robot__builder *b)
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


#include "damage/scene/gun_model.h"

#include <math.h>
#include <string.h>

/* Every part is a closed profile in xy swept along z (a round barrel, a chamfered box, a fluted
 * barrel), optionally tapered, then turned and placed; cylinders across the gun (turrets, the
 * bolt handle) come from base/mesh.h. 16 sides on anything round: at 640x360 the barrel of a gun
 * in hand is 10-20 px wide and a hexagon shows. */
#define GUN_ROUND 16
#define GUN_MAX_PROFILE 32

typedef struct profile {
    float p[GUN_MAX_PROFILE][2];
    int n;
    int flat; /* one normal per side (a box's faces) or smooth round ones */
} profile;

static void vtx(mesh_data *m, const float p[3], const float n[3]) { mesh_add_vertex(m, p, n, (float[2]){0, 0}); }

/* The profile (counter-clockwise seen from +z) swept from z0 to z1 (z0 < z1), scaled per axis by
 * s0 at z0 and s1 at z1, capped at both ends; the result into m placed at c, turned by rx about x. */
static void sweep(mesh_data *m, const profile *pr, float z0, float z1, const float s0[2], const float s1[2], const float c[3], float rx)
{
    mesh_data t = {0};
    const int n = pr->n;
    const float len = z1 - z0;
    for (int i = 0; i < n; i++) {
        const int j = (i + 1) % n;
        float a[3] = {pr->p[i][0] * s0[0], pr->p[i][1] * s0[1], z0}, b[3] = {pr->p[j][0] * s0[0], pr->p[j][1] * s0[1], z0};
        float d[3] = {pr->p[i][0] * s1[0], pr->p[i][1] * s1[1], z1}, e[3] = {pr->p[j][0] * s1[0], pr->p[j][1] * s1[1], z1};
        float na[3], nb[3];
        if (pr->flat) {
            vec3 u, v;
            glm_vec3_sub(b, a, u);
            glm_vec3_sub(e, a, v);
            glm_vec3_cross(u, v, na);
            if (glm_vec3_norm2(na) < 1e-14f) continue; /* a chamfer of 0: the side has no width */
            glm_vec3_normalize(na);
            glm_vec3_copy(na, nb);
        } else { /* a (tapered) round: radial, tilted by the taper's slope */
            const float *pi = pr->p[i], *pj = pr->p[j];
            float ri = hypotf(pi[0], pi[1]), rj = hypotf(pj[0], pj[1]), k = (s0[0] - s1[0]) / len;
            glm_vec3_copy((vec3){pi[0] / ri, pi[1] / ri, k * ri}, na);
            glm_vec3_copy((vec3){pj[0] / rj, pj[1] / rj, k * rj}, nb);
            glm_vec3_normalize(na);
            glm_vec3_normalize(nb);
        }
        uint32_t base = (uint32_t)t.vertex_count;
        vtx(&t, a, na);
        vtx(&t, b, nb);
        vtx(&t, e, nb);
        vtx(&t, d, na);
        mesh_add_tri(&t, base, base + 1, base + 2);
        mesh_add_tri(&t, base, base + 2, base + 3);
    }
    for (int end = 0; end < 2; end++) {
        const float *s = end ? s1 : s0, z = end ? z1 : z0, nz[3] = {0, 0, end ? 1.0f : -1.0f};
        uint32_t ctr = (uint32_t)t.vertex_count;
        vtx(&t, (float[3]){0, 0, z}, nz);
        for (int i = 0; i < n; i++) vtx(&t, (float[3]){pr->p[i][0] * s[0], pr->p[i][1] * s[1], z}, nz);
        for (int i = 0; i < n; i++) {
            uint32_t a = ctr + 1 + (uint32_t)i, b = ctr + 1 + (uint32_t)((i + 1) % n);
            if (end) mesh_add_tri(&t, ctr, a, b);
            else mesh_add_tri(&t, ctr, b, a);
        }
    }
    mat4 xf;
    glm_translate_make(xf, (vec3){c[0], c[1], c[2]});
    if (rx != 0.0f) glm_rotate(xf, rx, (vec3){1, 0, 0});
    mesh_append(m, &t, xf);
    mesh_data_free(&t);
}

static profile round_profile(float r)
{
    profile pr = {.n = GUN_ROUND};
    for (int i = 0; i < GUN_ROUND; i++) {
        float a = 2.0f * GLM_PIf * (float)i / GUN_ROUND;
        pr.p[i][0] = r * cosf(a);
        pr.p[i][1] = r * sinf(a);
    }
    return pr;
}

/* A round along z at (x, y) from z0 to z1 (z0 < z1), radius r0 at z0 tapering to r1 at z1. */
static void rod(mesh_data *m, float x, float y, float z0, float z1, float r0, float r1)
{
    profile pr = round_profile(r0);
    sweep(m, &pr, z0, z1, (float[2]){1, 1}, (float[2]){r1 / r0, r1 / r0}, (float[3]){x, y, 0}, 0.0f);
}

/* A fluted barrel: flat lands and grooves around it (the flutes catch the light as stripes). */
static void fluted(mesh_data *m, float y, float z0, float z1, float r, int flutes)
{
    profile pr = {.n = 4 * flutes, .flat = 1};
    static const float at[4] = {0.0f, 0.4f, 0.5f, 0.9f}, rad[4] = {1.0f, 1.0f, 0.8f, 0.8f}; /* land, wall, groove, wall */
    for (int i = 0; i < pr.n; i++) {
        float a = 2.0f * GLM_PIf * ((float)(i / 4) + at[i % 4]) / (float)flutes;
        pr.p[i][0] = rad[i % 4] * r * cosf(a);
        pr.p[i][1] = rad[i % 4] * r * sinf(a);
    }
    sweep(m, &pr, z0, z1, (float[2]){1, 1}, (float[2]){1, 1}, (float[3]){0, y, 0}, 0.0f);
}

/* A box of half extents (hx, hy, hz) with its four long edges chamfered by ch, centred at (x, y, z),
 * turned by rx about x; taper scales its -z end (1 = none). */
static void cbox_t(mesh_data *m, float x, float y, float z, float hx, float hy, float hz, float ch, float rx, float tx, float ty)
{
    profile pr = {.n = 8, .flat = 1};
    const float q[8][2] = {{hx, -hy + ch}, {hx, hy - ch}, {hx - ch, hy}, {-hx + ch, hy}, {-hx, hy - ch}, {-hx, -hy + ch}, {-hx + ch, -hy}, {hx - ch, -hy}};
    memcpy(pr.p, q, sizeof q);
    sweep(m, &pr, -hz, hz, (float[2]){tx, ty}, (float[2]){1, 1}, (float[3]){x, y, z}, rx);
}
static void cbox(mesh_data *m, float x, float y, float z, float hx, float hy, float hz, float ch, float rx)
{
    cbox_t(m, x, y, z, hx, hy, hz, ch, rx, 1.0f, 1.0f);
}
/* A round across the gun: axis 0 (x) or 1 (y). */
static void pin(mesh_data *m, int axis, float x, float y, float z, float r, float len)
{
    mesh_add_cylinder(m, (float[3]){x, y, z}, axis, r, len, GUN_ROUND);
}

/* A plain box (tiny parts: the sights). */
static void box(mesh_data *m, float x, float y, float z, float hx, float hy, float hz, float rx)
{
    mesh_add_box(m, (float[3]){x, y, z}, (float[3]){hx, hy, hz}, rx, 0.0f);
}
/* n slots along z from z0 on both sides at +-x, height y: a slotted handguard's pattern. */
static void box_slots(mesh_data *m, float x, float y, float z0, int n)
{
    for (int i = 0; i < n; i++)
        for (int sd = -1; sd <= 1; sd += 2) cbox(m, x * (float)sd, y, z0 + 0.05f * (float)i, 0.0012f, 0.006f, 0.016f, 0.0f, 0.0f);
}

/* A bolt-action marksman rifle in a tan chassis: a heavy fluted barrel with a ported brake, a
 * large scope (objective bell, turrets, eyepiece) on two rings, the bolt handle out to the right,
 * a skeleton stock with a cheek riser, a short box magazine and a folded bipod. */
static void marksman(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    const float b = 0.055f, s = 0.128f; /* bore and scope axis heights */
    rod(mt, 0.0f, b, -0.18f, 0.06f, 0.017f, 0.017f);               /* round action */
    rod(mt, 0.0f, b, 0.06f, 0.085f, 0.014f, 0.011f);               /* bolt shroud */
    rod(mt, 0.0f, b, -0.30f, -0.18f, 0.0145f, 0.0145f);            /* barrel: heavy shank */
    fluted(mt, b, -0.66f, -0.30f, 0.0135f, 6);                     /* fluted */
    rod(mt, 0.0f, b, -0.775f, -0.66f, 0.012f, 0.0125f);            /* muzzle end */
    rod(mt, 0.0f, b, -0.825f, -0.770f, 0.0125f, 0.0125f);          /* brake: core and three fins */
    for (int i = 0; i < 3; i++) rod(mt, 0.0f, b, -0.825f + 0.019f * (float)i, -0.815f + 0.019f * (float)i, 0.0175f, 0.0175f);
    pin(mt, 0, 0.030f, b - 0.004f, 0.035f, 0.0042f, 0.030f);       /* bolt handle and its knob */
    pin(mt, 0, 0.041f, b - 0.010f, 0.038f, 0.0085f, 0.014f);
    cbox(mt, 0.0f, b + 0.021f, -0.06f, 0.008f, 0.004f, 0.13f, 0.002f, 0.0f); /* rail */
    rod(mt, 0.0f, s, -0.21f, 0.02f, 0.0155f, 0.0155f);             /* scope: tube */
    rod(mt, 0.0f, s, -0.27f, -0.21f, 0.027f, 0.0155f);             /* objective bell */
    rod(mt, 0.0f, s, -0.33f, -0.27f, 0.027f, 0.027f);
    rod(mt, 0.0f, s, 0.02f, 0.05f, 0.0155f, 0.021f);               /* eyepiece */
    rod(mt, 0.0f, s, 0.05f, 0.095f, 0.021f, 0.021f);
    cbox(mt, 0.0f, s, -0.095f, 0.018f, 0.018f, 0.024f, 0.006f, 0.0f); /* turret saddle */
    pin(mt, 1, 0.0f, s + 0.026f, -0.095f, 0.013f, 0.020f);         /* elevation */
    pin(mt, 0, 0.026f, s, -0.095f, 0.013f, 0.018f);                /* windage */
    pin(mt, 0, -0.024f, s, -0.095f, 0.011f, 0.014f);               /* parallax */
    for (int i = 0; i < 2; i++) {                                  /* rings and their bases */
        float z = i ? -0.165f : -0.005f;
        rod(mt, 0.0f, s, z - 0.009f, z + 0.009f, 0.019f, 0.019f);
        cbox(mt, 0.0f, 0.5f * (b + 0.025f + s - 0.016f), z, 0.011f, 0.5f * (s - 0.016f - b - 0.025f) + 0.002f, 0.009f, 0.003f, 0.0f);
    }
    cbox(mt, 0.0f, -0.004f, -0.085f, 0.013f, 0.032f, 0.034f, 0.003f, 0.05f); /* magazine */
    cbox(mt, 0.0f, -0.040f, -0.087f, 0.015f, 0.004f, 0.037f, 0.002f, 0.05f);
    cbox(mt, 0.0f, -0.012f, -0.005f, 0.005f, 0.003f, 0.035f, 0.001f, 0.0f); /* trigger guard, trigger */
    cbox(mt, 0.0f, 0.004f, -0.012f, 0.002f, 0.012f, 0.003f, 0.0f, 0.25f);
    cbox(mt, 0.0f, 0.012f, -0.40f, 0.012f, 0.007f, 0.016f, 0.003f, 0.0f); /* bipod, folded along the fore-end */
    for (int sd = -1; sd <= 1; sd += 2) {
        rod(mt, 0.0105f * (float)sd, 0.004f, -0.40f, -0.17f, 0.0045f, 0.0045f);
        cbox(mt, 0.0105f * (float)sd, 0.004f, -0.165f, 0.006f, 0.006f, 0.008f, 0.002f, 0.0f);
    }
    cbox(mt, 0.0f, 0.012f, 0.398f, 0.019f, 0.078f, 0.006f, 0.004f, 0.0f); /* butt pad */
    cbox(fu, 0.0f, 0.040f, -0.30f, 0.023f, 0.024f, 0.13f, 0.008f, 0.0f);   /* chassis: fore-end */
    cbox(fu, 0.0f, 0.028f, -0.07f, 0.021f, 0.019f, 0.11f, 0.006f, 0.0f);   /* bedding under the action */
    cbox(fu, 0.0f, -0.048f, 0.028f, 0.015f, 0.052f, 0.021f, 0.007f, -0.36f); /* pistol grip */
    cbox(fu, 0.0f, 0.046f, 0.095f, 0.016f, 0.022f, 0.045f, 0.006f, 0.0f);  /* stock: the neck */
    cbox(fu, 0.0f, 0.062f, 0.255f, 0.015f, 0.016f, 0.13f, 0.005f, 0.0f);   /* comb bar */
    cbox(fu, 0.0f, 0.085f, 0.255f, 0.013f, 0.008f, 0.07f, 0.004f, 0.0f);   /* cheek riser */
    cbox(fu, 0.0f, -0.056f, 0.215f, 0.012f, 0.011f, 0.165f, 0.004f, 0.0f); /* lower bar, the skeleton's hole above it */
    cbox(fu, 0.0f, 0.012f, 0.378f, 0.018f, 0.077f, 0.016f, 0.006f, 0.0f);  /* butt */
    box_slots(mt, 0.0235f, 0.040f, -0.39f, 4);
    box(si, -0.0315f, s, -0.095f, 0.002f, 0.004f, 0.004f, 0.0f);            /* the illuminated reticle's switch */
    memcpy(g->muzzle, (float[3]){0.0f, b, -0.825f}, sizeof g->muzzle);
}

/* A carbine: a short barrel with a pronged flash hider, a slotted handguard under a full-length
 * top rail, a red-dot sight, the charging handle, a curved polymer magazine, a pistol grip and a
 * collapsible stock on its buffer tube. */
static void carbine(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    const float b = 0.060f, s = 0.124f; /* bore and red dot axis heights */
    cbox(mt, 0.0f, 0.066f, -0.060f, 0.017f, 0.020f, 0.115f, 0.005f, 0.0f);  /* upper receiver */
    cbox(mt, 0.0f, 0.027f, -0.055f, 0.016f, 0.021f, 0.095f, 0.004f, 0.0f);  /* lower */
    cbox(mt, 0.0f, -0.003f, -0.100f, 0.0155f, 0.016f, 0.030f, 0.003f, 0.0f); /* magazine well */
    cbox(mt, 0.0f, 0.090f, -0.170f, 0.011f, 0.004f, 0.225f, 0.002f, 0.0f);  /* top rail and its teeth */
    for (int i = 0; i < 19; i++) cbox(mt, 0.0f, 0.0955f, -0.385f + 0.0235f * (float)i, 0.0115f, 0.0025f, 0.007f, 0.001f, 0.0f);
    cbox(mt, 0.0f, b - 0.001f, -0.290f, 0.021f, 0.023f, 0.110f, 0.008f, 0.0f); /* handguard */
    rod(mt, 0.0f, b, -0.535f, -0.40f, 0.0085f, 0.0085f);                    /* barrel */
    rod(mt, 0.0f, b, -0.575f, -0.535f, 0.0105f, 0.0105f);                   /* flash hider */
    rod(mt, 0.0f, b, -0.580f, -0.575f, 0.0115f, 0.0115f);
    rod(mt, 0.0f, b, -0.548f, -0.540f, 0.0120f, 0.0120f);
    cbox(mt, 0.0f, 0.079f, 0.065f, 0.020f, 0.005f, 0.007f, 0.002f, 0.0f);  /* charging handle */
    pin(mt, 2, 0.020f, 0.072f, 0.010f, 0.0055f, 0.030f);                    /* forward assist */
    cbox(mt, 0.0f, -0.012f, -0.004f, 0.005f, 0.003f, 0.032f, 0.001f, 0.0f); /* trigger guard, trigger */
    cbox(mt, 0.0f, 0.002f, -0.010f, 0.002f, 0.011f, 0.003f, 0.0f, 0.25f);
    rod(mt, 0.0f, 0.058f, 0.055f, 0.25f, 0.0145f, 0.0145f);                 /* buffer tube */
    cbox(mt, 0.0f, 0.104f, -0.070f, 0.013f, 0.010f, 0.024f, 0.003f, 0.0f); /* red dot: mount, body, hood, knobs */
    rod(mt, 0.0f, s, -0.100f, -0.040f, 0.0165f, 0.0165f);
    rod(mt, 0.0f, s, -0.108f, -0.100f, 0.0180f, 0.0180f);
    pin(mt, 1, 0.0f, s + 0.019f, -0.070f, 0.0065f, 0.008f);
    pin(mt, 0, 0.019f, s, -0.070f, 0.0065f, 0.008f);
    box_slots(fu, 0.0215f, b, -0.375f, 4);                                   /* the handguard's slots */
    cbox(fu, 0.0f, -0.040f, -0.112f, 0.0125f, 0.033f, 0.024f, 0.004f, 0.10f); /* curved magazine */
    cbox(fu, 0.0f, -0.095f, -0.125f, 0.0125f, 0.031f, 0.023f, 0.004f, 0.26f);
    cbox(fu, 0.0f, -0.143f, -0.146f, 0.0125f, 0.026f, 0.022f, 0.004f, 0.42f);
    cbox(fu, 0.0f, -0.167f, -0.160f, 0.0145f, 0.005f, 0.026f, 0.002f, 0.42f); /* its floor plate */
    cbox(fu, 0.0f, -0.042f, 0.030f, 0.014f, 0.046f, 0.020f, 0.006f, -0.40f); /* pistol grip */
    cbox(fu, 0.0f, 0.058f, 0.205f, 0.020f, 0.021f, 0.060f, 0.007f, 0.0f);   /* stock on the tube */
    cbox(fu, 0.0f, 0.012f, 0.240f, 0.013f, 0.034f, 0.024f, 0.005f, 0.0f);   /* its lower leg */
    cbox(fu, 0.0f, 0.028f, 0.272f, 0.018f, 0.065f, 0.010f, 0.005f, 0.0f);   /* butt pad */
    cbox(fu, 0.0f, 0.033f, 0.180f, 0.006f, 0.005f, 0.030f, 0.002f, 0.0f);   /* release lever */
    box(si, 0.0f, s, -0.0385f, 0.0018f, 0.0018f, 0.0012f, 0.0f);             /* the red dot */
    memcpy(g->muzzle, (float[3]){0.0f, b, -0.580f}, sizeof g->muzzle);
}

/* A pump shotgun: a long barrel with a ventilated rib and a bead, the tube magazine under it, a
 * grooved walnut pump on the tube, a steel receiver, a walnut stock with its grip and a rubber
 * recoil pad. */
static void shotgun(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    const float b = 0.066f, t = 0.030f; /* bore and tube magazine axis heights */
    cbox(mt, 0.0f, 0.046f, -0.040f, 0.018f, 0.039f, 0.100f, 0.008f, 0.0f); /* receiver */
    rod(mt, 0.0f, b, -0.680f, -0.140f, 0.0125f, 0.0135f);                  /* barrel */
    cbox(mt, 0.0f, b + 0.0155f, -0.410f, 0.0045f, 0.002f, 0.270f, 0.001f, 0.0f); /* ventilated rib and its posts */
    for (int i = 0; i < 12; i++) cbox(mt, 0.0f, b + 0.0125f, -0.655f + 0.045f * (float)i, 0.003f, 0.002f, 0.003f, 0.0f, 0.0f);
    rod(mt, 0.0f, t, -0.585f, -0.140f, 0.0105f, 0.0105f);                  /* tube magazine and its cap */
    rod(mt, 0.0f, t, -0.610f, -0.585f, 0.0125f, 0.0125f);
    cbox(mt, 0.0f, 0.5f * (b + t), -0.565f, 0.007f, 0.5f * (b - t), 0.008f, 0.002f, 0.0f); /* barrel clamp */
    for (int sd = -1; sd <= 1; sd += 2) cbox(mt, 0.0125f * (float)sd, t, -0.190f, 0.0015f, 0.004f, 0.060f, 0.0f, 0.0f); /* action bars */
    cbox(mt, 0.0f, -0.012f, 0.002f, 0.005f, 0.003f, 0.034f, 0.001f, 0.0f); /* trigger guard, trigger */
    cbox(mt, 0.0f, 0.001f, -0.006f, 0.002f, 0.011f, 0.003f, 0.0f, 0.25f);
    cbox(mt, 0.0f, -0.020f, 0.355f, 0.021f, 0.072f, 0.009f, 0.006f, 0.0f); /* recoil pad */
    cbox(fu, 0.0f, t + 0.002f, -0.335f, 0.019f, 0.022f, 0.090f, 0.007f, 0.0f); /* pump: core and its grooves */
    for (int i = 0; i < 7; i++) cbox(fu, 0.0f, t + 0.001f, -0.405f + 0.0235f * (float)i, 0.0215f, 0.0245f, 0.0075f, 0.008f, 0.0f);
    cbox(fu, 0.0f, -0.020f, 0.090f, 0.0165f, 0.032f, 0.048f, 0.011f, 0.30f); /* the grip's swell under the wrist */
    cbox_t(fu, 0.0f, 0.006f, 0.205f, 0.020f, 0.058f, 0.145f, 0.010f, 0.16f, 0.80f, 0.55f); /* stock, from the wrist to the butt */
    box(si, 0.0f, b + 0.021f, -0.672f, 0.0025f, 0.0025f, 0.0025f, 0.0f); /* the bead */
    memcpy(g->muzzle, (float[3]){0.0f, b, -0.680f}, sizeof g->muzzle);
}

void gun_model_build(weapon_kind kind, gun_model *out)
{
    memset(out, 0, sizeof *out);
    if (kind == WEAPON_AUTO) carbine(out);
    else if (kind == WEAPON_SHOTGUN) shotgun(out);
    else marksman(out);
}

void gun_model_free(gun_model *g)
{
    for (int p = 0; p < GUN_PART_COUNT; p++) mesh_data_free(&g->part[p]);
}

void gun_part_albedo(weapon_kind kind, gun_part part, float out[3])
{
    static const float metal[WEAPON_KIND_COUNT][3] = {
        [WEAPON_MARKSMAN] = {0.050f, 0.052f, 0.056f}, /* parkerized steel */
        [WEAPON_AUTO] = {0.085f, 0.085f, 0.090f},     /* anodized aluminium, greyer than its black polymer */
        [WEAPON_SHOTGUN] = {0.040f, 0.042f, 0.050f},  /* blued steel */
    };
    static const float furniture[WEAPON_KIND_COUNT][3] = {
        [WEAPON_MARKSMAN] = {0.150f, 0.120f, 0.072f}, /* tan polymer */
        [WEAPON_AUTO] = {0.020f, 0.020f, 0.022f},     /* black polymer */
        [WEAPON_SHOTGUN] = {0.125f, 0.052f, 0.022f},  /* walnut */
    };
    static const float sight[3] = {0.02f, 0.02f, 0.02f};
    const float *c = part == GUN_PART_METAL ? metal[kind] : part == GUN_PART_SIGHT ? sight : furniture[kind];
    memcpy(out, c, 3 * sizeof *out);
}

void gun_part_emissive(weapon_kind kind, gun_part part, float out[3])
{
    static const float none[3] = {0, 0, 0};
    static const float glow[WEAPON_KIND_COUNT][3] = {
        [WEAPON_MARKSMAN] = {0.4f, 3.0f, 0.6f}, /* the reticle's switch */
        [WEAPON_AUTO] = {6.0f, 0.4f, 0.3f},     /* the red dot */
        [WEAPON_SHOTGUN] = {1.6f, 1.1f, 0.4f},  /* a brass bead in the light */
    };
    memcpy(out, part == GUN_PART_SIGHT ? glow[kind] : none, 3 * sizeof *out);
}

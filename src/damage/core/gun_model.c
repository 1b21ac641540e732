#include "damage/core/gun_model.h"

#include <string.h>

/* shorthands for the placed primitives of base/mesh.h */
static void box(mesh_data *m, float x, float y, float z, float hx, float hy, float hz, float rx)
{
    mesh_add_box(m, (float[3]){x, y, z}, (float[3]){hx, hy, hz}, rx, 0.0f);
}
static void tube(mesh_data *m, float x, float y, float z, float r, float len) { mesh_add_cylinder(m, (float[3]){x, y, z}, 2, r, len, 14); }

/* A designated marksman rifle: a long barrel with a brake, a scope on two rings, a green
 * polymer handguard, stock and grip, a short box magazine. */
static void marksman(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    box(mt, 0.0f, 0.050f, -0.100f, 0.022f, 0.030f, 0.140f, 0.0f);   /* receiver */
    tube(mt, 0.0f, 0.055f, -0.500f, 0.011f, 0.560f);                /* barrel */
    tube(mt, 0.0f, 0.055f, -0.800f, 0.016f, 0.050f);                /* muzzle brake */
    box(mt, 0.0f, -0.010f, -0.090f, 0.014f, 0.040f, 0.030f, 0.10f); /* magazine */
    box(mt, 0.0f, -0.004f, -0.020f, 0.004f, 0.012f, 0.030f, 0.0f);  /* trigger guard */
    tube(mt, 0.0f, 0.118f, -0.120f, 0.018f, 0.300f);                /* scope tube */
    tube(mt, 0.0f, 0.118f, -0.300f, 0.026f, 0.070f);                /* objective bell */
    tube(mt, 0.0f, 0.118f, 0.050f, 0.022f, 0.050f);                 /* eyepiece */
    box(mt, 0.0f, 0.090f, -0.050f, 0.016f, 0.012f, 0.010f, 0.0f);   /* rings */
    box(mt, 0.0f, 0.090f, -0.190f, 0.016f, 0.012f, 0.010f, 0.0f);
    box(fu, 0.0f, 0.045f, -0.330f, 0.027f, 0.027f, 0.120f, 0.0f);   /* handguard */
    box(fu, 0.0f, 0.030f, 0.200f, 0.020f, 0.040f, 0.160f, 0.06f);   /* stock */
    box(fu, 0.0f, 0.010f, 0.370f, 0.022f, 0.060f, 0.012f, 0.0f);    /* butt pad */
    box(fu, 0.0f, -0.040f, 0.020f, 0.016f, 0.050f, 0.022f, -0.30f); /* pistol grip, raked back */
    box(mt, 0.0f, 0.141f, -0.120f, 0.010f, 0.006f, 0.010f, 0.0f);   /* elevation turret */
    box(si, -0.0185f, 0.126f, -0.120f, 0.002f, 0.002f, 0.002f, 0.0f); /* the illuminated reticle's lit switch */
    memcpy(g->muzzle, (float[3]){0.0f, 0.055f, -0.825f}, sizeof g->muzzle);
}

/* A carbine for full auto: a short barrel with a flash hider, a top rail with a front post and
 * a rear sight, a curved magazine, black polymer handguard, grip and a tube stock. */
static void carbine(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    box(mt, 0.0f, 0.050f, -0.080f, 0.024f, 0.035f, 0.130f, 0.0f);    /* receiver */
    tube(mt, 0.0f, 0.055f, -0.365f, 0.010f, 0.310f);                 /* barrel */
    tube(mt, 0.0f, 0.055f, -0.550f, 0.014f, 0.060f);                 /* flash hider */
    box(mt, 0.0f, 0.089f, -0.180f, 0.011f, 0.005f, 0.220f, 0.0f);    /* top rail */
    for (int i = 0; i < 8; i++)                                      /* its cross slots, as raised teeth */
        box(mt, 0.0f, 0.096f, -0.360f + 0.045f * (float)i, 0.012f, 0.003f, 0.008f, 0.0f);
    box(mt, 0.0f, 0.108f, -0.400f, 0.004f, 0.016f, 0.005f, 0.0f);    /* front post */
    box(mt, 0.0f, 0.104f, 0.020f, 0.012f, 0.012f, 0.010f, 0.0f);     /* rear sight */
    box(mt, 0.0f, -0.030f, -0.100f, 0.015f, 0.050f, 0.032f, 0.12f);  /* magazine, in two bends */
    box(mt, 0.0f, -0.098f, -0.118f, 0.015f, 0.030f, 0.030f, 0.32f);
    box(mt, 0.0f, -0.004f, -0.015f, 0.004f, 0.012f, 0.028f, 0.0f);   /* trigger guard */
    tube(mt, 0.0f, 0.045f, 0.170f, 0.016f, 0.160f);                  /* stock tube */
    box(fu, 0.0f, 0.050f, -0.310f, 0.030f, 0.032f, 0.100f, 0.0f);    /* handguard */
    box(fu, 0.0f, -0.035f, 0.030f, 0.016f, 0.050f, 0.022f, -0.35f);  /* grip */
    box(fu, 0.0f, 0.020f, 0.270f, 0.020f, 0.055f, 0.030f, 0.0f);     /* butt */
    box(si, 0.0f, 0.122f, -0.400f, 0.003f, 0.003f, 0.003f, 0.0f);    /* the post's tritium dot */
    box(si, -0.007f, 0.114f, 0.012f, 0.002f, 0.002f, 0.002f, 0.0f);  /* and the rear's two */
    box(si, 0.007f, 0.114f, 0.012f, 0.002f, 0.002f, 0.002f, 0.0f);
    memcpy(g->muzzle, (float[3]){0.0f, 0.055f, -0.580f}, sizeof g->muzzle);
}

/* A pump shotgun: a wide barrel over a tube magazine, a walnut forend on it, a walnut stock with
 * its grip, a bead at the muzzle. */
static void shotgun(gun_model *g)
{
    mesh_data *mt = &g->part[GUN_PART_METAL], *fu = &g->part[GUN_PART_FURNITURE], *si = &g->part[GUN_PART_SIGHT];
    box(mt, 0.0f, 0.045f, -0.060f, 0.026f, 0.036f, 0.120f, 0.0f);   /* receiver */
    tube(mt, 0.0f, 0.060f, -0.430f, 0.0145f, 0.500f);               /* barrel */
    tube(mt, 0.0f, 0.026f, -0.380f, 0.012f, 0.400f);                /* tube magazine */
    tube(mt, 0.0f, 0.026f, -0.585f, 0.014f, 0.020f);                /* its cap */
    box(mt, 0.0f, -0.002f, -0.010f, 0.004f, 0.012f, 0.028f, 0.0f);  /* trigger guard */
    box(fu, 0.0f, 0.024f, -0.340f, 0.026f, 0.022f, 0.090f, 0.0f);   /* forend */
    box(fu, 0.0f, 0.020f, 0.180f, 0.022f, 0.045f, 0.150f, 0.12f);   /* stock */
    box(fu, 0.0f, -0.006f, 0.330f, 0.024f, 0.065f, 0.012f, 0.0f);   /* butt plate */
    box(fu, 0.0f, -0.030f, 0.040f, 0.017f, 0.040f, 0.030f, -0.40f); /* grip */
    box(si, 0.0f, 0.078f, -0.665f, 0.003f, 0.003f, 0.003f, 0.0f);   /* the bead */
    memcpy(g->muzzle, (float[3]){0.0f, 0.060f, -0.680f}, sizeof g->muzzle);
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
    static const float metal[3] = {0.045f, 0.047f, 0.052f}, sight[3] = {0.02f, 0.02f, 0.02f};
    static const float furniture[WEAPON_KIND_COUNT][3] = {
        [WEAPON_MARKSMAN] = {0.050f, 0.062f, 0.038f}, /* olive polymer */
        [WEAPON_AUTO] = {0.030f, 0.030f, 0.032f},     /* black polymer */
        [WEAPON_SHOTGUN] = {0.110f, 0.048f, 0.020f},  /* walnut */
    };
    const float *c = part == GUN_PART_METAL ? metal : part == GUN_PART_SIGHT ? sight : furniture[kind];
    memcpy(out, c, 3 * sizeof *out);
}

void gun_part_emissive(weapon_kind kind, gun_part part, float out[3])
{
    static const float none[3] = {0, 0, 0}, green[3] = {0.4f, 3.0f, 0.6f}, orange[3] = {3.0f, 1.2f, 0.2f};
    const float *c = part != GUN_PART_SIGHT ? none : kind == WEAPON_SHOTGUN ? orange : green;
    memcpy(out, c, 3 * sizeof *out);
}

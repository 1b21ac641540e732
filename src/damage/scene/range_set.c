#include "damage/scene/range_set.h"

#include <string.h>

/* A box by centre and half extents, optionally turned about y. */
static void rs_box(mesh_data *m, float cx, float cy, float cz, float hx, float hy, float hz, float yaw_deg)
{
    mesh_data tmp = {0};
    mesh_build_box(&tmp, (float[3]){hx, hy, hz}, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){cx, cy, cz});
    if (yaw_deg != 0.0f) glm_rotate_y(xf, glm_rad(yaw_deg), xf);
    mesh_append(m, &tmp, xf);
    mesh_data_free(&tmp);
}

/* A target stand: two posts, a crossbar, a board facing the firing line. */
static void rs_target(range_set *s, float x, float z)
{
    mesh_data *st = &s->part[RANGE_SET_STEEL];
    for (int k = -1; k <= 1; k += 2) rs_box(st, x + 0.34f * (float)k, 0.75f, z, 0.035f, 0.75f, 0.035f, 0);
    rs_box(st, x, 1.05f, z, 0.38f, 0.03f, 0.03f, 0);
    rs_box(st, x, 0.03f, z, 0.5f, 0.03f, 0.2f, 0); /* base */
    rs_box(&s->part[RANGE_SET_TARGETS], x, 1.55f, z + 0.05f, 0.3f, 0.42f, 0.012f, 0);
    rs_box(st, x, 1.62f, z + 0.066f, 0.1f, 0.1f, 0.004f, 0); /* the aiming mark */
    rs_box(st, x, 1.3f, z + 0.066f, 0.18f, 0.012f, 0.004f, 0);
}

/* A floodlight: pole, housing tilted down towards the lanes, lit face. */
static void rs_flood(range_set *s, float x, float z)
{
    rs_box(&s->part[RANGE_SET_STEEL], x, 2.1f, z, 0.06f, 2.1f, 0.06f, 0);
    rs_box(&s->part[RANGE_SET_STEEL], x, 4.25f, z + 0.08f, 0.42f, 0.2f, 0.14f, 0);
    rs_box(&s->part[RANGE_SET_LAMPS], x, 4.22f, z + 0.225f, 0.36f, 0.14f, 0.01f, 0);
}

void range_set_build(range_set *s)
{
    memset(s, 0, sizeof *s);
    mesh_data *c = &s->part[RANGE_SET_CONCRETE], *st = &s->part[RANGE_SET_STEEL], *lamp = &s->part[RANGE_SET_LAMPS];
    const float back = RANGE_SET_BACK_WALL, side = RANGE_SET_SIDE_WALL;
    /* back wall (the bullet stop), side walls down the lanes, a low kerb along each wall */
    rs_box(c, 0, 2.25f, back - 0.25f, side + 0.5f, 2.25f, 0.25f, 0);
    for (int k = -1; k <= 1; k += 2) {
        rs_box(c, (float)k * (side + 0.2f), 1.6f, -1.5f, 0.2f, 1.6f, 5.75f, 0);
        rs_box(c, (float)k * (side - 0.15f), 0.08f, -1.5f, 0.15f, 0.08f, 5.75f, 0);
    }
    rs_box(c, 0, 0.1f, back + 0.2f, side, 0.1f, 0.2f, 0);
    /* an overhead baffle beam across the lanes with lamp strips under it, lamps on the back wall */
    rs_box(st, 0, 3.7f, -3.2f, side, 0.18f, 0.14f, 0);
    for (int i = -2; i <= 2; i++) {
        if (i) rs_box(lamp, (float)i * 3.0f - (i > 0 ? 1.5f : -1.5f), 3.515f, -3.2f, 0.7f, 0.008f, 0.06f, 0);
        rs_box(st, (float)i * 3.6f, 3.9f, back + 0.12f, 0.5f, 0.07f, 0.12f, 0);
        rs_box(lamp, (float)i * 3.6f, 3.83f, back + 0.16f, 0.44f, 0.006f, 0.06f, 0);
    }
    /* targets in the side lanes, floodlights at the back corners */
    rs_target(s, -3.0f, -4.2f);
    rs_target(s, 3.0f, -4.6f);
    rs_target(s, -6.0f, -5.4f);
    rs_target(s, 6.0f, -5.0f);
    rs_flood(s, -side + 0.6f, back + 0.8f);
    rs_flood(s, side - 0.6f, back + 0.8f);
    /* the damage-map panels (drawn by the damage module at x = +-1.45, y 0.8..2.2, z = -1.6) get
     * a backing board and two legs each */
    for (int k = -1; k <= 1; k += 2) {
        const float x = 1.45f * (float)k;
        rs_box(st, x, 1.5f, -1.64f, 0.76f, 0.76f, 0.025f, 0);
        for (int l = -1; l <= 1; l += 2) rs_box(st, x + 0.55f * (float)l, 0.4f, -1.66f, 0.035f, 0.4f, 0.035f, 0);
    }
    for (int p = 0; p < RANGE_SET_PART_COUNT; p++) mesh_compute_tangents(&s->part[p]);
}

void range_set_free(range_set *s)
{
    for (int p = 0; p < RANGE_SET_PART_COUNT; p++) mesh_data_free(&s->part[p]);
}

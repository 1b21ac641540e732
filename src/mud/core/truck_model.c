#include "mud/core/truck_model.h"

#include <math.h>
#include <string.h>

#define TRUCK_RIM_RADIUS 0.5f /* of the wheel radius: the bead, where the rim meets the tyre */

/* the parts' placements, through base/mesh.h's placed primitives */
static void box_r(mesh_data *m, float cx, float cy, float cz, float hx, float hy, float hz, float rx, float ry)
{
    mesh_add_box(m, (float[3]){cx, cy, cz}, (float[3]){hx, hy, hz}, rx, ry);
}
static void box(mesh_data *m, float cx, float cy, float cz, float hx, float hy, float hz) { box_r(m, cx, cy, cz, hx, hy, hz, 0, 0); }
/* a cylinder along x (the axle), centred on (cx, cy, cz) */
static void cyl_x(mesh_data *m, float cx, float cy, float cz, float r, float len, int slices)
{
    mesh_add_cylinder(m, (float[3]){cx, cy, cz}, 0, r, len, slices);
}
/* a cylinder along z (a head light's lens), its base at z */
static void cyl_z(mesh_data *m, float cx, float cy, float z, float r, float len)
{
    mesh_add_cylinder(m, (float[3]){cx, cy, z + 0.5f * len}, 2, r, len, 16);
}

static void part(truck_part *p, float r, float g, float b, float spec)
{
    p->color[0] = r, p->color[1] = g, p->color[2] = b;
    p->spec = spec;
}

/* The tyre's carcass: a lathe about the x axis through a rounded section (smooth normals): the
 * tread band at radius `core` over the width w, shoulders rounding into sidewalls that bulge past
 * the tread's edges, then turn in to the bead at radius `bead`, where the rim sits. Without the
 * bulge and the rounding a tyre seen side on is one flat disc that takes a single shade. */
static void tyre_carcass(mesh_data *m, float core, float w, float bead)
{
    enum { SLICES = 40, SECT = 15 };
    /* a boxy superellipse, angle phi from the tread's crown (0) round to the beads (+-PHI_END);
     * its height fixed so the crown is at `core` and the beads at `bead` */
    const float PHI_END = 0.8f * GLM_PIf, ex = 0.5f * w + 0.025f;
    const float y_end = powf(fabsf(cosf(PHI_END)), 0.45f), ey = (core - bead) / (1.0f + y_end), cen = core - ey;
    float prof[SECT][2], nrm[SECT][2]; /* (x, radius) and the section's outward normal */
    for (int k = 0; k < SECT; k++) {
        float phi = -PHI_END + 2.0f * PHI_END * (float)k / (float)(SECT - 1), s = sinf(phi), c = cosf(phi);
        prof[k][0] = ex * copysignf(powf(fabsf(s), 0.6f), s);
        prof[k][1] = cen + ey * copysignf(powf(fabsf(c), 0.45f), c);
    }
    for (int k = 0; k < SECT; k++) { /* the normal of the section's chord through the neighbours */
        int a = k > 0 ? k - 1 : k, b = k < SECT - 1 ? k + 1 : k;
        float tx = prof[b][0] - prof[a][0], ty = prof[b][1] - prof[a][1], l = sqrtf(tx * tx + ty * ty);
        nrm[k][0] = -ty / l, nrm[k][1] = tx / l;
    }
    uint32_t base = (uint32_t)m->vertex_count;
    for (int i = 0; i <= SLICES; i++) {
        float a = 2.0f * GLM_PIf * (float)i / (float)SLICES, ca = cosf(a), sa = sinf(a);
        for (int k = 0; k < SECT; k++) {
            float p[3] = {prof[k][0], prof[k][1] * ca, prof[k][1] * sa}, n[3] = {nrm[k][0], nrm[k][1] * ca, nrm[k][1] * sa};
            mesh_add_vertex(m, p, n, (float[2]){(float)i / (float)SLICES, (float)k / (float)(SECT - 1)});
        }
    }
    for (int i = 0; i < SLICES; i++) /* counter-clockwise seen from outside */
        for (int k = 0; k < SECT - 1; k++) {
            uint32_t v0 = base + (uint32_t)(i * SECT + k), v1 = v0 + SECT;
            mesh_add_tri(m, v0, v1, v1 + 1);
            mesh_add_tri(m, v0, v1 + 1, v0 + 1);
        }
}

/* A mudguard: an arch of segments around the tyre's top, from behind to ahead of the hub. */
static void mudguard(mesh_data *m, float x, float hub_y, float z, float r, float w)
{
    const int n = 7;
    float a0 = -1.25f, a1 = 1.25f, rr = r + 0.1f;
    for (int i = 0; i < n; i++) {
        float a = a0 + (a1 - a0) * ((float)i + 0.5f) / (float)n, seg = rr * (a1 - a0) / (float)n;
        box_r(m, x, hub_y + rr * cosf(a), z + rr * sinf(a), 0.5f * w + 0.08f, 0.025f, 0.5f * seg + 0.01f, -a, 0);
    }
}

void truck_model_build(truck_model *tm, const vehicle_desc *d)
{
    memset(tm, 0, sizeof *tm);
    const float tw = d->track_half, wb = d->wheelbase, r = d->wheel_radius, w = d->wheel_width;
    const float front = 0.5f * wb + r + 0.35f, rear = -0.5f * wb - r - 0.3f;
    const float hub_y = -0.3f - 0.5f * d->rest_length - 0.1f; /* where the hubs hang at rest */
    const float bw = tw + 0.12f;                              /* half width of cab and bed */
    const float cab0 = front - 2.35f, cab1 = front - 1.15f;   /* cab from its back to the windscreen */
    const float sill = -0.1f, belt = 0.62f, roof = 1.32f;

    /* chassis: frame rails, cross members, bumpers, fuel tank, exhaust stack behind the cab */
    mesh_data *ch = &tm->body[TRUCK_CHASSIS].mesh;
    for (int s = -1; s <= 1; s += 2) box(ch, (float)s * 0.45f, -0.33f, 0.5f * (front + rear), 0.08f, 0.11f, 0.5f * (front - rear) - 0.05f);
    for (int i = 0; i < 4; i++) box(ch, 0, -0.33f, rear + 0.3f + (front - rear - 0.6f) * (float)i / 3.0f, 0.45f, 0.07f, 0.07f);
    box(ch, 0, -0.22f, front - 0.02f, bw + 0.04f, 0.11f, 0.08f);
    box(ch, 0, -0.25f, rear + 0.02f, bw, 0.08f, 0.06f);
    cyl_x(ch, -0.75f, -0.2f, cab0 + 0.35f, 0.2f, 0.5f, 16); /* fuel tank under the cab's door */
    mesh_data stack = {0};
    mesh_build_cylinder(&stack, 0.07f, 1.6f, 12, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){bw - 0.12f, 0.0f, cab0 - 0.12f});
    mesh_append(ch, &stack, xf);
    mesh_data_free(&stack);
    part(&tm->body[TRUCK_CHASSIS], 0.045f, 0.045f, 0.05f, 0.3f);

    /* cab: the box below the belt line, pillars and a roof above it, the bonnet ahead */
    mesh_data *cab = &tm->body[TRUCK_CAB].mesh;
    box(cab, 0, 0.5f * (sill + belt), 0.5f * (cab0 + cab1), bw, 0.5f * (belt - sill), 0.5f * (cab1 - cab0));
    const float ph = 0.5f * (roof - belt), py = 0.5f * (roof + belt), pt = 0.06f;
    for (int s = -1; s <= 1; s += 2) {
        box_r(cab, (float)s * (bw - pt), py, cab1 - 0.12f, pt, ph + 0.02f, pt, -0.18f, 0); /* A pillars, raked */
        box(cab, (float)s * (bw - pt), py, cab0 + pt, pt, ph, pt);                         /* B pillars */
        box(cab, (float)s * (bw - pt), py, 0.5f * (cab0 + cab1) - 0.05f, 0.5f * pt, ph, 0.5f * pt); /* door frame */
    }
    box(cab, 0, roof + 0.04f, 0.5f * (cab0 + cab1) - 0.05f, bw + 0.02f, 0.05f, 0.5f * (cab1 - cab0) + 0.02f);
    box_r(cab, 0, 0.22f, 0.5f * (cab1 + front) - 0.02f, bw - 0.12f, 0.3f, 0.5f * (front - cab1) - 0.02f, 0.05f, 0); /* bonnet, nose down */
    box(cab, 0, 0.55f, cab1 - 0.02f, bw - 0.02f, 0.08f, 0.06f); /* scuttle under the windscreen */
    part(&tm->body[TRUCK_CAB], 0.5f, 0.07f, 0.04f, 0.6f);

    /* glass: set back from the pillars' faces, so the frames read */
    mesh_data *gl = &tm->body[TRUCK_GLASS].mesh;
    box_r(gl, 0, py, cab1 - 0.16f, bw - 0.1f, ph, 0.015f, -0.18f, 0);          /* windscreen */
    box(gl, 0, py, cab0 + 0.04f, bw - 0.12f, ph - 0.04f, 0.015f);              /* rear window */
    for (int s = -1; s <= 1; s += 2) box(gl, (float)s * (bw - 0.04f), py, 0.5f * (cab0 + cab1) - 0.04f, 0.015f, ph - 0.01f, 0.5f * (cab1 - cab0) - 0.1f);
    part(&tm->body[TRUCK_GLASS], 0.03f, 0.05f, 0.07f, 1.0f);

    /* open bed behind the cab: floor, sides, headboard, tailgate */
    mesh_data *bed = &tm->body[TRUCK_BED].mesh;
    const float bz0 = rear + 0.08f, bz1 = cab0 - 0.25f, bc = 0.5f * (bz0 + bz1), bh = 0.5f * (bz1 - bz0);
    box(bed, 0, -0.02f, bc, bw, 0.07f, bh);
    for (int s = -1; s <= 1; s += 2) box(bed, (float)s * (bw - 0.03f), 0.3f, bc, 0.03f, 0.27f, bh);
    box(bed, 0, 0.38f, bz1 - 0.03f, bw, 0.35f, 0.03f);
    box(bed, 0, 0.3f, bz0 + 0.03f, bw, 0.27f, 0.03f);
    part(&tm->body[TRUCK_BED], 0.3f, 0.32f, 0.2f, 0.25f);

    /* trim: mudguards over every wheel, grille, steps, bed rails and stakes */
    mesh_data *tr = &tm->body[TRUCK_TRIM].mesh;
    for (int a = 0; a < d->wheel_count / 2; a++) {
        float z = 0.5f * wb - wb * (float)a / (float)(d->wheel_count / 2 - 1);
        for (int s = -1; s <= 1; s += 2) mudguard(tr, (float)s * tw, hub_y, z, r, w);
    }
    box(tr, 0, 0.2f, front + 0.005f, 0.55f, 0.22f, 0.02f); /* grille */
    for (int i = 0; i < 4; i++) box(tr, 0, 0.05f + 0.1f * (float)i, front + 0.03f, 0.57f, 0.018f, 0.02f);
    for (int s = -1; s <= 1; s += 2) {
        box(tr, (float)s * (bw + 0.05f), -0.2f, 0.5f * (cab0 + cab1), 0.07f, 0.025f, 0.35f); /* step */
        box(tr, (float)s * (bw - 0.03f), 0.6f, bc, 0.05f, 0.03f, bh + 0.02f);                /* bed rail */
        for (int k = 0; k < 4; k++) box(tr, (float)s * (bw + 0.005f), 0.3f, bz0 + 0.2f + (bz1 - bz0 - 0.4f) * (float)k / 3.0f, 0.02f, 0.28f, 0.035f);
        box(tr, (float)s * (bw + 0.02f), 0.95f, cab1 - 0.35f, 0.08f, 0.06f, 0.02f); /* mirror */
    }
    part(&tm->body[TRUCK_TRIM], 0.025f, 0.025f, 0.028f, 0.2f);

    /* lights: round head lights beside the grille, a bar on the roof, red tail lights */
    mesh_data *li = &tm->body[TRUCK_LIGHTS].mesh;
    for (int s = -1; s <= 1; s += 2) cyl_z(li, (float)s * 0.8f, 0.25f, front + 0.04f, 0.11f, 0.06f);
    for (int i = -1; i <= 1; i++) box(li, 0.35f * (float)i, roof + 0.12f, cab1 - 0.2f, 0.12f, 0.05f, 0.03f);
    part(&tm->body[TRUCK_LIGHTS], 1.0f, 0.92f, 0.72f, 0.5f);
    glm_vec3_scale(tm->body[TRUCK_LIGHTS].color, TRUCK_LIGHT_GAIN, tm->body[TRUCK_LIGHTS].emissive);
    mesh_data *tl = &tm->body[TRUCK_TAIL].mesh;
    for (int s = -1; s <= 1; s += 2) box(tl, (float)s * (bw - 0.18f), 0.1f, rear - 0.01f, 0.12f, 0.06f, 0.03f);
    part(&tm->body[TRUCK_TAIL], 0.9f, 0.05f, 0.03f, 0.5f);
    glm_vec3_scale(tm->body[TRUCK_TAIL].color, 0.6f * TRUCK_LIGHT_GAIN, tm->body[TRUCK_TAIL].emissive);

    /* tyre: a carcass under the lugs, chevron lugs at 2 pi i / lugs (their ends turned on by
     * MUDFIELD_TREAD_CHEVRON x |v| / r, where the stamp prints them) */
    mesh_data *ty = &tm->wheel[TRUCK_TYRE].mesh;
    const float depth = d->tread_depth, core = r - depth;
    tyre_carcass(ty, core, w, TRUCK_RIM_RADIUS * r);
    const float spacing = 2.0f * GLM_PIf * r / (float)d->tread_lugs, half = 0.2f * spacing;
    for (int i = 0; i < (depth > 0.0f ? d->tread_lugs : 0); i++) {
        float a = 2.0f * GLM_PIf * (float)i / (float)d->tread_lugs;
        for (int s = -1; s <= 1; s += 2) {
            float v = 0.25f * w, ang = a + 0.3f * v / r;
            mat4 lx;
            glm_rotate_make(lx, ang, (vec3){1, 0, 0});
            glm_translate(lx, (vec3){(float)s * v, -(core + 0.5f * depth), 0});
            glm_rotate(lx, (float)s * 0.29f, (vec3){0, 1, 0});
            mesh_data lug = {0};
            mesh_build_box(&lug, (float[3]){0.25f * w - 0.005f, 0.5f * depth + 0.005f, half}, 1);
            mesh_append(ty, &lug, lx);
            mesh_data_free(&lug);
        }
    }
    /* rubber: near black and matte (a flat sidewall with the paint's sheen read as a pale disc) */
    part(&tm->wheel[TRUCK_TYRE], 0.022f, 0.021f, 0.02f, 0.04f);

    /* rim: a dished disc set inside the tyre's bead, a hub, six wheel nuts on either face */
    mesh_data *rim = &tm->wheel[TRUCK_RIM].mesh;
    cyl_x(rim, 0, 0, 0, TRUCK_RIM_RADIUS * r + 0.01f, w + 0.02f, 24);
    cyl_x(rim, 0, 0, 0, 0.22f * r, w + 0.14f, 12);
    for (int s = -1; s <= 1; s += 2)
        for (int k = 0; k < 6; k++) {
            float a = (float)k / 6.0f * 2.0f * GLM_PIf;
            box(rim, (float)s * (0.5f * w + 0.04f), 0.36f * r * cosf(a), 0.36f * r * sinf(a), 0.02f, 0.022f, 0.022f);
        }
    part(&tm->wheel[TRUCK_RIM], 0.2f, 0.19f, 0.17f, 0.3f); /* dark painted steel: a pale rim read as the whole wheel */
}

void truck_model_build_boxes(truck_model *tm, const vehicle_desc *d)
{
    truck_model_build(tm, d);
    for (int i = 0; i < TRUCK_BODY_PARTS + TRUCK_WHEEL_PARTS; i++) {
        truck_part *p = i < TRUCK_BODY_PARTS ? &tm->body[i] : &tm->wheel[i - TRUCK_BODY_PARTS];
        vec3 lo, hi;
        mesh_bounds(&p->mesh, lo, hi);
        mesh_data_free(&p->mesh);
        memset(&p->mesh, 0, sizeof p->mesh);
        if (i == TRUCK_BODY_PARTS + TRUCK_TYRE) {
            cyl_x(&p->mesh, 0, 0, 0, d->wheel_radius, d->wheel_width, 24);
            continue;
        }
        box(&p->mesh, 0.5f * (lo[0] + hi[0]), 0.5f * (lo[1] + hi[1]), 0.5f * (lo[2] + hi[2]), 0.5f * (hi[0] - lo[0]),
            0.5f * (hi[1] - lo[1]), 0.5f * (hi[2] - lo[2]));
    }
}

void truck_model_free(truck_model *tm)
{
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) mesh_data_free(&tm->body[i].mesh);
    for (int i = 0; i < TRUCK_WHEEL_PARTS; i++) mesh_data_free(&tm->wheel[i].mesh);
}

#include "core/mud/truck_model.h"

#include <string.h>

static void add_box(mesh_data *m, float cx, float cy, float cz, float hx, float hy, float hz)
{
    mesh_data b = {0};
    mesh_build_box(&b, (float[3]){hx, hy, hz}, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){cx, cy, cz});
    mesh_append(m, &b, xf);
    mesh_data_free(&b);
}

static void set_color(truck_part *p, float r, float g, float b)
{
    p->color[0] = r;
    p->color[1] = g;
    p->color[2] = b;
}

void truck_model_build(truck_model *tm, const vehicle_desc *d)
{
    memset(tm, 0, sizeof *tm);
    float tw = d->track_half, wb = d->wheelbase, r = d->wheel_radius, w = d->wheel_width;
    float front = 0.5f * wb + r + 0.35f, rear = -0.5f * wb - r - 0.3f;

    /* frame rails and cross members, low between the wheels */
    mesh_data *ch = &tm->body[TRUCK_CHASSIS].mesh;
    add_box(ch, 0.45f, -0.35f, 0.5f * (front + rear), 0.1f, 0.12f, 0.5f * (front - rear));
    add_box(ch, -0.45f, -0.35f, 0.5f * (front + rear), 0.1f, 0.12f, 0.5f * (front - rear));
    for (int i = 0; i < 4; i++) add_box(ch, 0, -0.35f, rear + 0.3f + (front - rear - 0.6f) * (float)i / 3.0f, 0.45f, 0.08f, 0.08f);
    add_box(ch, 0, -0.25f, front - 0.05f, tw + 0.1f, 0.14f, 0.1f); /* bumper */
    /* fenders over every wheel */
    for (int s = -1; s <= 1; s += 2)
        for (int a = 0; a < 2; a++) add_box(ch, (float)s * tw, 0.05f, a ? -0.5f * wb : 0.5f * wb, 0.5f * w + 0.06f, 0.05f, r + 0.1f);
    set_color(&tm->body[TRUCK_CHASSIS], 0.05f, 0.05f, 0.055f);

    /* cab over the front axle, with a bonnet ahead of it */
    mesh_data *cab = &tm->body[TRUCK_CAB].mesh;
    add_box(cab, 0, 0.55f, front - 1.6f, tw + 0.15f, 0.75f, 0.7f);
    add_box(cab, 0, 0.2f, front - 0.5f, tw, 0.4f, 0.45f);
    set_color(&tm->body[TRUCK_CAB], 0.55f, 0.09f, 0.05f);

    mesh_data *gl = &tm->body[TRUCK_GLASS].mesh;
    add_box(gl, 0, 0.85f, front - 0.89f, tw, 0.3f, 0.02f);           /* windscreen */
    add_box(gl, tw + 0.16f, 0.85f, front - 1.55f, 0.02f, 0.28f, 0.5f); /* side windows */
    add_box(gl, -tw - 0.16f, 0.85f, front - 1.55f, 0.02f, 0.28f, 0.5f);
    set_color(&tm->body[TRUCK_GLASS], 0.08f, 0.12f, 0.16f);

    mesh_data *li = &tm->body[TRUCK_LIGHTS].mesh;
    add_box(li, 0.65f, 0.3f, front - 0.04f, 0.14f, 0.08f, 0.02f);
    add_box(li, -0.65f, 0.3f, front - 0.04f, 0.14f, 0.08f, 0.02f);
    set_color(&tm->body[TRUCK_LIGHTS], 1.0f, 0.95f, 0.7f);

    /* open bed: floor and three walls behind the cab */
    mesh_data *bed = &tm->body[TRUCK_BED].mesh;
    float bz0 = rear + 0.1f, bz1 = front - 2.35f, bc = 0.5f * (bz0 + bz1), bh = 0.5f * (bz1 - bz0);
    add_box(bed, 0, 0.0f, bc, tw + 0.15f, 0.08f, bh);
    add_box(bed, tw + 0.1f, 0.35f, bc, 0.05f, 0.3f, bh);
    add_box(bed, -tw - 0.1f, 0.35f, bc, 0.05f, 0.3f, bh);
    add_box(bed, 0, 0.35f, bz0 + 0.05f, tw + 0.15f, 0.3f, 0.05f);
    set_color(&tm->body[TRUCK_BED], 0.28f, 0.3f, 0.22f);

    /* tyre: a cylinder along x plus tread blocks, so the spin shows */
    mesh_data *ty = &tm->wheel[TRUCK_TYRE].mesh, cyl = {0};
    mesh_build_cylinder(&cyl, r * 0.93f, w, 24, 1);
    mat4 xf;
    glm_translate_make(xf, (vec3){-0.5f * w, 0, 0});
    glm_rotate(xf, -GLM_PI_2f, (vec3){0, 0, 1});
    mesh_append(ty, &cyl, xf);
    mesh_data_free(&cyl);
    mesh_data lug = {0};
    mesh_build_box(&lug, (float[3]){0.5f * w * 0.45f, r * 0.05f, r * 0.08f}, 1);
    for (int i = 0; i < 16; i++) {
        float a = (float)i / 16.0f * 2.0f * GLM_PIf;
        for (int side = -1; side <= 1; side += 2) {
            glm_rotate_make(xf, a, (vec3){1, 0, 0});
            glm_translate(xf, (vec3){(float)side * 0.25f * w, r * 0.96f, (float)side * 0.04f});
            glm_rotate(xf, (float)side * 0.35f, (vec3){0, 1, 0});
            mesh_append(ty, &lug, xf);
        }
    }
    mesh_data_free(&lug);
    set_color(&tm->wheel[TRUCK_TYRE], 0.03f, 0.03f, 0.03f);

    mesh_data *rim = &tm->wheel[TRUCK_RIM].mesh;
    mesh_build_cylinder(&cyl, r * 0.55f, w + 0.02f, 16, 1);
    glm_translate_make(xf, (vec3){-0.5f * w - 0.01f, 0, 0});
    glm_rotate(xf, -GLM_PI_2f, (vec3){0, 0, 1});
    mesh_append(rim, &cyl, xf);
    mesh_data_free(&cyl);
    add_box(rim, 0.5f * w + 0.02f, 0, 0, 0.02f, r * 0.12f, r * 0.45f); /* a spoke-like bar shows the spin */
    add_box(rim, -0.5f * w - 0.02f, 0, 0, 0.02f, r * 0.12f, r * 0.45f);
    set_color(&tm->wheel[TRUCK_RIM], 0.6f, 0.55f, 0.2f);
}

void truck_model_free(truck_model *tm)
{
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) mesh_data_free(&tm->body[i].mesh);
    for (int i = 0; i < TRUCK_WHEEL_PARTS; i++) mesh_data_free(&tm->wheel[i].mesh);
}

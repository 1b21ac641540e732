#include "dissolve/scene/gallery.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "dissolve/core/props.h"

static void gallery__add(dissolve_gallery *g, mesh_data *dst, const char *name, mesh_data *m, mat4 model,
                         const vec3 albedo, float phase)
{
    assert(g->count < DISSOLVE_GALLERY_MAX);
    dissolve_gallery_item *it = &g->items[g->count++];
    it->name = name;
    glm_mat4_copy(model, it->model);
    glm_vec3_copy((float *)albedo, it->albedo);
    it->phase = phase;
    glm_vec3_fill(it->lo, FLT_MAX);
    glm_vec3_fill(it->hi, -FLT_MAX);
    for (int i = 0; i < m->vertex_count; i++) {
        vec3 w;
        glm_mat4_mulv3(model, m->pos[i], 1.0f, w);
        glm_vec3_minv(it->lo, w, it->lo);
        glm_vec3_maxv(it->hi, w, it->hi);
    }
    glm_vec3_center(it->lo, it->hi, it->center);
    it->radius = glm_vec3_distance(it->lo, it->hi) * 0.5f;
    g->vertices += m->vertex_count;
    g->triangles += m->index_count / 3;
    /* the item keeps the mesh; the builder starts the next one from empty */
    *dst = *m;
    memset(m, 0, sizeof *m);
}

/* Where the guests stand: at the back at their own size, on the right brought to the props' size. */
static const struct {
    vec3 pos; /* of the bottom centre, 1 cm above the ground */
    float yaw, scale;
    vec3 albedo;
    float phase;
} gallery__stands[DISSOLVE_GALLERY_GUESTS] = {
    {{0.0f, 0.01f, -0.9f}, 0.0f, 1.0f, {0.22f, 0.24f, 0.27f}, 7.5f},
    {{2.2f, 0.01f, 0.5f}, -0.35f, 2.6f, {0.42f, 0.28f, 0.22f}, 1.2f},
};

int dissolve_gallery_build(dissolve_gallery *g, const dissolve_gallery_guest *guests, int nguests,
                           mesh_data meshes[DISSOLVE_GALLERY_MAX], float detail)
{
    assert(nguests >= 0 && nguests <= DISSOLVE_GALLERY_GUESTS && (nguests == 0 || guests));
    memset(g, 0, sizeof *g);
    g->mode = DISSOLVE_MODE_PUSH;
    g->shape = DISSOLVE_SHAPE_DIRECTION;
    glm_vec3_copy((vec3){1.49f, 1.65f, 1.28f}, g->target);
    mesh_data m = {0};
    mat4 xf;

    if (!(detail > 0.0f) || detail > 1.0f) detail = 1.0f;
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, (int)(24.0f * detail + 0.5f));
    /* lifted 1 cm: a floor at y = 0 would z-fight the ground plane */
    glm_translate_make(xf, (vec3){-2.2f, 0.41f, 0.5f});
    glm_rotate_y(xf, 0.45f, xf);
    gallery__add(g, &meshes[g->count], "box", &m, xf, (vec3){0.32f, 0.30f, 0.28f}, 0.0f);

    mesh_build_sphere(&m, 0.45f, (int)(64.0f * detail + 0.5f), (int)(32.0f * detail + 0.5f));
    glm_translate_make(xf, (vec3){-0.75f, 0.46f, 1.1f}); /* its pole 1 cm above the ground, as the box */
    gallery__add(g, &meshes[g->count], "sphere", &m, xf, (vec3){0.10f, 0.20f, 0.38f}, 2.5f);

    props_build_crystals(&m, 5);
    glm_translate_make(xf, (vec3){0.75f, 0.01f, 1.1f}); /* its base 1 cm above the ground */
    glm_rotate_y(xf, 0.3f, xf);
    gallery__add(g, &meshes[g->count], "crystals", &m, xf, (vec3){0.26f, 0.12f, 0.34f}, 5.0f);

    for (int i = 0; i < nguests; i++) {
        float bottom = 0.0f;
        if (!guests[i].build(&m, &bottom, detail)) {
            mesh_data_free(&m);
            continue;
        }
        const float s = gallery__stands[i].scale;
        glm_translate_make(xf, (vec3){gallery__stands[i].pos[0], gallery__stands[i].pos[1] - bottom * s, gallery__stands[i].pos[2]});
        /* a turn of 0 or a scale of 1 is left out: the matrix stays exactly the translation */
        if (gallery__stands[i].yaw != 0.0f) glm_rotate_y(xf, gallery__stands[i].yaw, xf);
        if (s != 1.0f) glm_scale_uni(xf, s);
        gallery__add(g, &meshes[g->count], guests[i].name, &m, xf, gallery__stands[i].albedo, gallery__stands[i].phase);
    }
    mesh_data_free(&m);
    return g->count;
}

float dissolve_gallery_cycle(float t)
{
    float u = fmodf(t, DISSOLVE_GALLERY_CYCLE_S) / DISSOLVE_GALLERY_CYCLE_S;
    float a;
    if (u < 0.1f) a = 0.0f;
    else if (u < 0.45f) a = (u - 0.1f) / 0.35f;
    else if (u < 0.55f) a = 1.0f;
    else if (u < 0.9f) a = 1.0f - (u - 0.55f) / 0.35f;
    else a = 0.0f;
    return a * a * (3.0f - 2.0f * a);
}

void dissolve_gallery_update(dissolve_gallery *g, float dt, bool resume, float nudge)
{
    if (!g->fixed) g->time += dt;
    if (resume) g->fixed = false;
    if (nudge != 0.0f) {
        if (!g->fixed) g->fixed_amount = g->items[0].amount;
        g->fixed = true;
        g->fixed_amount = glm_clamp(g->fixed_amount + nudge * 0.4f * dt, 0.0f, 1.0f);
    }
    /* The orb circles above the gallery, dipping low enough to drag the meshes sideways. */
    float a = g->time * 0.45f + 0.9f;
    glm_vec3_copy((vec3){1.9f * sinf(a), 1.65f + 0.3f * sinf(a * 2.3f), 0.6f + 1.1f * cosf(a)}, g->target);
    for (int i = 0; i < g->count; i++)
        g->items[i].amount = g->fixed ? g->fixed_amount : dissolve_gallery_cycle(g->time + g->items[i].phase);
}

void dissolve_gallery_fix(dissolve_gallery *g, float amount)
{
    g->fixed = true;
    g->fixed_amount = glm_clamp(amount, 0.0f, 1.0f);
    for (int i = 0; i < g->count; i++) g->items[i].amount = g->fixed_amount;
}

float dissolve_gallery_amount(const dissolve_gallery *g) { return g->fixed ? g->fixed_amount : g->items[0].amount; }

dissolve_params dissolve_gallery_params(const dissolve_gallery *g, int i)
{
    assert(i >= 0 && i < g->count);
    const dissolve_gallery_item *it = &g->items[i];
    dissolve_params p = dissolve_params_defaults();
    p.amount = it->amount;
    p.mode = g->mode;
    p.shape = g->shape;
    p.push_distance = 0.12f;
    /* Top to bottom across this item. */
    glm_vec3_copy((vec3){it->center[0], it->hi[1] + 0.02f, it->center[2]}, p.from);
    glm_vec3_copy((vec3){it->center[0], it->lo[1] - 0.02f, it->center[2]}, p.to);
    /* Sphere around the orb, its shell spanning the item: the side facing the orb goes first. */
    float dist = glm_vec3_distance((float *)g->target, (float *)it->center);
    glm_vec3_copy((float *)g->target, p.center);
    p.inner_radius = fmaxf(dist - it->radius, 0.0f);
    p.radius = dist + it->radius;
    glm_vec3_copy((float *)g->target, p.target);
    return p;
}

void dissolve_gallery_write_stats(const dissolve_gallery *g, json_writer *w)
{
    json_number(w, "dissolve_amount", dissolve_gallery_amount(g));
    json_bool(w, "dissolve_cycling", !g->fixed);
    json_string(w, "dissolve_mode", dissolve_mode_name(g->mode));
    json_string(w, "dissolve_shape", dissolve_shape_name(g->shape));
    json_int(w, "dissolve_items", g->count);
    json_array_begin(w, "dissolve_item_amounts");
    for (int i = 0; i < g->count; i++) {
        json_object_begin(w, NULL);
        json_string(w, "name", g->items[i].name);
        json_number(w, "amount", g->items[i].amount);
        json_object_end(w);
    }
    json_array_end(w);
    json_array_begin(w, "dissolve_target");
    for (int k = 0; k < 3; k++) json_number(w, NULL, g->target[k]);
    json_array_end(w);
}

/* The rays of the damage map's CPU side: a BVH over the real body and armor triangles at the
 * bind pose, refitted to each drawn pose, and the walk of a ray through holes and detached
 * plates; plus the bind <-> world mapping of points near the robot. */
#include "damage/core/blast_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

static void append_skin(rig_skin *dst, int at, const rig_skin *src)
{
    memcpy(dst->bone + at, src->bone, (size_t)src->count * sizeof *src->bone);
    memcpy(dst->weight + at, src->weight, (size_t)src->count * sizeof *src->weight);
}

bool blast__build_rays(blast_state *bs)
{
    const robot *r = bs->r;
    mesh_data *all = &bs->all;
    mesh_append(all, &r->body, GLM_MAT4_IDENTITY);
    mesh_append(all, &r->glow, GLM_MAT4_IDENTITY);
    int body_tris = all->index_count / 3;
    for (int p = 0; p < r->plate_count; p++) mesh_append(all, &r->plates[p].mesh, (vec4 *)r->plates[p].rest);
    int n = all->index_count / 3, nv = all->vertex_count;
    bs->tri_plate = malloc((size_t)n * sizeof *bs->tri_plate);
    bs->tri_uv = malloc((size_t)n * sizeof *bs->tri_uv);
    bs->posed = malloc((size_t)nv * sizeof *bs->posed);
    bs->skin.bone = malloc((size_t)nv * sizeof *bs->skin.bone);
    bs->skin.weight = malloc((size_t)nv * sizeof *bs->skin.weight);
    if (!bs->tri_plate || !bs->tri_uv || !bs->posed || !bs->skin.bone || !bs->skin.weight) return false;
    bs->skin.count = nv;
    int at = 0;
    append_skin(&bs->skin, at, &r->body_skin);
    at += r->body_skin.count;
    append_skin(&bs->skin, at, &r->glow_skin);
    at += r->glow_skin.count;
    for (int p = 0; p < r->plate_count; p++) {
        append_skin(&bs->skin, at, &r->plates[p].skin);
        at += r->plates[p].skin.count;
    }
    assert(at == nv);
    memcpy(bs->posed, all->pos, (size_t)nv * sizeof *bs->posed);
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_mat4_identity(bs->palette[b]);
    int t = 0;
    for (; t < body_tris; t++) bs->tri_plate[t] = -1;
    for (int p = 0; p < r->plate_count; p++) {
        const mesh_data *m = &r->plates[p].mesh;
        for (int i = 0; i < m->index_count; i += 3, t++) {
            bs->tri_plate[t] = p;
            for (int k = 0; k < 3; k++) {
                bs->tri_uv[t][k][0] = m->uv[m->idx[i + k]][0];
                bs->tri_uv[t][k][1] = m->uv[m->idx[i + k]][1];
            }
        }
    }
    bs->bvh = bvh_create(&(bvh_desc){.pos = (const float (*)[3])all->pos, .idx = all->idx, .tri_count = n, .tags = bs->tri_plate});
    return bs->bvh != NULL;
}

void blast_set_pose(blast_state *bs, const mat4 *palette)
{
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_mat4_copy((vec4 *)palette[b], bs->palette[b]);
    for (int v = 0; v < bs->all.vertex_count; v++)
        rig_skin_point(palette, bs->skin.bone[v], bs->skin.weight[v], bs->all.pos[v], bs->posed[v]);
    bvh_refit(bs->bvh, (const float (*)[3])bs->posed, bs->all.idx);
}

void blast_posed_bounds(const blast_state *bs, vec3 lo, vec3 hi)
{
    glm_vec3_copy(bs->posed[0], lo);
    glm_vec3_copy(bs->posed[0], hi);
    for (int v = 1; v < bs->all.vertex_count; v++) {
        glm_vec3_minv(lo, bs->posed[v], lo);
        glm_vec3_maxv(hi, bs->posed[v], hi);
    }
}

const float (*blast_posed_positions(const blast_state *bs, int *count))[3]
{
    *count = bs->all.vertex_count;
    return (const float (*)[3])bs->posed;
}

void blast_bind_to_world(const blast_state *bs, const float bind[3], float out[3])
{
    int best = 0;
    float bd = 1e30f;
    for (int i = 0; i < bs->all.vertex_count; i++) {
        float d = glm_vec3_distance2(bs->all.pos[i], (float *)bind);
        if (d < bd) { bd = d; best = i; }
    }
    mat4 m;
    rig_blend_matrix(bs->palette, bs->skin.bone[best], bs->skin.weight[best], m);
    glm_mat4_mulv3(m, (float *)bind, 1.0f, out);
}

float blast_bind_frame(const blast_state *bs, const float bind[3], float normal[3], mat4 to_world)
{
    int best = 0;
    float bd = 1e30f;
    for (int i = 0; i < bs->all.vertex_count; i++) {
        float d = glm_vec3_distance2(bs->all.pos[i], (float *)bind);
        if (d < bd) { bd = d; best = i; }
    }
    glm_vec3_copy(bs->all.nrm[best], normal);
    if (glm_vec3_norm2(normal) < 1e-12f) glm_vec3_copy((vec3){0.0f, 0.0f, 1.0f}, normal);
    glm_vec3_normalize(normal);
    rig_blend_matrix(bs->palette, bs->skin.bone[best], bs->skin.weight[best], to_world);
    return sqrtf(bd);
}

void blast_world_to_bind(const blast_state *bs, const float w[3], float out[3])
{
    /* the nearest surface vertex of the drawn pose (body or attached armor) carries the point */
    const robot *r = bs->r;
    int best = -1, v = r->body.vertex_count + r->glow.vertex_count;
    float bd = 1e30f;
    for (int i = 0; i < v; i++) {
        float d = glm_vec3_distance2(bs->posed[i], (float *)w);
        if (d < bd) { bd = d; best = i; }
    }
    for (int p = 0; p < r->plate_count; p++) {
        int n = r->plates[p].mesh.vertex_count;
        for (int i = v; bs->attached[p] && i < v + n; i++) {
            float d = glm_vec3_distance2(bs->posed[i], (float *)w);
            if (d < bd) { bd = d; best = i; }
        }
        v += n;
    }
    mat4 m, inv;
    rig_blend_matrix(bs->palette, bs->skin.bone[best], bs->skin.weight[best], m);
    glm_mat4_inv(m, inv);
    glm_mat4_mulv3(inv, (float *)w, 1.0f, out);
}


bool blast_raycast(const blast_state *bs, const float org[3], const float dir[3], float t_max, blast_ray_hit *hit)
{
    float t_min = 0;
    int passed = 0, passed_plate = -1;
    for (int guard = 0; guard < BLAST_MAX_HITS; guard++) {
        bvh_hit h;
        if (!bvh_raycast(bs->bvh, org, dir, t_min, t_max, &h)) return false;
        t_min = h.t;
        int p = h.tag;
        if (p >= 0 && !bs->attached[p]) continue;
        blast_ray_hit out = {.t = h.t, .plate = p};
        const uint32_t *tri = &bs->all.idx[3 * h.tri];
        float w0 = 1.0f - h.u - h.v;
        for (int k = 0; k < 3; k++) {
            out.pos[k] = org[k] + h.t * dir[k];
            out.pos_bind[k] = w0 * bs->all.pos[tri[0]][k] + h.u * bs->all.pos[tri[1]][k] + h.v * bs->all.pos[tri[2]][k];
        }
        out.bone = rig_skin_main_bone(&bs->skin, (int)tri[0]);
        if (p >= 0) {
            const float (*uv)[2] = bs->tri_uv[h.tri];
            out.uv[0] = w0 * uv[0][0] + h.u * uv[1][0] + h.v * uv[2][0];
            out.uv[1] = w0 * uv[0][1] + h.u * uv[1][1] + h.v * uv[2][1];
            if (blast_is_hole(bs, p, out.pos_bind, out.uv)) {
                passed++;
                passed_plate = p;
                continue;
            }
        }
        out.holes_passed = passed;
        out.passed_plate = passed_plate;
        /* geometric normal of the hit triangle as drawn, turned towards the shooter */
        vec3 e1, e2;
        glm_vec3_sub(bs->posed[tri[1]], bs->posed[tri[0]], e1);
        glm_vec3_sub(bs->posed[tri[2]], bs->posed[tri[0]], e2);
        glm_vec3_cross(e1, e2, out.normal);
        glm_vec3_normalize(out.normal);
        if (glm_vec3_dot(out.normal, (float *)dir) > 0) glm_vec3_negate(out.normal);
        *hit = out;
        return true;
    }
    return false;
}

/* The robot's armor as a damage-map surface (robot_damage.h): one client of damage.h among others. */
#include "damage/robot_damage.h"

#include <string.h>

void robot_damage_paint(int p, float out[3])
{
    /* dark painted gunmetal, steel blue on helmet and shoulders, each plate a shade apart so the
     * plates read as separate pieces and the bright holes and rims stand out */
    bool accent = p == ROBOT_PLATE_HELMET || p == ROBOT_PLATE_SHOULDER_L || p == ROBOT_PLATE_SHOULDER_R;
    float shade = 0.9f + 0.2f * (float)((p * 7 + 3) % 13) / 12.0f;
    vec3 paint = {0.12f, 0.13f, 0.15f}, blue = {0.055f, 0.11f, 0.17f};
    glm_vec3_scale(accent ? blue : paint, shade, out);
}

damage_map_desc robot_damage_desc(robot_damage *rd, const robot *r, const damage_map_desc *base)
{
    memset(rd, 0, sizeof *rd);
    for (int p = 0; p < r->plate_count; p++) {
        const robot_plate *pl = &r->plates[p];
        damage_mesh *m = &rd->meshes[p];
        m->positions = (const float (*)[3])pl->mesh.pos;
        m->normals = (const float (*)[3])pl->mesh.nrm;
        m->uvs = (const float (*)[2])pl->mesh.uv;
        m->tangents = (const float (*)[4])pl->mesh.tan;
        m->smooth_normals = (const float (*)[3])pl->mesh.snrm;
        m->charts = pl->chart;
        m->indices = pl->mesh.idx;
        m->vertex_count = pl->mesh.vertex_count;
        m->index_count = pl->mesh.index_count;
        m->bones = (const uint8_t (*)[DAMAGE_BONE_INFLUENCES])pl->skin.bone;
        m->weights = (const float (*)[DAMAGE_BONE_INFLUENCES])pl->skin.weight;
        robot_damage_paint(p, m->paint);
        glm_mat4_copy((vec4 *)pl->rest, rd->rest[p]);
    }
    rd->blast_pose = (damage_pose){.models = (const mat4 *)rd->rest};
    damage_map_desc d = base ? *base : (damage_map_desc){0};
    d.meshes = rd->meshes;
    d.mesh_count = r->plate_count;
    d.atlas_size = r->atlas_size;
    d.chart_count = r->chart_count;
    d.bone_count = RIG_BONE_COUNT;
    if (!d.look.detail_texture && !d.look.detail_path) d.look.detail_path = ROBOT_DAMAGE_DETAIL;
    return d;
}

damage_map *robot_damage_create(robot_damage *rd, const robot *r, const damage_map_desc *base)
{
    const damage_map_desc d = robot_damage_desc(rd, r, base);
    return damage_map_create(&d);
}

void robot_damage_draw_models(const robot_damage *rd, const bool *attached, mat4 *flight, mat4 *out)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++)
        glm_mat4_copy(!attached || attached[p] ? (vec4 *)rd->rest[p] : flight[p], out[p]);
}

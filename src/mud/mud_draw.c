/* mud_draw.c — the terrain drawn: blocks culled by distance and frustum, a resident block on its
 * mud grid (patch by patch near the eye), the rest on base grids by distance; the decals binned
 * per block for the terrain shader. */
#include "mud/mud_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gfx/mesh_gl.h"
#include "gfx/state.h"

/* Patches whose visible part is within this share of mud.fine_distance of the eye, the eye's height
 * included, are drawn on quarter-texel steps (they cost the most) */
#define QUARTER_SHARE 0.65f
/* samples per side of a patch for the distance to its visible part (patch_view_distance) */
#define VIEW_SAMPLES 5

void mud_renderer_set_decals(mud_renderer *mr, const decal_draw *d, int n)
{
    for (int i = 0; i < mr->ntouched; i++) mr->decal_head[mr->decal_touched[i]] = -1;
    mr->ntouched = mr->ndecal_entries = 0;
    n = n < MUD_DECALS_MAX ? n : MUD_DECALS_MAX;
    for (int i = 0; i < n; i++) {
        mr->decals[i] = d[i];
        /* a splat (its drops reach 1.6 radii, shaders/mud_terrain.frag) is smaller than a block:
         * it touches at most 2 x 2 of them */
        float reach = d[i].radius * 1.6f;
        int bx0 = (int)floorf((d[i].x - reach) / TERRAIN_BLOCK_SIZE), bx1 = (int)floorf((d[i].x + reach) / TERRAIN_BLOCK_SIZE);
        int bz0 = (int)floorf((d[i].z - reach) / TERRAIN_BLOCK_SIZE), bz1 = (int)floorf((d[i].z + reach) / TERRAIN_BLOCK_SIZE);
        for (int bz = bz0; bz <= bz1 && bz <= bz0 + 1; bz++)
            for (int bx = bx0; bx <= bx1 && bx <= bx0 + 1; bx++) {
                if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
                int b = bz * mr->nb + bx, e = mr->ndecal_entries++;
                if (mr->decal_head[b] < 0) mr->decal_touched[mr->ntouched++] = b;
                /* pushed in front: a block's list runs newest first */
                mr->decal_ref[e] = i;
                mr->decal_next[e] = mr->decal_head[b];
                mr->decal_head[b] = e;
            }
    }
}

/* The newest splats over block b into the main program's uniforms (*current: how many it holds). */
static void set_block_decals(mud_renderer *mr, int b, int *current)
{
    float v[MUD_DECALS_PER_BLOCK * 4];
    int k = 0;
    if (mr->layers.decals)
        for (int e = mr->decal_head[b]; e >= 0 && k < MUD_DECALS_PER_BLOCK; e = mr->decal_next[e], k++)
            memcpy(v + k * 4, &mr->decals[mr->decal_ref[e]], 4 * sizeof(float));
    if (k) glUniform4fv(mr->u_decals, k, v);
    if (k != *current) glUniform1i(mr->u_ndecals, k);
    *current = k;
}

/* The eye's distance to the part of the patch at (x0, z0) that the view shows: the nearest of
 * VIEW_SAMPLES^2 points of the base terrain over it that lie in the frustum, each within a sample
 * spacing of it (the mud moves the ground by centimetres, a berm by a few tens); the box's nearest
 * point (heights hmin..hmax) when none does, a sliver at the frustum's edge. A chase camera high
 * over the truck sees the ground from a few metres ahead on: the patch under it is in the frustum,
 * but its near part is not in the picture. */
static float patch_view_distance(const terrain *terr, float x0, float z0, float psize, float hmin, float hmax, const vec3 eye,
                                 vec4 planes[6])
{
    const float step = psize / (float)(VIEW_SAMPLES - 1), tol = step;
    float best = INFINITY;
    for (int j = 0; j < VIEW_SAMPLES; j++)
        for (int i = 0; i < VIEW_SAMPLES; i++) {
            vec4 p = {x0 + (float)i * step, 0.0f, z0 + (float)j * step, 1.0f};
            p[1] = terrain_height(terr, p[0], p[2]);
            bool seen = true;
            for (int q = 0; q < 6 && seen; q++) seen = glm_vec4_dot(planes[q], p) >= -tol;
            if (!seen) continue;
            float dx = p[0] - eye[0], dy = p[1] - eye[1], dz = p[2] - eye[2];
            best = fminf(best, sqrtf(dx * dx + dy * dy + dz * dz));
        }
    if (best < INFINITY) return best;
    float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - x0 - psize), 0.0f), dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - z0 - psize), 0.0f);
    float dy = fmaxf(fmaxf(hmin - eye[1], eye[1] - hmax), 0.0f);
    return sqrtf(dx * dx + dy * dy + dz * dz);
}

/* 1 when a box (x0..x1, y0..y1, z0..z1; a skirt hangs 0.6 m under the lowest point) comes within
 * MUD_TREAD_FAR_M of the eye, so the shader may draw a tyre print over it (u_tread_near), else 0 */
static float tread_near(const vec3 eye, float x0, float x1, float y0, float y1, float z0, float z1)
{
    float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - x1), 0.0f), dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - z1), 0.0f);
    float dy = fmaxf(fmaxf(y0 - 0.6f - eye[1], eye[1] - y1), 0.0f);
    const float far = (float)MUD_TREAD_FAR_M + 0.5f; /* the slide moves the ground by centimetres */
    return dx * dx + dy * dy + dz * dz < far * far ? 1.0f : 0.0f;
}

/* A mud block near the eye, patch by patch (main pass): patches whose visible part is within
 * QUARTER_SHARE of mr->fine_distance on a grid of quarter-texel steps, within mr->fine_distance on
 * half-texel steps, the others on the texel grid; the heights are the B-spline of the texels, so a
 * berm's crest runs between the texels where the data puts it instead of from vertex to vertex (docs/mud.md "Rut smoothness"). Where a
 * patch meets a coarser one, its vertices between two of the coarser patch's take the linear mix
 * of theirs (u_seam: the neighbour's step over this patch's per side), so the seam closes exactly;
 * every patch has its skirt besides. */
static void draw_patches(mud_renderer *mr, int bx, int bz, const vec3 eye, vec4 planes[6])
{
    const int pass = MUD_PASS_MAIN, b = bz * mr->nb + bx;
    const float psize = PATCH_SEG * MUDFIELD_SPACING, fd = mr->fine_distance;
    int k[PATCHES + 2][PATCHES + 2] = {{0}}; /* vertices per texel step, a ring of 0 around the block */
    for (int pz = 0; pz < PATCHES; pz++)
        for (int px = 0; px < PATCHES; px++) {
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE + (float)px * psize, z0 = (float)bz * TERRAIN_BLOCK_SIZE + (float)pz * psize;
            float d = patch_view_distance(mr->terr, x0, z0, psize, mr->block_hmin[b], mr->block_hmax[b], eye, planes);
            k[pz + 1][px + 1] = d < QUARTER_SHARE * fd ? 4 : d < fd ? 2 : 1;
        }
    for (int pz = 0; pz < PATCHES; pz++)
        for (int px = 0; px < PATCHES; px++) {
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE + (float)px * psize, z0 = (float)bz * TERRAIN_BLOCK_SIZE + (float)pz * psize;
            vec3 box[2] = {{x0, mr->block_hmin[b], z0}, {x0 + psize, mr->block_hmax[b], z0 + psize}};
            if (!glm_aabb_frustum(box, planes)) continue;
            const int kk = k[pz + 1][px + 1], nx0 = k[pz + 1][px], nx1 = k[pz + 1][px + 2], nz0 = k[pz][px + 1], nz1 = k[pz + 2][px + 1];
            glUniform1f(mr->u_step[pass], MUDFIELD_SPACING / (float)kk);
            glUniform1f(mr->u_sub[pass], 1.0f / (float)kk);
            glUniform2i(mr->u_patch[pass], px * PATCH_SEG * kk, pz * PATCH_SEG * kk);
            glUniform1i(mr->u_last[pass], SEG * kk);
            glUniform1i(mr->u_patch_n, PATCH_SEG * kk);
            glUniform4i(mr->u_seam, nx0 && nx0 < kk ? kk / nx0 : 0, nx1 && nx1 < kk ? kk / nx1 : 0, nz0 && nz0 < kk ? kk / nz0 : 0,
                        nz1 && nz1 < kk ? kk / nz1 : 0);
            glUniform1f(mr->u_tread_near, tread_near(eye, x0, x0 + psize, mr->block_hmin[b], mr->block_hmax[b], z0, z0 + psize));
            gfx_mesh_draw(kk == 4 ? &mr->patch_quarter : kk == 2 ? &mr->patch_fine : &mr->patch_coarse);
            mr->stats.patches_drawn[kk == 4 ? 0 : kk == 2 ? 1 : 2]++;
        }
    /* the seams are a patch's alone: a whole block drawn next must not take its last ones (they
     * would move that block's vertices on one row and column) */
    glUniform4i(mr->u_seam, 0, 0, 0, 0);
}

/* qsort's order of mud_draw_item: nearer first, then by index (a stable order for equal distances) */
static int near_first(const void *pa, const void *pb)
{
    const mud_draw_item *a = pa, *b = pb;
    if (a->d2 != b->d2) return a->d2 < b->d2 ? -1 : 1;
    return (a->block > b->block) - (a->block < b->block);
}

void mud_renderer_draw(mud_renderer *mr, mud_pass pass, mat4 viewproj, const vec3 eye)
{
    /* two-sided: skirts face either way */
    gfx_state_set(pass == MUD_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(mr->prog[pass]);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mr->road_tex);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->height_array);
    glActiveTexture(GL_TEXTURE0);
    const GLint u_origin = mr->u_origin[pass], u_step = mr->u_step[pass], u_layer = mr->u_layer[pass], u_sub = mr->u_sub[pass];
    const float show_mud = mr->layers.mud ? 1.0f : 0.0f, show_detail = mr->layers.plain ? 0.0f : 1.0f;
    int show_flags = -1; /* what u_show's y and w hold now (a block's MUD_BLOCK_* as drawn): unknown */

    vec4 planes[6];
    glm_frustum_planes(viewproj, planes);
    float dist = pass == MUD_PASS_SHADOW ? fminf(mr->draw_distance, 40.0f) : mr->draw_distance; /* the sun's map covers ~30 m */
    int reach = (int)ceilf(dist / TERRAIN_BLOCK_SIZE) + 1;
    int cx = (int)floorf(eye[0] / TERRAIN_BLOCK_SIZE), cz = (int)floorf(eye[2] / TERRAIN_BLOCK_SIZE), drawn = 0;
    int ndecals = -1; /* what u_ndecals holds now: unknown */
    if (pass == MUD_PASS_MAIN) memset(mr->stats.patches_drawn, 0, sizeof mr->stats.patches_drawn);
    /* the blocks in reach and in view, nearest first: the ground nearer the eye hides what lies
     * behind it (a rise, a berm, the skirts), and a software rasterizer's early depth test then
     * skips the hidden fragments instead of shading them and drawing over them */
    int count = 0;
    for (int bz = cz - reach; bz <= cz + reach; bz++)
        for (int bx = cx - reach; bx <= cx + reach; bx++) {
            if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
            int b = bz * mr->nb + bx;
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE, z0 = (float)bz * TERRAIN_BLOCK_SIZE;
            float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - x0 - TERRAIN_BLOCK_SIZE), 0.0f);
            float dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - z0 - TERRAIN_BLOCK_SIZE), 0.0f);
            if (dx * dx + dz * dz > dist * dist) continue;
            vec3 box[2] = {{x0, mr->block_hmin[b], z0}, {x0 + TERRAIN_BLOCK_SIZE, mr->block_hmax[b], z0 + TERRAIN_BLOCK_SIZE}};
            if (!glm_aabb_frustum(box, planes)) continue;
            mr->draw_order[count++] = (mud_draw_item){b, dx * dx + dz * dz};
        }
    if (pass == MUD_PASS_MAIN) qsort(mr->draw_order, (size_t)count, sizeof *mr->draw_order, near_first);
    for (int i = 0; i < count; i++) {
        const int b = mr->draw_order[i].block, bx = b % mr->nb, bz = b / mr->nb;
        const float x0 = (float)bx * TERRAIN_BLOCK_SIZE, z0 = (float)bz * TERRAIN_BLOCK_SIZE, d2 = mr->draw_order[i].d2;
        int s = mr->layers.mud ? mr->block_slot[b] : -1;
        glUniform2f(u_origin, x0, z0);
        if (pass == MUD_PASS_MAIN) set_block_decals(mr, b, &ndecals);
        glUniform1i(u_layer, s);
        /* u_show: x the mud layer, y a road may be over the block, z the mud's detail, w mud may be
         * (the mask, or a resident layer's tracks) */
        const int flags = (mr->layers.roads ? mr->block_flags[b] & MUD_BLOCK_ROAD : 0) | (s >= 0 ? MUD_BLOCK_MUD : mr->block_flags[b] & MUD_BLOCK_MUD);
        if (flags != show_flags)
            glUniform4f(mr->u_show[pass], show_mud, (flags & MUD_BLOCK_ROAD) ? 1.0f : 0.0f, show_detail, (flags & MUD_BLOCK_MUD) ? 1.0f : 0.0f);
        show_flags = flags;
        if (pass == MUD_PASS_MAIN)
            glUniform1f(mr->u_tread_near, s >= 0 ? tread_near(eye, x0, x0 + TERRAIN_BLOCK_SIZE, mr->block_hmin[b], mr->block_hmax[b], z0,
                                                              z0 + TERRAIN_BLOCK_SIZE)
                                                   : 0.0f);
        if (s >= 0 && pass == MUD_PASS_MAIN && d2 < mr->fine_distance * mr->fine_distance) {
            draw_patches(mr, bx, bz, eye, planes);
        } else if (s >= 0 && mr->mud_step == 2) {
            /* 63 steps over the 127 texel segments: both borders land on the block's edge */
            const int half = SEG / 2;
            glUniform1f(u_step, TERRAIN_BLOCK_SIZE / (float)half);
            glUniform1f(u_sub, (float)SEG / (float)half);
            glUniform2i(mr->u_patch[pass], 0, 0);
            glUniform1i(mr->u_last[pass], half);
            gfx_mesh_draw(&mr->grid_mud_half);
        } else if (s >= 0) {
            glUniform1f(u_step, MUDFIELD_SPACING);
            glUniform1f(u_sub, 1.0f);
            glUniform2i(mr->u_patch[pass], 0, 0);
            glUniform1i(mr->u_last[pass], SEG);
            gfx_mesh_draw(&mr->grid_mud);
        } else {
            /* coarser grids far away: vertex work is what a software rasterizer pays most for */
            int lod = d2 < 48.0f * 48.0f ? 0 : d2 < 112.0f * 112.0f ? 1 : 2;
            glUniform1f(u_step, TERRAIN_BLOCK_SIZE / (float)(BASE_SEG >> lod));
            glUniform2i(mr->u_patch[pass], 0, 0);
            glUniform1i(mr->u_last[pass], BASE_SEG);
            gfx_mesh_draw(&mr->grid_base[lod]);
        }
        drawn++;
    }
    if (pass == MUD_PASS_MAIN) mr->stats.blocks_drawn = drawn;
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
}

#include "dissolve/dissolve.h"
#include "base/alloc.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"

struct dissolve {
    noise_tex *noise;
    GLuint noise_tex;
    GLuint prog_lit, prog_caster;
    GLint lit_model, lit_albedo, lit_emissive, lit_view, lit_fringe, caster_model;
    GLint lit_skin, lit_skin_on, caster_skin, caster_skin_on; /* shaders/gfx_skin.glsl */
    dissolve_uniforms lit_u, caster_u;
    dissolve_pitfall pitfall;
};

static GLuint dissolve__upload(const noise_tex *n)
{
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    /* Every level from the CPU bake, not glGenerateMipmap: the CPU mirror must see these bytes. */
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int k = 0; k < n->levels; k++)
        glTexImage2D(GL_TEXTURE_2D, k, GL_R8, n->dims[k], n->dims[k], 0, GL_RED, GL_UNSIGNED_BYTE, n->texels[k]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, n->levels - 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_label(GL_TEXTURE, tex, "dissolve.noise");
    return tex;
}

dissolve *dissolve_create(const dissolve_desc *desc)
{
    dissolve_desc d = desc ? *desc : (dissolve_desc){0};
    dissolve *dv = ALLOC_STRUCT(dissolve);
    if (!dv) {
        log_error("dissolve_create: out of memory");
        return NULL;
    }
    dv->pitfall = d.pitfall;
    dv->noise = noise_bake(&d.noise);
    if (!dv->noise) goto fail;
    dv->noise_tex = dissolve__upload(dv->noise);
    dv->prog_lit = gfx_program_load("dissolve_mesh.vert", "dissolve_mesh.frag", NULL);
    dv->prog_caster = gfx_program_load("dissolve_mesh.vert", "dissolve_mesh.frag", "#define SHADOW_PASS 1\n");
    if (!dv->prog_lit || !dv->prog_caster) {
        log_error("dissolve_create: the dissolve mesh programs did not build (see above)");
        goto fail;
    }
    gfx_label(GL_PROGRAM, dv->prog_lit, "dissolve.lit");
    gfx_label(GL_PROGRAM, dv->prog_caster, "dissolve.caster");
    dv->lit_model = gfx_uniform(dv->prog_lit, "u_model");
    dv->lit_albedo = gfx_uniform(dv->prog_lit, "u_albedo");
    dv->lit_emissive = gfx_uniform(dv->prog_lit, "u_emissive");
    dv->lit_view = gfx_uniform(dv->prog_lit, "u_view_mode");
    dv->lit_fringe = gfx_uniform(dv->prog_lit, "u_fringe");
    dv->caster_model = gfx_uniform(dv->prog_caster, "u_model");
    dv->lit_skin = gfx_uniform(dv->prog_lit, "u_skin");
    dv->lit_skin_on = gfx_uniform(dv->prog_lit, "u_skin_on");
    dv->caster_skin = gfx_uniform(dv->prog_caster, "u_skin");
    dv->caster_skin_on = gfx_uniform(dv->prog_caster, "u_skin_on");
    dissolve_uniforms_lookup(dv->prog_lit, &dv->lit_u);
    dissolve_uniforms_lookup(dv->prog_caster, &dv->caster_u);
    return dv;
fail:
    dissolve_destroy(dv);
    return NULL;
}

void dissolve_destroy(dissolve *dv)
{
    if (!dv) return;
    if (dv->noise_tex) glDeleteTextures(1, &dv->noise_tex);
    if (dv->prog_lit) glDeleteProgram(dv->prog_lit);
    if (dv->prog_caster) glDeleteProgram(dv->prog_caster);
    noise_destroy(dv->noise);
    free(dv);
}

void dissolve_uniforms_lookup(GLuint program, dissolve_uniforms *u)
{
    gfx_reserve_unit("u_dissolve_noise", DISSOLVE_UNIT_NOISE);
    gfx_program_sampler(program, "u_dissolve_noise", DISSOLVE_UNIT_NOISE);
    u->on = gfx_uniform(program, "u_dissolve_on");
    u->mode = gfx_uniform(program, "u_dissolve_mode");
    u->shape = gfx_uniform(program, "u_dissolve_shape");
    u->hard_normals = gfx_uniform(program, "u_dissolve_hard_normals");
    u->pitfall = gfx_uniform(program, "u_dissolve_pitfall");
    u->amount = gfx_uniform(program, "u_dissolve_amount");
    u->noise_scale = gfx_uniform(program, "u_dissolve_noise_scale");
    u->noise_weight = gfx_uniform(program, "u_dissolve_noise_weight");
    u->edge_width = gfx_uniform(program, "u_dissolve_edge_width");
    u->band = gfx_uniform(program, "u_dissolve_band");
    u->push = gfx_uniform(program, "u_dissolve_push");
    u->vertex_mip = gfx_uniform(program, "u_dissolve_vertex_mip");
    u->inner_radius = gfx_uniform(program, "u_dissolve_inner_radius");
    u->radius = gfx_uniform(program, "u_dissolve_radius");
    u->from = gfx_uniform(program, "u_dissolve_from");
    u->to = gfx_uniform(program, "u_dissolve_to");
    u->center = gfx_uniform(program, "u_dissolve_center");
    u->target = gfx_uniform(program, "u_dissolve_target");
    u->edge_color = gfx_uniform(program, "u_dissolve_edge_color");
}

void dissolve_unbind(const dissolve_uniforms *u)
{
    glUniform1i(u->on, 0);
}

void dissolve_bind(const dissolve *dv, const dissolve_uniforms *u, const dissolve_params *p, dissolve_pass pass)
{
    dissolve_pitfall pf = dv && p->pitfall == DISSOLVE_PITFALL_NONE ? dv->pitfall : p->pitfall;
    if (!dv || (pass == DISSOLVE_PASS_SHADOW && pf == DISSOLVE_PITFALL_NO_SHADOW)) {
        dissolve_unbind(u);
        return;
    }
    float mip = pf == DISSOLVE_PITFALL_VERTEX_MIP0 ? 0.0f : p->vertex_mip;
    bool hard = p->hard_normals || pf == DISSOLVE_PITFALL_HARD_NORMALS;
    /* the shader knows the formula pitfalls only; the others are switched here or by the caller */
    int shader_pf = pf <= DISSOLVE_PITFALL_OBJECT_SPACE ? (int)pf : 0;
    /* u_dissolve_noise points at DISSOLVE_UNIT_NOISE (dissolve_uniforms_lookup) */
    glActiveTexture(GL_TEXTURE0 + DISSOLVE_UNIT_NOISE);
    glBindTexture(GL_TEXTURE_2D, dv->noise_tex);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(u->on, 1);
    glUniform1i(u->mode, (int)p->mode);
    glUniform1i(u->shape, (int)p->shape);
    glUniform1i(u->hard_normals, hard ? 1 : 0);
    glUniform1i(u->pitfall, shader_pf);
    glUniform1f(u->amount, p->amount);
    glUniform1f(u->noise_scale, p->noise_scale);
    glUniform1f(u->noise_weight, p->noise_weight);
    glUniform1f(u->edge_width, p->edge_width);
    glUniform1f(u->band, p->band);
    glUniform1f(u->push, p->push_distance);
    glUniform1f(u->vertex_mip, mip);
    glUniform1f(u->inner_radius, p->inner_radius);
    glUniform1f(u->radius, p->radius);
    glUniform3fv(u->from, 1, p->from);
    glUniform3fv(u->to, 1, p->to);
    glUniform3fv(u->center, 1, p->center);
    glUniform3fv(u->target, 1, p->target);
    glUniform3fv(u->edge_color, 1, p->edge_color);
}

/* palette NULL: rigid (u_skin_on = 0, the skin attributes are not read). */
static void dissolve__skin(GLint loc, GLint on, const mat4 *palette, int bones)
{
    glUniform1i(on, palette ? 1 : 0);
    if (palette) glUniformMatrix4fv(loc, bones, GL_FALSE, (const float *)palette);
}

static void dissolve__draw(const dissolve *dv, const gfx_mesh *m, mat4 model, const mat4 *palette, int bones,
                           const vec3 albedo, const vec3 emissive, const dissolve_params *p, dissolve_pass pass)
{
    if (!dv) return;
    if (pass == DISSOLVE_PASS_SHADOW) {
        gfx_state_set(GFX_STATE_CASTER);
        glUseProgram(dv->prog_caster);
        glUniformMatrix4fv(dv->caster_model, 1, GL_FALSE, (const float *)model);
        dissolve__skin(dv->caster_skin, dv->caster_skin_on, palette, bones);
        dissolve_bind(dv, &dv->caster_u, p, pass);
    } else {
        gfx_state_set(GFX_STATE_OPAQUE_TWO_SIDED);
        glUseProgram(dv->prog_lit);
        glUniformMatrix4fv(dv->lit_model, 1, GL_FALSE, (const float *)model);
        dissolve__skin(dv->lit_skin, dv->lit_skin_on, palette, bones);
        glUniform3fv(dv->lit_albedo, 1, albedo);
        glUniform3fv(dv->lit_emissive, 1, emissive ? emissive : (const float[3]){0, 0, 0});
        glUniform1i(dv->lit_view, 0);
        dissolve_bind(dv, &dv->lit_u, p, pass);
    }
    gfx_mesh_draw(m);
}

void dissolve_draw_mesh(const dissolve *dv, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive,
                        const dissolve_params *p, dissolve_pass pass)
{
    dissolve__draw(dv, m, model, NULL, 0, albedo, emissive, p, pass);
}

void dissolve_draw_mesh_skinned(const dissolve *dv, const gfx_mesh *m, const mat4 *palette, int bones, const vec3 albedo,
                                const vec3 emissive, const dissolve_params *p, dissolve_pass pass)
{
    dissolve__draw(dv, m, GLM_MAT4_IDENTITY, palette, bones, albedo, emissive, p, pass);
}

void dissolve_draw_mesh_fringe(const dissolve *dv, const gfx_mesh *m, mat4 model, const vec3 albedo,
                               const dissolve_params *p)
{
    if (!dv || p->edge != DISSOLVE_EDGE_FADE || p->amount <= 0.0f) return;
    gfx_state_set(GFX_DEPTH_LESS | GFX_BLEND_ALPHA);
    glUseProgram(dv->prog_lit);
    glUniformMatrix4fv(dv->lit_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(dv->lit_albedo, 1, albedo);
    glUniform3fv(dv->lit_emissive, 1, (const float[3]){0, 0, 0});
    glUniform1i(dv->lit_view, 0);
    glUniform1f(dv->lit_fringe, 2.0f * fmaxf(p->edge_width, 1e-4f));
    glUniform1i(dv->lit_skin_on, 0);
    dissolve_bind(dv, &dv->lit_u, p, DISSOLVE_PASS_MAIN);
    gfx_mesh_draw(m);
    glUniform1f(dv->lit_fringe, 0.0f);
}

void dissolve_draw_mesh_view(const dissolve *dv, const gfx_mesh *m, mat4 model, const dissolve_params *p,
                             dissolve_view view)
{
    if (!dv) return;
    gfx_state_set(GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(dv->prog_lit);
    glUniformMatrix4fv(dv->lit_model, 1, GL_FALSE, (const float *)model);
    glUniform1i(dv->lit_view, (int)view);
    glUniform1i(dv->lit_skin_on, 0);
    dissolve_bind(dv, &dv->lit_u, p, DISSOLVE_PASS_MAIN);
    gfx_mesh_draw(m);
    glUniform1i(dv->lit_view, 0);
}

GLuint dissolve_noise_texture(const dissolve *dv) { return dv ? dv->noise_tex : 0; }
const noise_tex *dissolve_noise_data(const dissolve *dv) { return dv ? dv->noise : NULL; }
dissolve_pitfall dissolve_active_pitfall(const dissolve *dv) { return dv ? dv->pitfall : DISSOLVE_PITFALL_NONE; }
void dissolve_set_pitfall(dissolve *dv, dissolve_pitfall p)
{
    if (dv && p >= DISSOLVE_PITFALL_NONE && p < DISSOLVE_PITFALL_COUNT) dv->pitfall = p;
}

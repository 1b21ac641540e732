#include "gfx/panel.h"

#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

static struct { GLuint prog; GLint u_rect, u_crop, u_mode, u_has_layout; } panel;

bool gfx_panel_init(void)
{
    panel.prog = gfx_program_load("gfx_panel.vert", "gfx_panel.frag", NULL);
    if (!panel.prog) return false;
    panel.u_rect = gfx_uniform(panel.prog, "u_rect");
    panel.u_crop = gfx_uniform(panel.prog, "u_crop");
    panel.u_mode = gfx_uniform(panel.prog, "u_mode");
    panel.u_has_layout = gfx_uniform(panel.prog, "u_has_layout");
    glUseProgram(panel.prog);
    glUniform1i(gfx_uniform(panel.prog, "u_tex"), 0);
    glUniform1i(gfx_uniform(panel.prog, "u_layout"), 1);
    glUseProgram(0);
    return true;
}

void gfx_panel_shutdown(void)
{
    if (panel.prog) glDeleteProgram(panel.prog);
    panel.prog = 0;
}

void gfx_panel_draw(GLuint tex, float x, float y, float w, float h, gfx_panel_mode mode, int sw, int sh)
{
    gfx_panel_draw_layout(tex, 0, NULL, x, y, w, h, mode, sw, sh);
}

void gfx_panel_draw_layout(GLuint tex, GLuint layout, const float crop[4], float x, float y, float w, float h, gfx_panel_mode mode, int sw, int sh)
{
    if (!panel.prog || !tex) return;
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(panel.prog);
    /* rect in NDC: x0, y0 (bottom-left), x1, y1 */
    float x0 = x / sw * 2 - 1, x1 = (x + w) / sw * 2 - 1;
    float y1 = 1 - y / sh * 2, y0 = 1 - (y + h) / sh * 2;
    glUniform4f(panel.u_rect, x0, y0, x1, y1);
    static const float whole[4] = {0, 0, 1, 1};
    glUniform4fv(panel.u_crop, 1, crop ? crop : whole);
    glUniform1i(panel.u_mode, (int)mode);
    glUniform1i(panel.u_has_layout, layout != 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, layout);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    /* a shadow map has compare mode on: sample raw depth here */
    GLint cmp = GL_NONE;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, &cmp);
    if (cmp != GL_NONE) glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    gfx_fullscreen_draw();
    if (cmp != GL_NONE) glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, cmp);
    if (layout) {
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, 0);
        glActiveTexture(GL_TEXTURE0);
    }
    glUseProgram(0);
}

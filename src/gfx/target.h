/* target.h — render targets (framebuffer + attachments) and ping-pong pairs.
 *
 *   gfx_target t;
 *   if (!gfx_target_create(&t, &(gfx_target_desc){ .width = 1024, .height = 1024,
 *                                                  .color = { GL_RGBA8 }, .label = "damage" })) -> logged
 *   gfx_target_bind(&t);             binds the framebuffer and sets the viewport to its size
 *   ... t.color[0] is the texture ...
 *   gfx_target_destroy(&t);          safe on a zeroed or already destroyed target
 *
 *   gfx_pingpong pp;                 two identical targets: read one, write the other, swap
 *   gfx_pingpong_create(&pp, &desc); gfx_pingpong_read(&pp) -> texture; gfx_pingpong_write(&pp) -> target
 *   gfx_pingpong_swap(&pp);
 *
 * Passes: binding a target is one call that sets framebuffer, viewport and clear, and its pair
 * restores the target that was bound before (a stack, 16 deep), so no module saves GL bindings:
 *   gfx_target_begin(&t, &(gfx_clear){ .color = true, .rgba = {0, 0, 0, 0}, .depth = true });
 *   ... draw ...                     (gfx_target_viewport(x, y, w, h) for a sub-rectangle)
 *   gfx_target_end();                previous draw framebuffer and viewport back
 *   gfx_target_begin_fbo(fbo, w, h, NULL)   a draw framebuffer the caller owns (attach texture-array
 *                                    layers with glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, ...))
 *   gfx_read_begin(fbo) ... glReadPixels ... gfx_read_end()     the same for GL_READ_FRAMEBUFFER
 * NULL as target is the default framebuffer at the size gfx_target_set_default_size gave (the
 * platform calls it when the window is made and whenever its framebuffer changes size; headless,
 * with no default framebuffer, it gives the nominal --size). gfx_target_create, _wrap, _resolve and
 * _read_rgba8 bind what they need and leave the framebuffer bindings as they found them, so they
 * are safe inside a pass. Outside src/gfx no module binds framebuffers, sets the viewport or the
 * clear colour itself (tests/check_gl_state.sh).
 *
 * Desc defaults: no colour attachment when color[0] is 0; depth 0 = none (GL_DEPTH_COMPONENT24 for
 * a depth texture); samples 0/1 = single-sampled textures, > 1 = multisampled renderbuffers (resolve
 * them with gfx_target_resolve into a single-sampled target). Linear filtering, clamp to edge.
 */
#ifndef IMPRINT_GFX_TARGET_H
#define IMPRINT_GFX_TARGET_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GFX_MAX_COLOR 4

typedef struct gfx_target_desc {
    int width, height;
    GLenum color[GFX_MAX_COLOR]; /* internal formats, 0 = unused */
    GLenum depth;                /* internal format of the depth attachment, 0 = none */
    bool depth_compare;          /* depth texture sampled with sampler2DShadow */
    int samples;
    bool nearest;                /* nearest filtering on colour textures */
    const char *label;
} gfx_target_desc;

typedef struct gfx_target {
    GLuint fbo;
    GLuint color[GFX_MAX_COLOR]; /* textures (renderbuffers when multisampled) */
    GLuint depth;                /* texture (renderbuffer when multisampled) */
    int width, height, samples, ncolor;
    bool borrowed;               /* attachments owned by other targets (gfx_target_wrap) */
    gfx_target_desc desc;
} gfx_target;

typedef struct gfx_pingpong {
    gfx_target t[2];
    int cur; /* index of the target holding the latest result */
} gfx_pingpong;

bool gfx_target_create(gfx_target *t, const gfx_target_desc *desc);
void gfx_target_destroy(gfx_target *t);
/* A framebuffer over single-sampled textures that other targets own (e.g. one pass writing two
 * targets' colours and one's depth): binds like any target; destroy deletes only the framebuffer.
 * depth may be 0. Returns false (logged) when incomplete. */
bool gfx_target_wrap(gfx_target *t, const GLuint *colors, int ncolor, GLuint depth, int width, int height,
                     const char *label);
/* Recreates with a new size when it differs; returns false on failure. A target that only has its
 * desc set (never created) is created here: a target made on first use. */
bool gfx_target_resize(gfx_target *t, int width, int height);
void gfx_target_bind(const gfx_target *t);
/* Blits colour attachment 0 (and depth when both have it) from src into dst. */
void gfx_target_resolve(const gfx_target *src, const gfx_target *dst, bool depth);
/* Reads colour attachment 0 as RGBA8 (rows bottom-up). pixels must hold width*height*4 bytes. */
void gfx_target_read_rgba8(const gfx_target *t, unsigned char *pixels);

/* What a pass clears when it begins; zero = nothing. Depth clears to 1.0 (the far plane). */
typedef struct gfx_clear {
    bool color;
    float rgba[4];
    bool depth;
} gfx_clear;

void gfx_target_set_default_size(int width, int height);
void gfx_target_begin(const gfx_target *t, const gfx_clear *clear);
void gfx_target_begin_fbo(GLuint fbo, int width, int height, const gfx_clear *clear);
/* A sub-rectangle of the current pass's target (restored with the pass by gfx_target_end). */
void gfx_target_viewport(int x, int y, int width, int height);
void gfx_target_end(void);
void gfx_read_begin(GLuint fbo);
void gfx_read_end(void);

bool gfx_pingpong_create(gfx_pingpong *pp, const gfx_target_desc *desc);
void gfx_pingpong_destroy(gfx_pingpong *pp);
static inline GLuint gfx_pingpong_read(const gfx_pingpong *pp) { return pp->t[pp->cur].color[0]; }
static inline gfx_target *gfx_pingpong_write(gfx_pingpong *pp) { return &pp->t[pp->cur ^ 1]; }
static inline void gfx_pingpong_swap(gfx_pingpong *pp) { pp->cur ^= 1; }

#ifdef __cplusplus
}
#endif

#endif

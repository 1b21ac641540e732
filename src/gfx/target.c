#include "gfx/target.h"

#include <assert.h>
#include <string.h>

#include "base/log.h"
#include "gfx/state.h"
#include "gfx/shader.h"
#include "gfx/texture.h"

/* Making a framebuffer binds it; what was bound before (a pass in progress) is bound again after. */
typedef struct target_bound {
    GLint draw, read;
} target_bound;

static target_bound target__save(void)
{
    target_bound b = {0, 0};
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &b.draw);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &b.read);
    return b;
}

static void target__restore(target_bound b)
{
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)b.draw);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)b.read);
}

bool gfx_target_create(gfx_target *t, const gfx_target_desc *d)
{
    const target_bound before = target__save();
    memset(t, 0, sizeof *t);
    t->desc = *d;
    t->width = d->width;
    t->height = d->height;
    t->samples = d->samples > 1 ? d->samples : 1;
    glGenFramebuffers(1, &t->fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    GLenum bufs[GFX_MAX_COLOR];
    for (int i = 0; i < GFX_MAX_COLOR && d->color[i]; i++) {
        if (t->samples > 1) {
            glGenRenderbuffers(1, &t->color[i]);
            glBindRenderbuffer(GL_RENDERBUFFER, t->color[i]);
            glRenderbufferStorageMultisample(GL_RENDERBUFFER, t->samples, d->color[i], d->width, d->height);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_RENDERBUFFER, t->color[i]);
        } else {
            t->color[i] = gfx_texture_create(&(gfx_texture_desc){
                .width = d->width, .height = d->height, .internal_format = d->color[i],
                .flags = d->nearest ? GFX_TEX_NEAREST : 0, .label = d->label});
            glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_TEXTURE_2D, t->color[i], 0);
        }
        bufs[i] = GL_COLOR_ATTACHMENT0 + (GLenum)i;
        t->ncolor = i + 1;
    }
    if (d->depth) {
        GLenum att = d->depth == GL_DEPTH24_STENCIL8 ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
        if (t->samples > 1) {
            glGenRenderbuffers(1, &t->depth);
            glBindRenderbuffer(GL_RENDERBUFFER, t->depth);
            glRenderbufferStorageMultisample(GL_RENDERBUFFER, t->samples, d->depth, d->width, d->height);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, att, GL_RENDERBUFFER, t->depth);
        } else {
            glGenTextures(1, &t->depth);
            glBindTexture(GL_TEXTURE_2D, t->depth);
            GLenum fmt, type;
            gfx_format_of(d->depth, &fmt, &type);
            glTexImage2D(GL_TEXTURE_2D, 0, (GLint)d->depth, d->width, d->height, 0, fmt, type, NULL);
            gfx_texture_note(t->depth, d->width, d->height, d->depth);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, d->depth_compare ? GL_LINEAR : GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, d->depth_compare ? GL_LINEAR : GL_NEAREST);
            /* edge clamp (GLES has no border colour): shaders treat outside the map as lit */
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
            if (d->depth_compare) {
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
            }
            gfx_label(GL_TEXTURE, t->depth, d->label);
            glFramebufferTexture2D(GL_FRAMEBUFFER, att, GL_TEXTURE_2D, t->depth, 0);
        }
    }
    if (t->ncolor) glDrawBuffers(t->ncolor, bufs);
    else {
        const GLenum none = GL_NONE;
        glDrawBuffers(1, &none);
        glReadBuffer(GL_NONE);
    }
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    target__restore(before);
    if (st != GL_FRAMEBUFFER_COMPLETE) {
        log_error("render target '%s' (%dx%d) is incomplete: status 0x%x", d->label ? d->label : "?", d->width,
                  d->height, st);
        gfx_target_destroy(t);
        return false;
    }
    gfx_label(GL_FRAMEBUFFER, t->fbo, d->label);
    return true;
}

bool gfx_target_wrap(gfx_target *t, const GLuint *colors, int ncolor, GLuint depth, int width, int height,
                     const char *label)
{
    const target_bound before = target__save();
    memset(t, 0, sizeof *t);
    t->desc = (gfx_target_desc){.width = width, .height = height, .label = label};
    t->width = width;
    t->height = height;
    t->samples = 1;
    t->borrowed = true;
    glGenFramebuffers(1, &t->fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    GLenum bufs[GFX_MAX_COLOR];
    for (int i = 0; i < ncolor && i < GFX_MAX_COLOR; i++) {
        t->color[i] = colors[i];
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_TEXTURE_2D, colors[i], 0);
        bufs[i] = GL_COLOR_ATTACHMENT0 + (GLenum)i;
        t->ncolor = i + 1;
    }
    t->depth = depth;
    if (depth) glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
    if (t->ncolor) glDrawBuffers(t->ncolor, bufs);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    target__restore(before);
    if (st != GL_FRAMEBUFFER_COMPLETE) {
        log_error("render target '%s' (%dx%d, borrowed attachments) is incomplete: status 0x%x",
                  label ? label : "?", width, height, st);
        gfx_target_destroy(t);
        return false;
    }
    gfx_label(GL_FRAMEBUFFER, t->fbo, label);
    return true;
}

void gfx_target_destroy(gfx_target *t)
{
    if (!t) return;
    if (t->borrowed) {
        if (t->fbo) glDeleteFramebuffers(1, &t->fbo);
        memset(t, 0, sizeof *t);
        return;
    }
    for (int i = 0; i < GFX_MAX_COLOR; i++) {
        if (!t->color[i]) continue;
        if (t->samples > 1) glDeleteRenderbuffers(1, &t->color[i]);
        else glDeleteTextures(1, &t->color[i]);
    }
    if (t->depth) {
        if (t->samples > 1) glDeleteRenderbuffers(1, &t->depth);
        else glDeleteTextures(1, &t->depth);
    }
    if (t->fbo) glDeleteFramebuffers(1, &t->fbo);
    gfx_target_desc d = t->desc;
    memset(t, 0, sizeof *t);
    t->desc = d;
}

bool gfx_target_resize(gfx_target *t, int w, int h)
{
    if (t->fbo && t->width == w && t->height == h) return true;
    gfx_target_desc d = t->desc;
    d.width = w;
    d.height = h;
    gfx_target_destroy(t);
    return gfx_target_create(t, &d);
}

void gfx_target_bind(const gfx_target *t)
{
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    glViewport(0, 0, t->width, t->height);
}

/* ---- passes: what was bound before each begin, restored by its end ---- */
#define TARGET_STACK 16
typedef struct target_saved {
    GLint fbo;
    GLint viewport[4];
} target_saved;
static struct {
    target_saved draw[TARGET_STACK], read[TARGET_STACK];
    int ndraw, nread;
    int default_w, default_h;
} passes;

void gfx_target_set_default_size(int width, int height)
{
    passes.default_w = width;
    passes.default_h = height;
}

void gfx_target_begin_fbo(GLuint fbo, int width, int height, const gfx_clear *clear)
{
    assert(passes.ndraw < TARGET_STACK && "gfx_target_begin without gfx_target_end");
    target_saved *s = &passes.draw[passes.ndraw++];
    /* asked of GL, not cached: code that binds with gfx_target_bind inside a pass stays correct */
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &s->fbo);
    glGetIntegerv(GL_VIEWPORT, s->viewport);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    glViewport(0, 0, width, height);
    if (!clear || !(clear->color || clear->depth)) return;
    GLbitfield bits = 0;
    if (clear->color) {
        glClearColor(clear->rgba[0], clear->rgba[1], clear->rgba[2], clear->rgba[3]);
        bits |= GL_COLOR_BUFFER_BIT;
    }
    if (clear->depth) {
        glClearDepth(1.0);
        bits |= GL_DEPTH_BUFFER_BIT;
    }
    gfx_state_clear(bits);
}

void gfx_target_begin(const gfx_target *t, const gfx_clear *clear)
{
    if (t) gfx_target_begin_fbo(t->fbo, t->width, t->height, clear);
    else gfx_target_begin_fbo(0, passes.default_w, passes.default_h, clear);
}

void gfx_target_viewport(int x, int y, int width, int height)
{
    assert(passes.ndraw > 0 && "gfx_target_viewport outside a pass");
    glViewport(x, y, width, height);
}

void gfx_target_end(void)
{
    assert(passes.ndraw > 0 && "gfx_target_end without gfx_target_begin");
    const target_saved *s = &passes.draw[--passes.ndraw];
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)s->fbo);
    glViewport(s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
}

void gfx_read_begin(GLuint fbo)
{
    assert(passes.nread < TARGET_STACK && "gfx_read_begin without gfx_read_end");
    target_saved *s = &passes.read[passes.nread++];
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &s->fbo);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
}

void gfx_read_end(void)
{
    assert(passes.nread > 0 && "gfx_read_end without gfx_read_begin");
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)passes.read[--passes.nread].fbo);
}

void gfx_target_resolve(const gfx_target *src, const gfx_target *dst, bool depth)
{
    gfx_read_begin(src->fbo);
    gfx_target_begin(dst, NULL);
    GLbitfield mask = 0;
    if (src->ncolor && dst->ncolor) mask |= GL_COLOR_BUFFER_BIT;
    if (depth && src->depth && dst->depth) mask |= GL_DEPTH_BUFFER_BIT;
    if (mask & GL_COLOR_BUFFER_BIT) glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBlitFramebuffer(0, 0, src->width, src->height, 0, 0, dst->width, dst->height, mask, GL_NEAREST);
    gfx_target_end();
    gfx_read_end();
}

void gfx_target_read_rgba8(const gfx_target *t, unsigned char *pixels)
{
    gfx_read_begin(t->fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, t->width, t->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    gfx_read_end();
}

bool gfx_pingpong_create(gfx_pingpong *pp, const gfx_target_desc *desc)
{
    memset(pp, 0, sizeof *pp);
    if (!gfx_target_create(&pp->t[0], desc) || !gfx_target_create(&pp->t[1], desc)) {
        gfx_pingpong_destroy(pp);
        return false;
    }
    return true;
}

void gfx_pingpong_destroy(gfx_pingpong *pp)
{
    if (!pp) return;
    gfx_target_destroy(&pp->t[0]);
    gfx_target_destroy(&pp->t[1]);
    pp->cur = 0;
}

#include "gfx/shader.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/include_expand.h"
#include "base/log.h"

#ifndef IMPRINT_SOURCE_DIR
#define IMPRINT_SOURCE_DIR "."
#endif

static bool shader__exists(const char *p) { return access(p, R_OK) == 0; }

bool gfx_data_path(const char *rel, char *out, size_t outlen)
{
    const char *env = getenv("IMPRINT_DATA_DIR");
    if (env && *env) {
        snprintf(out, outlen, "%s/%s", env, rel);
        if (shader__exists(out)) return true;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        snprintf(out, outlen, "%s/../share/imprint/%s", exe, rel);
        if (shader__exists(out)) return true;
    }
    char first[PATH_MAX];
    snprintf(first, sizeof first, "%s", out);
    snprintf(out, outlen, "%s/%s", IMPRINT_SOURCE_DIR, rel);
    if (shader__exists(out)) return true;
    snprintf(out, outlen, "%s", first);
    return false;
}

static char *shader__read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

/* include_expand's reader: names are relative to shaders/ in the data directory. */
static char *shader__read_include(const char *name, void *user, char *path, size_t pathlen)
{
    (void)user;
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "shaders/%s", name);
    if (!gfx_data_path(rel, path, pathlen)) return NULL;
    return shader__read_file(path);
}

static char shader_first_error[512];

const char *gfx_shader_last_error(void) { return shader_first_error; }

/* Prints the driver log with each "S:L(C)" mapped to FILE:LINE, plus the offending source line. */
static void shader__report(const include_expansion *s, const char *stage, const char *log)
{
    shader_first_error[0] = 0;
    log_error("%s shader %s failed to compile:", stage, s->paths[0]);
    for (const char *p = log; *p;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        int src = -1, out_line = -1, used = 0;
        /* Mesa: "0:12(3): error ...", NVIDIA: "0(12) : error ..." */
        bool parsed = (sscanf(p, "%d:%d%n", &src, &out_line, &used) == 2) ||
                      (sscanf(p, "%d(%d)%n", &src, &out_line, &used) == 2);
        int sid = parsed && out_line >= 1 && out_line <= s->nmap ? s->map_file[out_line - 1] : -1;
        if (sid >= 0) {
            int line = s->map_line[out_line - 1];
            const char *rest = p + used;
            while (*rest && *rest != ':' && rest < p + n) rest++;
            if (*rest == ':') rest++;
            fprintf(stderr, "  %s:%d:%.*s\n", s->paths[sid], line, (int)(p + n - rest), rest);
            if (!shader_first_error[0])
                snprintf(shader_first_error, sizeof shader_first_error, "%s:%d:%.*s", s->paths[sid], line,
                         (int)(p + n - rest), rest);
            const char *q = s->bodies[sid];
            for (int l = 1; q && *q && l < line; q++)
                if (*q == '\n') l++;
            if (q) {
                const char *qe = strchr(q, '\n');
                fprintf(stderr, "  %5d | %.*s\n", line, (int)(qe ? qe - q : (long)strlen(q)), q);
            }
        } else if (n) {
            fprintf(stderr, "  %.*s\n", (int)n, p);
        }
        p += n + (eol ? 1 : 0);
    }
}

static GLuint shader__compile(GLenum type, const char *name, const char *body, const char *defines)
{
    /* every fragment stage gets IMPRINT_FRAGMENT_STAGE, so an include can use what only that
     * stage has (implicit derivatives, a texture lod bias) */
    char stage_defines[1024];
    if (type == GL_FRAGMENT_SHADER) {
        int n = snprintf(stage_defines, sizeof stage_defines, "#define IMPRINT_FRAGMENT_STAGE 1\n%s", defines ? defines : "");
        if (n > 0 && (size_t)n < sizeof stage_defines) defines = stage_defines;
    }
    include_expansion s;
    bool ok = include_expand(&s, name, body, defines, shader__read_include, NULL);
    GLuint sh = 0;
    if (ok) {
        sh = glCreateShader(type);
        const char *txt = s.text;
        glShaderSource(sh, 1, &txt, NULL);
        glCompileShader(sh);
        GLint status = 0;
        glGetShaderiv(sh, GL_COMPILE_STATUS, &status);
        if (!status) {
            GLint len = 0;
            glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
            char *log = malloc((size_t)len + 1);
            glGetShaderInfoLog(sh, len, NULL, log);
            log[len] = 0;
            shader__report(&s, type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
            free(log);
            glDeleteShader(sh);
            sh = 0;
        }
    }
    include_expansion_free(&s);
    return sh;
}

static const char *const shader__attribs[] = {"a_pos", "a_nrm", "a_uv", "a_tan", "a_snrm", "a_bones", "a_weights"};

static GLuint shader__link(GLuint vs, GLuint fs, const char *what, const char *const *varyings, int nvar)
{
    if (!vs || (fs == 0 && !varyings)) {
        glDeleteShader(vs);
        glDeleteShader(fs);
        return 0;
    }
    GLuint p = glCreateProgram();
    glAttachShader(p, vs);
    if (fs) glAttachShader(p, fs);
    for (int i = 0; i < 7; i++) glBindAttribLocation(p, (GLuint)i, shader__attribs[i]);
    if (varyings) glTransformFeedbackVaryings(p, nvar, varyings, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(p);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        log_error("program %s failed to link: %s", what, log);
        glDeleteProgram(p);
        return 0;
    }
    GLuint blk = glGetUniformBlockIndex(p, "Frame");
    if (blk != GL_INVALID_INDEX) glUniformBlockBinding(p, blk, GFX_UBO_FRAME);
    glUseProgram(p);
    static const struct { const char *name; int unit; } reserved[] = {
        {"u_scene_depth", GFX_UNIT_SCENE_DEPTH}, {"u_dissolve_noise", GFX_UNIT_DISSOLVE_NOISE}, {"u_shadow_map", GFX_UNIT_SHADOW}};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        GLint loc = glGetUniformLocation(p, reserved[i].name);
        if (loc >= 0) glUniform1i(loc, reserved[i].unit);
    }
    glUseProgram(0);
    gfx_label(GL_PROGRAM, p, what);
    return p;
}

GLuint gfx_program_from_source(const char *vs_name, const char *vs_src, const char *fs_name, const char *fs_src,
                               const char *defines)
{
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_name, vs_src, defines);
    GLuint fs = vs ? shader__compile(GL_FRAGMENT_SHADER, fs_name, fs_src, defines) : 0;
    return shader__link(vs, fs, vs_name, NULL, 0);
}

GLuint gfx_program_load(const char *vs_file, const char *fs_file, const char *defines)
{
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_file, NULL, defines);
    GLuint fs = vs ? shader__compile(GL_FRAGMENT_SHADER, fs_file, NULL, defines) : 0;
    char what[256];
    snprintf(what, sizeof what, "%s+%s", vs_file, fs_file);
    return shader__link(vs, fs, what, NULL, 0);
}

GLuint gfx_program_load_feedback(const char *vs_file, const char *defines, const char *const *varyings, int count)
{
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_file, NULL, defines);
    return shader__link(vs, 0, vs_file, varyings, count);
}

char *gfx_shader_source(const char *file, const char *defines)
{
    include_expansion s;
    char *text = NULL;
    if (include_expand(&s, file, NULL, defines, shader__read_include, NULL)) {
        text = s.text;
        s.text = NULL;
    }
    include_expansion_free(&s);
    return text;
}

void gfx_label(GLenum identifier, GLuint name, const char *label)
{
    if (GLAD_GL_KHR_debug && glObjectLabel && label) glObjectLabel(identifier, name, -1, label);
}

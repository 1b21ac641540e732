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

/* The samplers techniques reserved (gfx_reserve_unit): [u] on unit GFX_UNIT_TECHNIQUE_FIRST + u. */
enum { SHADER__TECH_UNITS = GFX_UNIT_TECHNIQUE_LAST - GFX_UNIT_TECHNIQUE_FIRST + 1 };
static char shader__tech_units[SHADER__TECH_UNITS][48];

static bool shader__exists(const char *p) { return access(p, R_OK) == 0; }

static char shader__data_dir[PATH_MAX]; /* gfx_set_data_dir's; "" = the default search */

void gfx_set_data_dir(const char *dir)
{
    if (dir && strlen(dir) >= sizeof shader__data_dir) {
        log_error("gfx_set_data_dir: a directory name of %zu bytes is too long; the default search stays",
                  strlen(dir));
        dir = NULL;
    }
    snprintf(shader__data_dir, sizeof shader__data_dir, "%s", dir ? dir : "");
    size_t n = strlen(shader__data_dir);
    while (n > 1 && shader__data_dir[n - 1] == '/') shader__data_dir[--n] = 0;
}

const char *gfx_data_dir(void) { return shader__data_dir[0] ? shader__data_dir : NULL; }

bool gfx_data_path(const char *rel, char *out, size_t outlen)
{
    if (shader__data_dir[0]) { /* the host's choice: only there, so a wrong one is seen, not hidden */
        snprintf(out, outlen, "%s/%s", shader__data_dir, rel);
        return shader__exists(out);
    }
    const char *env = getenv("IMPRINT_DATA_DIR");
    if (env && *env) {
        snprintf(out, outlen, "%s/%s", env, rel);
        if (shader__exists(out)) return true;
    }
#if GFX_GLES
    snprintf(out, outlen, "/share/imprint/%s", rel); /* the page preloads the data there (docs/web.md) */
    if (shader__exists(out)) return true;
#endif
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
#ifdef IMPRINT_INSTALL_DATADIR /* <install prefix>/share/imprint: libraries installed, no app beside */
    snprintf(out, outlen, "%s/%s", IMPRINT_INSTALL_DATADIR, rel);
    if (shader__exists(out)) return true;
#endif
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

/* The version header is the loader's choice: the files say "#version 330 core"; on WebGL2 that
 * line becomes "#version 300 es" plus one line of default precisions (ES has none for float in
 * fragment stages, nor for 3D, array, shadow and integer samplers). Returns the text to compile
 * (text itself on GL 3.3 core, else a heap copy) and how many lines it added. */
static const char shader__es_header[] =
    "#version 300 es\n"
    "precision highp float; precision highp int; precision highp sampler2D; precision highp sampler3D; "
    "precision highp sampler2DArray; precision highp sampler2DShadow; precision highp sampler2DArrayShadow; "
    "precision highp isampler2D; precision highp usampler2D;\n";

static char *shader__profile(char *text, int *added)
{
    *added = 0;
    static const char core[] = "#version 330 core\n";
    if (!GFX_GLES || strncmp(text, core, sizeof core - 1) != 0) return text;
    size_t rest = strlen(text) - (sizeof core - 1);
    char *out = malloc(sizeof shader__es_header + rest);
    if (!out) return text;
    memcpy(out, shader__es_header, sizeof shader__es_header - 1);
    memcpy(out + sizeof shader__es_header - 1, text + sizeof core - 1, rest + 1);
    *added = 1;
    return out;
}

static char shader_first_error[512];

const char *gfx_shader_last_error(void) { return shader_first_error; }

/* Prints the driver log with each "S:L(C)" mapped to FILE:LINE, plus the offending source line. */
static void shader__report(const include_expansion *s, const char *stage, const char *log, int added)
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
        out_line -= added;
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

/* Whether a vertex stage declares any input ("in ..." or "layout(...) in ..." at the start of a
 * line): one without draws from gl_VertexID alone (a fullscreen triangle), and so does its fallback. */
static bool shader__has_inputs(const char *text)
{
    for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        while (*l == ' ' || *l == '\t') l++;
        if (strncmp(l, "layout", 6) == 0) {
            const char *close = strchr(l, ')'), *eol = strchr(l, '\n');
            if (!close || (eol && close > eol)) continue;
            l = close + 1;
            while (*l == ' ' || *l == '\t') l++;
        }
        if (strncmp(l, "in ", 3) == 0 || strncmp(l, "in\t", 3) == 0) return true;
    }
    return false;
}

/* has_inputs (may be NULL): see shader__has_inputs; left alone when the source cannot be read. */
static GLuint shader__compile(GLenum type, const char *name, const char *body, const char *defines, bool *has_inputs)
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
    if (ok && has_inputs) *has_inputs = shader__has_inputs(s.text);
    if (ok) {
        sh = glCreateShader(type);
        int added;
        char *txt = shader__profile(s.text, &added);
        glShaderSource(sh, 1, (const char *const *)&txt, NULL);
        if (txt != s.text) free(txt);
        glCompileShader(sh);
        GLint status = 0;
        glGetShaderiv(sh, GL_COMPILE_STATUS, &status);
        if (!status) {
            GLint len = 0;
            glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
            char *log = malloc((size_t)len + 1);
            if (log) {
                glGetShaderInfoLog(sh, len, NULL, log);
                log[len] = 0;
            }
            shader__report(&s, type == GL_VERTEX_SHADER ? "vertex" : "fragment", log ? log : "(out of memory for the log)",
                           added);
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
        {"u_scene_depth", GFX_UNIT_SCENE_DEPTH}, {"u_shadow_map", GFX_UNIT_SHADOW}};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        GLint loc = glGetUniformLocation(p, reserved[i].name);
        if (loc >= 0) glUniform1i(loc, reserved[i].unit);
    }
    for (int u = 0; u < SHADER__TECH_UNITS; u++) {
        GLint loc = shader__tech_units[u][0] ? glGetUniformLocation(p, shader__tech_units[u]) : -1;
        if (loc >= 0) glUniform1i(loc, GFX_UNIT_TECHNIQUE_FIRST + u);
    }
    glUseProgram(0);
    gfx_label(GL_PROGRAM, p, what);
    return p;
}

bool gfx_reserve_unit(const char *sampler, int unit)
{
    const int u = unit - GFX_UNIT_TECHNIQUE_FIRST;
    if (!sampler || !sampler[0] || u < 0 || u >= SHADER__TECH_UNITS) {
        log_error("gfx_reserve_unit: unit %d for %s is outside %d..%d", unit, sampler ? sampler : "(null)",
                  GFX_UNIT_TECHNIQUE_FIRST, GFX_UNIT_TECHNIQUE_LAST);
        return false;
    }
    if (!strcmp(shader__tech_units[u], sampler)) return true;
    if (shader__tech_units[u][0]) {
        log_error("gfx_reserve_unit: unit %d is %s's, not %s's", unit, shader__tech_units[u], sampler);
        return false;
    }
    if (strlen(sampler) >= sizeof shader__tech_units[u]) {
        log_error("gfx_reserve_unit: sampler name %s is too long", sampler);
        return false;
    }
    strcpy(shader__tech_units[u], sampler);
    return true;
}

void gfx_program_sampler(GLuint prog, const char *sampler, int unit)
{
    GLint loc = prog ? glGetUniformLocation(prog, sampler) : -1;
    if (loc < 0) return;
    GLint was = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &was); /* once per program, after linking: not per draw */
    glUseProgram(prog);
    glUniform1i(loc, unit);
    glUseProgram((GLuint)was);
}

/* ---- the fallback: a program that failed still draws, in magenta ----
 * Built into the binary so a broken or missing data directory cannot break it too. It reads what
 * scene programs read: a_pos (attribute 0), u_model (identity until the caller sets it) and the
 * Frame block's view-projection, the light's under SHADOW_PASS, so a shadow caster still casts.
 * A vertex stage without inputs (a fullscreen pass) gets the fullscreen triangle instead. Each
 * failure makes its own copy: the caller owns and deletes it like the program it asked for. */
static const char shader__missing_vs[] =
    "#version 330 core\n"
    "layout(std140) uniform Frame { mat4 u_view; mat4 u_proj; mat4 u_viewproj; mat4 u_inv_viewproj;\n"
    "                               mat4 u_light_viewproj; };\n"
    "in vec3 a_pos;\n"
    "uniform mat4 u_model;\n"
    "void main()\n"
    "{\n"
    "#if defined(GFX_MISSING_FULLSCREEN)\n"
    "    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);\n"
    "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
    "#elif defined(SHADOW_PASS)\n"
    "    gl_Position = u_light_viewproj * u_model * vec4(a_pos, 1.0);\n"
    "#else\n"
    "    gl_Position = u_viewproj * u_model * vec4(a_pos, 1.0);\n"
    "#endif\n"
    "}\n";
/* the output's name marks the program as the fallback (gfx_program_is_fallback) */
static const char shader__missing_fs[] =
    "#version 330 core\n"
    "out vec4 o_gfx_missing;\n"
    "void main() { o_gfx_missing = vec4(1.0, 0.0, 1.0, 1.0); }\n";

static GLuint shader__missing_build(const char *defines, const char *what)
{
    GLuint vs = shader__compile(GL_VERTEX_SHADER, "gfx_missing.vert", shader__missing_vs, defines, NULL);
    GLuint fs = vs ? shader__compile(GL_FRAGMENT_SHADER, "gfx_missing.frag", shader__missing_fs, defines, NULL) : 0;
    char label[300];
    snprintf(label, sizeof label, "missing:%s", what);
    GLuint p = shader__link(vs, fs, label, NULL, 0);
    if (!p) return 0;
    static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    glUseProgram(p);
    glUniformMatrix4fv(glGetUniformLocation(p, "u_model"), 1, GL_FALSE, identity);
    glUseProgram(0);
    return p;
}

static GLuint shader__missing(const char *what, const char *defines, bool mesh)
{
    /* the report of the real failure stays the one gfx_shader_last_error gives */
    char saved[sizeof shader_first_error];
    memcpy(saved, shader_first_error, sizeof saved);
    const char *kind = mesh ? "" : "#define GFX_MISSING_FULLSCREEN 1\n";
    char d[2048];
    int n = snprintf(d, sizeof d, "%s%s", kind, defines ? defines : "");
    GLuint p = n >= 0 && (size_t)n < sizeof d ? shader__missing_build(d, what) : 0;
    if (!p) p = shader__missing_build(kind, what); /* the caller's defines are what broke */
    memcpy(shader_first_error, saved, sizeof saved);
    if (p) log_warn("program %s: drawn with the magenta fallback", what);
    return p;
}

bool gfx_program_is_fallback(GLuint prog)
{
    return prog && glIsProgram(prog) && glGetFragDataLocation(prog, "o_gfx_missing") >= 0;
}

GLuint gfx_program_from_source(const char *vs_name, const char *vs_src, const char *fs_name, const char *fs_src,
                               const char *defines)
{
    bool mesh = true;
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_name, vs_src, defines, &mesh);
    GLuint fs = vs ? shader__compile(GL_FRAGMENT_SHADER, fs_name, fs_src, defines, NULL) : 0;
    GLuint p = shader__link(vs, fs, vs_name, NULL, 0);
    return p ? p : shader__missing(vs_name, defines, mesh);
}

GLuint gfx_program_load(const char *vs_file, const char *fs_file, const char *defines)
{
    bool mesh = true;
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_file, NULL, defines, &mesh);
    GLuint fs = vs ? shader__compile(GL_FRAGMENT_SHADER, fs_file, NULL, defines, NULL) : 0;
    char what[256];
    snprintf(what, sizeof what, "%s+%s", vs_file, fs_file);
    GLuint p = shader__link(vs, fs, what, NULL, 0);
    return p ? p : shader__missing(what, defines, mesh);
}

/* GLES links no program without a fragment stage: a feedback program (drawn with rasterizer
 * discard) gets one that writes nothing useful */
static const char shader__feedback_fs[] =
    "#version 330 core\n"
    "out vec4 o_unused;\n"
    "void main() { o_unused = vec4(0.0); }\n";

GLuint gfx_program_load_feedback(const char *vs_file, const char *defines, const char *const *varyings, int count)
{
    GLuint vs = shader__compile(GL_VERTEX_SHADER, vs_file, NULL, defines, NULL);
    GLuint fs = vs && GFX_GLES ? shader__compile(GL_FRAGMENT_SHADER, "gfx_feedback.frag", shader__feedback_fs, NULL, NULL) : 0;
    return shader__link(vs, fs, vs_file, varyings, count);
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
#if GFX_GLES
    (void)identifier, (void)name, (void)label; /* WebGL2 has no object labels */
#else
    if (gfx_gl_has_debug() && label) glObjectLabel(identifier, name, -1, label);
#endif
}

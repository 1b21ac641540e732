#include "gfx/shader.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/log.h"

#ifndef IMPRINT_SOURCE_DIR
#define IMPRINT_SOURCE_DIR "."
#endif

#define SHADER_MAX_FILES 32

/* One expanded program stage: the text, the files it came from, and where each line came from. */
typedef struct shader__src {
    char *text;
    size_t len, cap;
    int nfiles;
    char files[SHADER_MAX_FILES][128];
    char paths[SHADER_MAX_FILES][PATH_MAX];
    const char *bodies[SHADER_MAX_FILES]; /* text of each file, kept for error reports */
    /* Output line -> (file, line). No #line directives: drivers disagree on source-string
     * numbers (Mesa reports 0 for some errors), but all agree on the line of the whole text. */
    int *map_file, *map_line;
    int nmap, map_cap;
    char *owned[SHADER_MAX_FILES];
} shader__src;

static void shader__src_free(shader__src *s)
{
    for (int i = 0; i < s->nfiles; i++) free(s->owned[i]);
    free(s->text);
    free(s->map_file);
    free(s->map_line);
}

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

static void shader__append(shader__src *s, const char *p, size_t n)
{
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        while (cap < s->len + n + 1) cap *= 2;
        char *t = realloc(s->text, cap);
        if (!t) abort();
        s->text = t;
        s->cap = cap;
    }
    memcpy(s->text + s->len, p, n);
    s->len += n;
    s->text[s->len] = 0;
}

/* Records that the next output line comes from (file, line). */
static void shader__map(shader__src *s, int file, int line)
{
    if (s->nmap == s->map_cap) {
        s->map_cap = s->map_cap ? s->map_cap * 2 : 256;
        s->map_file = realloc(s->map_file, (size_t)s->map_cap * sizeof *s->map_file);
        s->map_line = realloc(s->map_line, (size_t)s->map_cap * sizeof *s->map_line);
        if (!s->map_file || !s->map_line) abort();
    }
    s->map_file[s->nmap] = file;
    s->map_line[s->nmap] = line;
    s->nmap++;
}


/* Expands `name` (already-loaded text `body`, or read from shaders/) into s, recording where
 * every output line came from. */
static bool shader__expand(shader__src *s, const char *name, const char *body, const char *defines, int depth)
{
    if (depth > 8) {
        log_error("shaders/%s: #include nested too deeply (a cycle?)", name);
        return false;
    }
    for (int i = 0; i < s->nfiles; i++)
        if (!strcmp(s->files[i], name)) return true; /* each file once per stage */
    if (s->nfiles == SHADER_MAX_FILES) {
        log_error("shaders/%s: more than %d files in one shader", name, SHADER_MAX_FILES);
        return false;
    }
    int id = s->nfiles++;
    snprintf(s->files[id], sizeof s->files[id], "%s", name);
    char *owned = NULL;
    if (!body) {
        char rel[PATH_MAX];
        snprintf(rel, sizeof rel, "shaders/%s", name);
        if (!gfx_data_path(rel, s->paths[id], sizeof s->paths[id]) || !(owned = shader__read_file(s->paths[id]))) {
            log_error("%s: cannot read shader: %s", s->paths[id], strerror(errno ? errno : ENOENT));
            return false;
        }
        body = owned;
        s->owned[id] = owned;
    } else {
        snprintf(s->paths[id], sizeof s->paths[id], "%s", name);
    }
    s->bodies[id] = body;
    bool ok = true;
    int line = 1;
    for (const char *p = body; *p && ok;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p + 1) : strlen(p);
        const char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        if (!strncmp(q, "#version", 8) && depth == 0) {
            shader__map(s, id, line);
            shader__append(s, p, n);
            if (!eol) shader__append(s, "\n", 1);
            for (const char *d = defines; d && *d;) {
                const char *de = strchr(d, '\n');
                size_t dn = de ? (size_t)(de - d + 1) : strlen(d);
                shader__map(s, -1, 0);
                shader__append(s, d, dn);
                if (!de) shader__append(s, "\n", 1);
                d += dn;
            }
        } else if (!strncmp(q, "#include", 8)) {
            const char *a = strchr(q, '"'), *b = a ? strchr(a + 1, '"') : NULL;
            if (!a || !b || b > p + n) {
                log_error("%s:%d: malformed #include (expected #include \"file.glsl\")", s->paths[id], line);
                ok = false;
                break;
            }
            char inc[128];
            snprintf(inc, sizeof inc, "%.*s", (int)(b - a - 1), a + 1);
            shader__map(s, id, line);
            shader__append(s, "\n", 1); /* the directive's own line stays, empty */
            ok = shader__expand(s, inc, NULL, defines, depth + 1);
        } else {
            shader__map(s, id, line);
            shader__append(s, p, n);
            if (!eol) shader__append(s, "\n", 1);
        }
        line++;
        p += n;
    }
    return ok;
}

static char shader_first_error[512];

const char *gfx_shader_last_error(void) { return shader_first_error; }

/* Prints the driver log with each "S:L(C)" mapped to FILE:LINE, plus the offending source line. */
static void shader__report(const shader__src *s, const char *stage, const char *log)
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
    shader__src s = {0};
    bool ok = shader__expand(&s, name, body, defines, 0);
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
    shader__src_free(&s);
    return sh;
}

static const char *const shader__attribs[] = {"a_pos", "a_nrm", "a_uv", "a_tan", "a_snrm"};

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
    for (int i = 0; i < 5; i++) glBindAttribLocation(p, (GLuint)i, shader__attribs[i]);
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
    shader__src s = {0};
    char *text = NULL;
    if (shader__expand(&s, file, NULL, defines, 0)) {
        text = s.text;
        s.text = NULL;
    }
    shader__src_free(&s);
    return text;
}

void gfx_label(GLenum identifier, GLuint name, const char *label)
{
    if (GLAD_GL_KHR_debug && glObjectLabel && label) glObjectLabel(identifier, name, -1, label);
}

/* Shaders every driver accepts (issue 48 item 5): Mesa is lenient, so each shader stage the
 * program compiles, with its includes expanded by the loader's own include_expand and with each
 * set of defines a module passes, goes through Khronos' reference compiler glslangValidator as
 * desktop GLSL 330 and as the browser build's GLSL ES 300 (the ES header is read out of
 * src/gfx/shader.c, so the text is the one the web build hands WebGL2). The fallbacks built into
 * shader.c are checked too. No function in shaders/ may be named like a GLSL built-in (noise3 once
 * was: Mesa took it, glslang refuses an overload that differs in return type only).
 *
 * The programs are the table below (one row per gfx_program_load* call in src/, and the feedback
 * stages only tests compile), post_grade's 2^n variants built from grade.c's own list of names.
 * A new shader cannot escape it: the test fails when a file in shaders/ is in no row, when a
 * shader tests a macro (#ifdef X) that no row defines for a stage including it, and when a
 * "#define X" string in src/ names a macro no row defines. Needs glslangValidator on PATH
 * (Debian's glslang-tools, scripts/deps.sh); without it the test fails, it does not skip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/include_expand.h"

#define ROOT IMPRINT_TEST_DATA_DIR "/../.." /* tests/data -> the source tree */

/* ---- the programs: (site, vertex, fragment, defines); fragment NULL = transform feedback ---- */
typedef struct program_row {
    const char *site, *vs, *fs, *defines;
} program_row;

#define SHADOW "#define SHADOW_PASS 1\n"
#define MAX_SPHERES "#define MAX_SPHERES 64\n"                 /* damage.c: desc.max_spheres, default 64 */
#define SKIN_BONES "#define SKIN_BONES 20\n"                   /* damage.c: desc.bone_count (the robot's 20) */
#define DECALS "#define MUD_DECALS_PER_BLOCK 16\n#define MUD_TREAD_FAR 8.0\n" /* mud.c: MUD_DECALS_PER_BLOCK (mud.h), MUD_TREAD_FAR_M (mud_internal.h) */
#define FULL "gfx_fullscreen.vert"

static const program_row rows[] = {
    {"src/gfx/renderer.c", "gfx_lit.vert", "gfx_lit.frag", NULL},
    {"src/gfx/renderer.c", "gfx_lit.vert", "gfx_lit.frag", SHADOW},
    {"src/gfx/renderer.c", "gfx_lit.vert", "gfx_ground.frag", NULL},
    {"src/gfx/renderer.c", "gfx_sky.vert", "gfx_sky.frag", NULL},
    {"src/gfx/renderer.c", FULL, "gfx_upscale.frag", NULL},
    {"src/gfx/panel.c", "gfx_panel.vert", "gfx_panel.frag", NULL},
    {"src/gfx/hud.c", "gfx_hud.vert", "gfx_hud.frag", NULL},
    {"src/gfx/post/exposure.c", FULL, "post_exposure_cells.frag", NULL},
    {"src/gfx/post/exposure.c", FULL, "post_exposure_adapt.frag", NULL},
    {"src/gfx/post/dof.c", FULL, "post_dof_coc.frag", NULL},
    {"src/gfx/post/dof.c", FULL, "post_dof_blur.frag", ""},
    {"src/gfx/post/dof.c", FULL, "post_dof_blur.frag", "#define POST_AO 1\n"},
    {"src/gfx/post/dof.c", FULL, "post_dof_blur.frag", "#define POST_BLOOM 1\n"},
    {"src/gfx/post/dof.c", FULL, "post_dof_blur.frag", "#define POST_AO 1\n#define POST_BLOOM 1\n"},
    /* src/gfx/post/grade.c: post_grade.vert + post_grade.frag, every subset of its names (below) */
    {"src/gfx/post/ssao.c", FULL, "post_ssao_sky.frag", NULL},
    {"src/gfx/post/ssao.c", FULL, "post_ssao.frag", NULL},
    {"src/gfx/post/ssao.c", FULL, "post_ssao_blur.frag", NULL},
    {"src/gfx/post/bloom.c", FULL, "post_bloom_down.frag", NULL},
    {"src/gfx/post/bloom.c", FULL, "post_bloom_up.frag", NULL},
    {"src/gfx/post/bloom.c", FULL, "post_bloom_up.frag", "#define BLOOM_LAST 1\n"},
    {"src/gfx/post/fxaa.c", FULL, "post_fxaa.frag", NULL},
    {"src/bb/bb.c", "bb_instanced.vert", "bb_particle.frag", NULL},
    {"src/bb/bb.c", "bb_quads.vert", "bb_particle.frag", NULL},
    {"src/bb/bb.c", "bb_cpu.vert", "bb_particle.frag", NULL},
    {"src/bb/bb_gpu.c", "bb_gpu_sim.vert", NULL, NULL},
    {"src/bb/bb_gpu.c", "bb_gpu.vert", "bb_particle.frag", NULL},
    {"src/bb/bb_gpu.c", FULL, "bb_gpu_sim.frag", NULL},
    {"src/bb/bb_gpu.c", "bb_gpu.vert", "bb_particle.frag", "#define BB_GPU_STATE_TEXTURE 1\n"},
    {"src/bb/bb_gpu.c", FULL, "bb_gpu_surface.frag", NULL},
    {"src/mud/mud.c", "mud_terrain.vert", "mud_terrain.frag", DECALS},
    {"src/mud/mud.c", "mud_terrain.vert", "mud_terrain.frag", DECALS SHADOW},
    {"src/mud/mud.c", FULL, "mud_stamp.frag", "#define SUM_PASS 1\n"},
    {"src/mud/mud.c", FULL, "mud_stamp.frag", NULL},
    {"src/mud/mud.c", FULL, "mud_dry.frag", NULL},
    {"src/mud/mud_slump.c", FULL, "mud_slump.frag", NULL},
    {"src/mud/scene/props.c", "mud_props.vert", "mud_props.frag", NULL},
    {"src/mud/scene/props.c", "mud_props.vert", "mud_props.frag", SHADOW},
    {"src/mud/scene/props.c", "mud_props.vert", "mud_props.frag", "#define NO_SHADOW 1\n"},
    {"src/mud/water.c", "mud_water.vert", "mud_water.frag", NULL},
    {"src/mud/truck.c", "mud_truck.vert", "mud_truck.frag", NULL},
    {"src/mud/truck.c", "mud_truck.vert", "mud_truck.frag", SHADOW},
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "wrinkle_compose.frag", NULL},
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "wrinkle_skin.frag", NULL},
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "wrinkle_skin.frag", "#define WRINKLE_PLAIN_SKIN 1\n"}, /* desc.plain_skin */
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "gfx_lit.frag", SHADOW},
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "wrinkle_part.frag", NULL},
    {"src/wrinkle/wrinkle.c", "wrinkle_face.vert", "wrinkle_part.frag", "#define HAIR_STRANDS 1\n"}, /* wrinkle_draw_hair */
    {"src/wrinkle/wrinkle.c", "wrinkle_eye.vert", "wrinkle_eye.frag", NULL},
    {"src/damage/scene/range_stage.c", "gfx_lit.vert", "damage_range_concrete.frag", NULL},
    {"src/damage/damage.c", "damage_unwrap.vert", "damage_unwrap.frag", MAX_SPHERES},
    {"src/damage/damage.c", FULL, "damage_dilate.frag", NULL},
    {"src/damage/damage.c", FULL, "damage_cut.frag", NULL},
    {"src/damage/damage_wash.c", FULL, "damage_wash.frag", NULL},
    {"src/damage/damage.c", "damage_armor.vert", "damage_armor.frag", SKIN_BONES},
    {"src/damage/damage.c", "damage_armor.vert", "damage_armor.frag", SKIN_BONES SHADOW},
    {"src/damage/damage.c", "damage_panel.vert", "damage_panel.frag", NULL},
    {"src/damage/damage.c", "damage_unwrap.vert", "damage_positions.frag", NULL},
    {"src/damage/damage.c", "damage_unwrap.vert", "damage_unwrap.frag", MAX_SPHERES "#define POSITION_MAP 1\n"},
    {"src/dissolve/dissolve.c", "dissolve_mesh.vert", "dissolve_mesh.frag", NULL},
    {"src/dissolve/dissolve.c", "dissolve_mesh.vert", "dissolve_mesh.frag", SHADOW},
    {"tests/wrinkle/gl_wrinkle.c", "wrinkle_face.vert", NULL, NULL},
    {"tests/damage/gl_robot.c", "gfx_skin_feedback.vert", NULL, NULL},
    {"tests/dissolve/gl_dissolve.c", "dissolve_feedback.vert", NULL, NULL},
};

/* The fallbacks built into src/gfx/shader.c (C string literals there), with the defines they get. */
typedef struct builtin_stage {
    const char *symbol, *name, *defines;
} builtin_stage;
static const builtin_stage builtins[] = {
    {"shader__missing_vs", "gfx_missing.vert", ""},
    {"shader__missing_vs", "gfx_missing.vert", "#define GFX_MISSING_FULLSCREEN 1\n"},
    {"shader__missing_vs", "gfx_missing.vert", SHADOW},
    {"shader__missing_fs", "gfx_missing.frag", ""},
    {"shader__feedback_fs", "gfx_feedback.frag", ""},
};

/* Macros a shader may test that no row defines: the loader's, and the compilers' own. */
static const char *const implicit_macros[] = {"IMPRINT_FRAGMENT_STAGE", "GFX_MISSING_FULLSCREEN", "GL_ES",
                                              "__VERSION__", "__LINE__", "__FILE__", "defined"};

/* GLSL built-in functions (4.60 and ES 3.20): a user function with one of these names is refused
 * by some compilers (an overload differing in return type, or any redeclaration in ES). */
static const char *const glsl_builtins[] = {
    "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt", "abs", "sign", "floor", "trunc", "round",
    "roundEven", "ceil", "fract", "mod", "modf", "min", "max", "clamp", "mix", "step", "smoothstep", "isnan", "isinf",
    "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat", "fma", "frexp", "ldexp",
    "packUnorm2x16", "packSnorm2x16", "packUnorm4x8", "packSnorm4x8", "unpackUnorm2x16", "unpackSnorm2x16",
    "unpackUnorm4x8", "unpackSnorm4x8", "packHalf2x16", "unpackHalf2x16", "packDouble2x32", "unpackDouble2x32",
    "length", "distance", "dot", "cross", "normalize", "ftransform", "faceforward", "reflect", "refract",
    "matrixCompMult", "outerProduct", "transpose", "determinant", "inverse", "lessThan", "lessThanEqual",
    "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all", "not", "uaddCarry", "usubBorrow",
    "umulExtended", "imulExtended", "bitfieldExtract", "bitfieldInsert", "bitfieldReverse", "bitCount", "findLSB",
    "findMSB", "textureSize", "textureQueryLod", "textureQueryLevels", "textureSamples", "texture", "textureProj",
    "textureLod", "textureOffset", "texelFetch", "texelFetchOffset", "textureProjOffset", "textureLodOffset",
    "textureProjLod", "textureProjLodOffset", "textureGrad", "textureGradOffset", "textureProjGrad",
    "textureProjGradOffset", "textureGather", "textureGatherOffset", "textureGatherOffsets", "texture1D",
    "texture1DProj", "texture1DLod", "texture1DProjLod", "texture2D", "texture2DProj", "texture2DLod",
    "texture2DProjLod", "texture3D", "texture3DProj", "texture3DLod", "texture3DProjLod", "textureCube",
    "textureCubeLod", "shadow1D", "shadow2D", "shadow1DProj", "shadow2DProj", "shadow1DLod", "shadow2DLod",
    "shadow1DProjLod", "shadow2DProjLod", "atomicCounterIncrement", "atomicCounterDecrement", "atomicCounter",
    "atomicAdd", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor", "atomicExchange", "atomicCompSwap",
    "imageSize", "imageSamples", "imageLoad", "imageStore", "imageAtomicAdd", "imageAtomicMin", "imageAtomicMax",
    "imageAtomicAnd", "imageAtomicOr", "imageAtomicXor", "imageAtomicExchange", "imageAtomicCompSwap",
    "EmitStreamVertex", "EndStreamPrimitive", "EmitVertex", "EndPrimitive", "dFdx", "dFdy", "dFdxFine", "dFdyFine",
    "dFdxCoarse", "dFdyCoarse", "fwidth", "fwidthFine", "fwidthCoarse", "interpolateAtCentroid",
    "interpolateAtSample", "interpolateAtOffset", "noise1", "noise2", "noise3", "noise4", "barrier", "memoryBarrier",
    "memoryBarrierAtomicCounter", "memoryBarrierBuffer", "memoryBarrierShared", "memoryBarrierImage",
    "groupMemoryBarrier", "subpassLoad", "anyInvocation", "allInvocations", "allInvocationsEqual"};

/* ---- small helpers ---- */
typedef struct strlist {
    char **v;
    int n, cap;
} strlist;

static void strlist_add(strlist *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        assert_non_null(l->v);
    }
    l->v[l->n] = strdup(s);
    assert_non_null(l->v[l->n]);
    l->n++;
}

static bool strlist_has(const strlist *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i], s)) return true;
    return false;
}

static void strlist_add_unique(strlist *l, const char *s)
{
    if (!strlist_has(l, s)) strlist_add(l, s);
}

static void strlist_free(strlist *l)
{
    for (int i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

static char *read_root(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ROOT, rel);
    char *s = read_text(path);
    if (!s) fprintf(stderr, "cannot read %s: %s\n", path, strerror(errno));
    return s;
}

/* include_expand's reader, as gfx/shader.c's: names relative to shaders/, messages say shaders/NAME */
static char *read_shader(const char *name, void *user, char *path, size_t pathlen)
{
    (void)user;
    char full[1024];
    snprintf(path, pathlen, "shaders/%s", name);
    snprintf(full, sizeof full, "%s/shaders/%s", ROOT, name);
    return read_text(full);
}

static bool is_ident_start(int c) { return isalpha(c) || c == '_'; }
static bool is_ident(int c) { return isalnum(c) || c == '_'; }

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* The C string literals after `marker` in text, up to the first `stop` outside a literal, each
 * unescaped (\n \t \" \\) into out; false when the marker is not there. */
static bool c_literals(const char *text, const char *marker, char stop, strlist *out)
{
    const char *p = strstr(text, marker);
    if (!p) return false;
    p += strlen(marker);
    for (; *p && *p != stop; p++) {
        if (*p != '"') continue;
        char buf[4096];
        size_t n = 0;
        for (p++; *p && *p != '"' && n + 1 < sizeof buf; p++) {
            char c = *p;
            if (c == '\\' && p[1]) {
                p++;
                c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
            }
            buf[n++] = c;
        }
        buf[n] = 0;
        strlist_add(out, buf);
        if (!*p) break;
    }
    return true;
}

static char *c_literal_joined(const char *text, const char *marker)
{
    strlist l = {0};
    if (!c_literals(text, marker, ';', &l) || l.n == 0) {
        strlist_free(&l);
        return NULL;
    }
    size_t len = 1;
    for (int i = 0; i < l.n; i++) len += strlen(l.v[i]);
    char *s = calloc(1, len);
    assert_non_null(s);
    for (int i = 0; i < l.n; i++) strcat(s, l.v[i]);
    strlist_free(&l);
    return s;
}

/* Names a defines string defines ("#define A 1\n#define B 2\n" -> A, B). */
static void defined_names(const char *defines, strlist *out)
{
    for (const char *p = defines ? strstr(defines, "#define") : NULL; p; p = strstr(p + 7, "#define")) {
        const char *q = p + 7;
        while (*q == ' ' || *q == '\t') q++;
        char name[128];
        size_t n = 0;
        while (is_ident(*q) && n + 1 < sizeof name) name[n++] = *q++;
        name[n] = 0;
        if (n) strlist_add_unique(out, name);
    }
}

/* Every regular file under dir (relative to ROOT) whose name ends with one of the suffixes. */
static void list_files(const char *dir, const char *const *suffixes, int nsuffixes, bool recurse, strlist *out)
{
    char full[1024];
    snprintf(full, sizeof full, "%s/%s", ROOT, dir);
    DIR *d = opendir(full);
    if (!d) {
        fprintf(stderr, "cannot list %s: %s\n", full, strerror(errno));
        fail();
    }
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char rel[1024], path[2048];
        snprintf(rel, sizeof rel, "%s/%s", dir, e->d_name);
        snprintf(path, sizeof path, "%s/%s", ROOT, rel);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) {
            if (recurse) list_files(rel, suffixes, nsuffixes, true, out);
        } else if (S_ISREG(st.st_mode)) {
            for (int i = 0; i < nsuffixes; i++)
                if (ends_with(e->d_name, suffixes[i])) {
                    strlist_add(out, rel);
                    break;
                }
        }
    }
    closedir(d);
}

/* ---- the stages: one per (file, fragment?, defines), duplicates merged ---- */
typedef struct stage {
    char site[64];
    char file[64];       /* shaders/ name, or the built-in's name */
    const char *builtin; /* text of a built-in (owned), else NULL */
    bool frag;
    char *defines; /* as the caller passes them (never NULL) */
} stage;

typedef struct stages {
    stage *v;
    int n, cap;
    strlist owned_builtins;
} stages;

static void stages_add(stages *s, const char *site, const char *file, const char *builtin, bool frag,
                       const char *defines)
{
    if (!defines) defines = "";
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->v[i].file, file) && s->v[i].frag == frag && !strcmp(s->v[i].defines, defines)) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
        assert_non_null(s->v);
    }
    stage *t = &s->v[s->n++];
    memset(t, 0, sizeof *t);
    snprintf(t->site, sizeof t->site, "%s", site);
    snprintf(t->file, sizeof t->file, "%s", file);
    t->builtin = builtin;
    t->frag = frag;
    t->defines = strdup(defines);
    assert_non_null(t->defines);
}

static void stages_free(stages *s)
{
    for (int i = 0; i < s->n; i++) free(s->v[i].defines);
    free(s->v);
    strlist_free(&s->owned_builtins);
    memset(s, 0, sizeof *s);
}

/* post_grade's variants: grade.c builds "#define NAME 1\n" for each bit of the flags, over its
 * `names` array; every subset is a program it may compile. */
static void add_grade_variants(stages *s)
{
    char *grade = read_root("src/gfx/post/grade.c");
    assert_non_null(grade);
    strlist names = {0};
    if (!c_literals(grade, "names[] = {", '}', &names) || names.n == 0 || names.n > 12 ||
        !strstr(grade, "\"#define %s 1\\n\"") ||
        !strstr(grade, "gfx_program_load(\"post_grade.vert\", \"post_grade.frag\", defines)")) {
        fprintf(stderr, "src/gfx/post/grade.c no longer builds its variants from names[] with \"#define %%s 1\\n\":\n"
                        "update add_grade_variants in tests/gfx/unit_shaders_glslang.c\n");
        fail();
    }
    for (int flags = 0; flags < (1 << names.n); flags++) {
        char defines[1024] = "";
        for (int i = 0; i < names.n; i++)
            if (flags & (1 << i)) {
                size_t n = strlen(defines);
                snprintf(defines + n, sizeof defines - n, "#define %s 1\n", names.v[i]);
            }
        stages_add(s, "src/gfx/post/grade.c", "post_grade.vert", NULL, false, defines);
        stages_add(s, "src/gfx/post/grade.c", "post_grade.frag", NULL, true, defines);
    }
    strlist_free(&names);
    free(grade);
}

static void collect_stages(stages *s, const char *shader_c)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        stages_add(s, rows[i].site, rows[i].vs, NULL, false, rows[i].defines);
        if (rows[i].fs) stages_add(s, rows[i].site, rows[i].fs, NULL, true, rows[i].defines);
    }
    add_grade_variants(s);
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        char marker[128];
        snprintf(marker, sizeof marker, "%s[] =", builtins[i].symbol);
        char *text = c_literal_joined(shader_c, marker);
        if (!text) {
            fprintf(stderr, "src/gfx/shader.c has no %s: update builtins[] in tests/gfx/unit_shaders_glslang.c\n",
                    builtins[i].symbol);
            fail();
        }
        strlist_add(&s->owned_builtins, text); /* keeps one copy per entry; stages point at it */
        free(text);
        stages_add(s, "src/gfx/shader.c", builtins[i].name, s->owned_builtins.v[s->owned_builtins.n - 1],
                   ends_with(builtins[i].name, ".frag"), builtins[i].defines);
    }
}

/* The loader's assembly (gfx/shader.c, shader__compile): a fragment stage's defines start with
 * IMPRINT_FRAGMENT_STAGE; the caller's defines follow the #version line. */
static bool expand_stage(const stage *t, include_expansion *x)
{
    char defines[2048];
    snprintf(defines, sizeof defines, "%s%s", t->frag ? "#define IMPRINT_FRAGMENT_STAGE 1\n" : "", t->defines);
    return include_expand(x, t->file, t->builtin, defines, read_shader, NULL);
}

static void print_defines(const char *defines)
{
    if (!*defines) {
        fprintf(stderr, "(none)");
        return;
    }
    for (const char *p = defines; *p; p++) fputc(*p == '\n' ? (p[1] ? ';' : ' ') : *p, stderr);
}

/* ---- 1: no user function is named like a built-in ---- */

/* Function names declared at file scope: IDENT IDENT '(' outside braces and parentheses, with
 * comments and preprocessor lines skipped. Reports FILE:LINE for each built-in name. */
static int check_builtin_names(const char *rel, const char *text, bool loud)
{
    int bad = 0, depth = 0, paren = 0, line = 1;
    char prev[128] = "", prev2[128] = "";
    bool line_start = true;
    for (const char *p = text; *p;) {
        if (*p == '\n') {
            line++;
            line_start = true;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\r') {
            p++;
            continue;
        }
        if (line_start && *p == '#') { /* a preprocessor line, with its continuations */
            for (; *p && !(*p == '\n' && p[-1] != '\\'); p++)
                if (*p == '\n') line++;
            continue;
        }
        line_start = false;
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
            continue;
        }
        if (p[0] == '/' && p[1] == '*') {
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p == '\n') line++;
            if (*p) p += 2;
            continue;
        }
        if (is_ident_start((unsigned char)*p)) {
            char tok[128];
            size_t n = 0;
            while (is_ident((unsigned char)*p)) {
                if (n + 1 < sizeof tok) tok[n++] = *p;
                p++;
            }
            tok[n] = 0;
            snprintf(prev2, sizeof prev2, "%s", prev);
            snprintf(prev, sizeof prev, "%s", tok);
            continue;
        }
        char c = *p++;
        if (c == '(' && depth == 0 && paren == 0 && prev[0] && prev2[0] && strcmp(prev2, "layout")) {
            for (size_t i = 0; i < sizeof glsl_builtins / sizeof glsl_builtins[0]; i++)
                if (!strcmp(prev, glsl_builtins[i])) {
                    if (loud)
                        fprintf(stderr, "%s:%d: function '%s' has the name of a GLSL built-in: rename it\n", rel, line,
                                prev);
                    bad++;
                }
        }
        if (c == '{') depth++;
        if (c == '}') depth--;
        if (c == '(') paren++;
        if (c == ')') paren--;
        prev[0] = prev2[0] = 0;
    }
    return bad;
}

static void no_function_is_named_like_a_builtin(void **state)
{
    (void)state;
    static const char *const ext[] = {".vert", ".frag", ".glsl"};
    strlist files = {0};
    list_files("shaders", ext, 3, false, &files);
    assert_true(files.n > 10);
    int bad = 0;
    for (int i = 0; i < files.n; i++) {
        char *text = read_root(files.v[i]);
        assert_non_null(text);
        bad += check_builtin_names(files.v[i], text, true);
        free(text);
    }
    /* the scanner itself: a definition and a prototype are found, a call and a layout are not */
    assert_int_equal(check_builtin_names("(self-test)", "layout(std140) uniform F { vec4 a; };\n"
                                                        "float noise3(vec3 p)\n{ return mix(0.0, 1.0, p.x); }\n"
                                                        "highp vec3 mix(vec3 a);\n"
                                                        "// float dot(vec3 a)\n#define step(x) x\n",
                                        false),
                     2);
    if (bad) fprintf(stderr, "%d user function(s) named like GLSL built-ins (see above)\n", bad);
    strlist_free(&files);
    assert_int_equal(bad, 0);
}

/* ---- 2: the table covers every shader and every variant ---- */

static void every_shader_and_variant_is_covered(void **state)
{
    (void)state;
    char *shader_c = read_root("src/gfx/shader.c");
    assert_non_null(shader_c);
    stages s = {0};
    collect_stages(&s, shader_c);

    /* per shaders/ file: the macros defined by some stage whose expansion includes it */
    static const char *const ext[] = {".vert", ".frag", ".glsl"};
    strlist files = {0}, reached = {0}, all_defined = {0};
    list_files("shaders", ext, 3, false, &files);
    strlist *defined_for = calloc((size_t)files.n, sizeof *defined_for);
    assert_non_null(defined_for);
    int bad = 0;
    for (int i = 0; i < s.n; i++) {
        include_expansion x;
        if (!expand_stage(&s.v[i], &x)) {
            fprintf(stderr, "%s (%s): cannot expand %s\n", s.v[i].site, s.v[i].defines, s.v[i].file);
            bad++;
        }
        strlist names = {0};
        defined_names(s.v[i].defines, &names);
        for (int k = 0; k < names.n; k++) strlist_add_unique(&all_defined, names.v[k]);
        for (int f = 0; f < x.nfiles; f++) {
            char rel[256];
            snprintf(rel, sizeof rel, "shaders/%s", x.files[f]);
            strlist_add_unique(&reached, rel);
            for (int j = 0; j < files.n; j++)
                if (!strcmp(files.v[j], rel))
                    for (int k = 0; k < names.n; k++) strlist_add_unique(&defined_for[j], names.v[k]);
        }
        strlist_free(&names);
        include_expansion_free(&x);
    }

    /* macros the shaders define themselves */
    strlist own = {0};
    for (int j = 0; j < files.n; j++) {
        char *text = read_root(files.v[j]);
        assert_non_null(text);
        defined_names(text, &own);
        free(text);
    }

    for (int j = 0; j < files.n; j++) {
        if (!strlist_has(&reached, files.v[j])) {
            fprintf(stderr, "%s: compiled by no program in the table of tests/gfx/unit_shaders_glslang.c "
                            "(add the gfx_program_load call that uses it)\n",
                    files.v[j]);
            bad++;
        }
        char *text = read_root(files.v[j]);
        assert_non_null(text);
        int line = 1;
        for (const char *p = text; *p; line++) {
            const char *eol = strchr(p, '\n');
            size_t n = eol ? (size_t)(eol - p) : strlen(p);
            const char *q = p;
            while (*q == ' ' || *q == '\t') q++;
            bool cond = *q == '#';
            if (cond) {
                q++;
                while (*q == ' ' || *q == '\t') q++;
                cond = !strncmp(q, "if", 2) || !strncmp(q, "elif", 4);
            }
            for (const char *r = q; cond && r < p + n;) {
                if (r[0] == '/' && (r[1] == '/' || r[1] == '*')) break;
                if (!is_ident_start((unsigned char)*r) || (r > q && is_ident((unsigned char)r[-1]))) {
                    r++;
                    continue;
                }
                char name[128];
                size_t k = 0;
                while (is_ident((unsigned char)*r) && r < p + n) {
                    if (k + 1 < sizeof name) name[k++] = *r;
                    r++;
                }
                name[k] = 0;
                if (!strcmp(name, "ifdef") || !strcmp(name, "ifndef") || !strcmp(name, "if") || !strcmp(name, "elif"))
                    continue;
                bool implicit = strlist_has(&own, name);
                for (size_t m = 0; m < sizeof implicit_macros / sizeof implicit_macros[0]; m++)
                    implicit = implicit || !strcmp(name, implicit_macros[m]);
                if (!implicit && !strlist_has(&defined_for[j], name)) {
                    fprintf(stderr, "%s:%d: tests %s, which no program in the table defines for a stage that "
                                    "includes it (add the variant to tests/gfx/unit_shaders_glslang.c)\n",
                            files.v[j], line, name);
                    bad++;
                }
            }
            p += n + (eol ? 1 : 0);
        }
        free(text);
    }

    /* every "#define NAME" inside a string in src/ (a define some module passes to a program) */
    static const char *const cext[] = {".c"};
    strlist sources = {0};
    list_files("src", cext, 1, true, &sources);
    for (int i = 0; i < sources.n; i++) {
        if (!strcmp(sources.v[i], "src/gfx/shader.c")) continue; /* the loader's own, listed above */
        char *text = read_root(sources.v[i]);
        assert_non_null(text);
        if (strstr(text, "gfx_program_load")) {
            int line = 1;
            for (const char *p = text; *p; p++) {
                if (*p == '\n') line++;
                if (strncmp(p, "#define", 7) || p == text) continue;
                const char *b = p - 1;
                while (b > text && (*b == ' ' || *b == '\t')) b--;
                if (*b == '\n' || b == text) continue; /* a C #define line */
                char name[128];
                const char *q = p + 7;
                while (*q == ' ') q++;
                size_t k = 0;
                while (is_ident((unsigned char)*q) && k + 1 < sizeof name) name[k++] = *q++;
                name[k] = 0;
                if (k && !strlist_has(&all_defined, name)) {
                    fprintf(stderr, "%s:%d: passes #define %s to a shader; no row of tests/gfx/unit_shaders_glslang.c "
                                    "does (add that variant)\n",
                            sources.v[i], line, name);
                    bad++;
                }
            }
        }
        free(text);
    }
    assert_true(sources.n > 50);

    /* the loader still assembles a stage the way expand_stage does */
    if (!strstr(shader_c, "\"#define IMPRINT_FRAGMENT_STAGE 1\\n%s\"") ||
        !strstr(shader_c, "include_expand(&s, name, body, defines, shader__read_include, NULL)")) {
        fprintf(stderr, "src/gfx/shader.c assembles a stage differently now: update expand_stage in "
                        "tests/gfx/unit_shaders_glslang.c\n");
        bad++;
    }

    for (int j = 0; j < files.n; j++) strlist_free(&defined_for[j]);
    free(defined_for);
    strlist_free(&files);
    strlist_free(&reached);
    strlist_free(&all_defined);
    strlist_free(&own);
    strlist_free(&sources);
    stages_free(&s);
    free(shader_c);
    assert_int_equal(bad, 0);
}

/* ---- 3: glslangValidator accepts every stage, desktop GLSL 330 and GLSL ES 300 ---- */

typedef struct job {
    int stage;
    bool es;
    int added; /* lines the ES header added before the expanded text */
    bool failed;
    char path[256];
} job;

/* Prints one failing job: its program, defines, and each of glslang's lines mapped to FILE:LINE. */
static void report(const stage *t, const job *j, const char *messages)
{
    fprintf(stderr, "\nglslangValidator refuses %s as %s (%s, defines: ", t->file,
            j->es ? "GLSL ES 300 (web)" : "GLSL 330 core", t->site);
    print_defines(t->defines);
    fprintf(stderr, "):\n");
    include_expansion x;
    bool ok = expand_stage(t, &x);
    for (const char *p = messages; *p;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        int src = 0, out = 0, used = 0;
        int kind = !strncmp(p, "ERROR: ", 7) ? 7 : !strncmp(p, "WARNING: ", 9) ? 9 : 0;
        if (ok && kind && sscanf(p + kind, "%d:%d:%n", &src, &out, &used) == 2 && used) {
            int o = out - j->added;
            if (o >= 1 && o <= x.nmap && x.map_file[o - 1] >= 0) {
                int fid = x.map_file[o - 1], line = x.map_line[o - 1];
                fprintf(stderr, "  %s:%d: %.*s%.*s\n", x.paths[fid], line, kind, p, (int)(n - (size_t)(kind + used)),
                        p + kind + used);
                const char *q = x.bodies[fid];
                for (int l = 1; *q && l < line; q++)
                    if (*q == '\n') l++;
                const char *qe = strchr(q, '\n');
                fprintf(stderr, "  %5d | %.*s\n", line, (int)(qe ? qe - q : (long)strlen(q)), q);
            } else {
                fprintf(stderr, "  (line %d of the assembled text, %s) %.*s\n", out,
                        o >= 1 && o <= x.nmap ? "defines" : "header", (int)n, p);
            }
        } else if (n) {
            fprintf(stderr, "  %.*s\n", (int)n, p);
        }
        p += n + (eol ? 1 : 0);
    }
    include_expansion_free(&x);
}

static bool write_file(const char *path, const char *a, const char *b)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fputs(a, f) >= 0 && fputs(b, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* Runs glslangValidator over jobs[from, to): its output names each file on a line of its own,
 * followed by that file's messages, which go to messages[i]. Returns how many problems it found
 * that no job's ERROR explains (a crash, a file it never named). */
static int run_batch(const char *dir, job *jobs, int from, int to, char **messages)
{
    size_t cap = 64 + (size_t)(to - from) * (sizeof jobs[0].path + 1);
    char *cmd = malloc(cap);
    assert_non_null(cmd);
    strcpy(cmd, "glslangValidator");
    for (int i = from; i < to; i++) {
        strcat(cmd, " ");
        strcat(cmd, jobs[i].path);
    }
    strcat(cmd, " 2>&1");
    FILE *pipe = popen(cmd, "r");
    assert_non_null(pipe);
    size_t olen = 0, ocap = 1 << 16;
    char *output = malloc(ocap);
    assert_non_null(output);
    for (size_t n; (n = fread(output + olen, 1, ocap - olen - 1, pipe)) > 0;) {
        olen += n;
        if (ocap - olen < 4096) output = realloc(output, ocap *= 2);
        assert_non_null(output);
    }
    output[olen] = 0;
    int rc = pclose(pipe);

    bool *seen = calloc((size_t)(to - from), sizeof *seen);
    assert_non_null(seen);
    int cur = -1, failed = 0, bad = 0;
    size_t dirlen = strlen(dir);
    for (char *p = output; *p;) {
        char *eol = strchr(p, '\n');
        if (eol) *eol = 0;
        int idx;
        if (!strncmp(p, dir, dirlen) && p[dirlen] == '/' && sscanf(p + dirlen + 1, "%d_", &idx) == 1 && idx >= from &&
            idx < to) {
            cur = idx;
            seen[idx - from] = true;
        } else if (cur >= 0 && *p) {
            size_t had = messages[cur] ? strlen(messages[cur]) : 0;
            messages[cur] = realloc(messages[cur], had + strlen(p) + 2);
            assert_non_null(messages[cur]);
            sprintf(messages[cur] + had, "%s\n", p);
            if (!strncmp(p, "ERROR:", 6)) failed += !jobs[cur].failed, jobs[cur].failed = true;
        }
        p = eol ? eol + 1 : p + strlen(p);
    }
    for (int i = from; i < to; i++)
        if (!seen[i - from]) {
            fprintf(stderr, "glslangValidator did not report on %s\n", jobs[i].path);
            bad++;
        }
    if (rc != 0 && failed == 0) {
        fprintf(stderr, "glslangValidator exited with status %d and refused no file:\n%s\n", rc, output);
        bad++;
    }
    free(seen);
    free(output);
    free(cmd);
    return bad;
}

static void every_stage_passes_glslang(void **state)
{
    (void)state;
    if (system("command -v glslangValidator >/dev/null 2>&1") != 0) {
        fprintf(stderr, "glslangValidator not found: install glslang-tools (apt-get install glslang-tools, or "
                        "scripts/deps.sh); this test validates every shader with it\n");
        fail();
    }
    char *shader_c = read_root("src/gfx/shader.c");
    assert_non_null(shader_c);
    /* the web build's header, as the loader writes it in place of "#version 330 core\n" */
    char *es_header = c_literal_joined(shader_c, "shader__es_header[] =");
    if (!es_header || strncmp(es_header, "#version 300 es\n", 16) ||
        !strstr(shader_c, "static const char core[] = \"#version 330 core\\n\";")) {
        fprintf(stderr, "src/gfx/shader.c: no shader__es_header replacing \"#version 330 core\\n\": update the test\n");
        fail();
    }
    int es_added = -1;
    for (const char *p = es_header; *p; p++) es_added += *p == '\n';

    stages s = {0};
    collect_stages(&s, shader_c);

    char dir[] = "/tmp/imprint_glslang.XXXXXX";
    assert_non_null(mkdtemp(dir));
    job *jobs = calloc((size_t)s.n * 2, sizeof *jobs);
    assert_non_null(jobs);
    int njobs = 0, bad = 0;
    static const char core[] = "#version 330 core\n";
    for (int i = 0; i < s.n; i++) {
        include_expansion x;
        if (!expand_stage(&s.v[i], &x)) {
            fprintf(stderr, "%s: cannot expand %s\n", s.v[i].site, s.v[i].file);
            bad++;
            include_expansion_free(&x);
            continue;
        }
        for (int es = 0; es < 2; es++) {
            job *j = &jobs[njobs++];
            j->stage = i;
            j->es = es;
            snprintf(j->path, sizeof j->path, "%s/%04d_%s.%s", dir, njobs - 1, es ? "es" : "gl",
                     s.v[i].frag ? "frag" : "vert");
            /* shader__profile: only a text that starts with the core line gets the ES header */
            bool swap = es && !strncmp(x.text, core, sizeof core - 1);
            j->added = swap ? es_added : 0;
            if (!write_file(j->path, swap ? es_header : "", swap ? x.text + sizeof core - 1 : x.text)) {
                fprintf(stderr, "cannot write %s\n", j->path);
                fail();
            }
        }
        include_expansion_free(&x);
    }

    /* batches of files (each its own compilation unit without -l; one shell command line stays
     * far below the kernel's 128 KiB per argument) */
    char **messages = calloc((size_t)njobs, sizeof *messages);
    assert_non_null(messages);
    int nfail = 0;
    for (int from = 0; from < njobs; from += 200) {
        int to = from + 200 < njobs ? from + 200 : njobs;
        bad += run_batch(dir, jobs, from, to, messages);
    }
    for (int i = 0; i < njobs; i++)
        if (jobs[i].failed) {
            report(&s.v[jobs[i].stage], &jobs[i], messages[i]);
            nfail++;
        }
    int nstage_gl = 0;
    for (int i = 0; i < s.n; i++) nstage_gl += s.v[i].builtin == NULL;
    fprintf(stderr, "glslangValidator: %d stage/define combinations (%d from shaders/, %d built into shader.c), "
                    "each as GLSL 330 core and GLSL ES 300: %d compiles, %d refused\n",
            s.n, nstage_gl, s.n - nstage_gl, njobs, nfail);

    for (int i = 0; i < njobs; i++) {
        unlink(jobs[i].path);
        free(messages[i]);
    }
    rmdir(dir);
    free(messages);
    free(jobs);
    free(es_header);
    stages_free(&s);
    free(shader_c);
    assert_int_equal(bad + nfail, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_function_is_named_like_a_builtin),
        cmocka_unit_test(every_shader_and_variant_is_covered),
        cmocka_unit_test(every_stage_passes_glslang),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

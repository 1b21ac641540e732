/* fx.c — the app's particle system: one pool, the emitters behind scene_ctx.fx, the
 * --particles fountain, and the billboard module (src/bb) drawing it all after the opaque pass.
 * The frame's billboards are built before the shadow pass (fx_prepare, right after the scene's
 * prepare hook has handed over its transient billboards): the pool is still in the CPU's caches
 * from the simulation step, and the GPU's copy is long written when the particles pass runs.
 * Timing, per drawn frame: sim_ms is particles_step + fountain of the steps since the last
 * frame, build_ms the CPU time to cull, sort, fill and upload one frame (bb_renderer_build;
 * build_fill_ms + build_upload_ms split it), gpu time is the "bb.draw" pass. */
#include "scene/fx.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "bb/bb_gpu.h"
#include "bb/fx_atlases.h"
#include "bb/core/bb_emit.h"
#include "bb/core/bb_options.h"
#include "base/log.h"
#include "base/stats.h"
#include "gfx/timer.h"

_Static_assert((int)FX_ALIGN_SCREEN == (int)BB_ALIGN_SCREEN && (int)FX_ALIGN_VIEWPOINT == (int)BB_ALIGN_VIEWPOINT &&
                   (int)FX_ALIGN_VELOCITY == (int)BB_ALIGN_VELOCITY, "scene.h's alignments are the pool's");

#define FX_HISTORY 1024
/* room for the scenes' own effects on top of a --particles fountain */
#define FX_HEADROOM 10000
/* metres behind the depth buffer's surface a GPU particle is still taken as inside it */
#define FX_DEPTH_THICKNESS 0.3f

struct fx_system {
    particles *pool;
    bb_renderer *bb;
    bb_batcher batcher;
    bool no_frame_blend;
    bb_align_override align; /* --bb-align, for stats */
    rng rng;
    rng ember_rng; /* its own stream: embers leave the other effects' numbers as they were */
    rng spray_rng; /* and the wheels' spray its own */
    bb_fountain fountain;
    /* per drawn frame; `frames` samples ever taken, the rings hold the last FX_HISTORY */
    float sim_ms[FX_HISTORY], build_ms[FX_HISTORY], fill_ms[FX_HISTORY], upload_ms[FX_HISTORY];
    long frames;
    float sim_acc;     /* sim time of the steps since the last drawn frame */
    int transient;     /* billboards appended for this frame only: the last `transient` of the pool */
    bool built;        /* fx_prepare ran since the last fx_draw */
    /* --particles-gpu: simulated on the GPU (--particles-gpu-path); steps run at the next fx_prepare */
    bb_gpu *gpu;
    int gpu_pending;
    float gpu_dt;
    float gpu_call_ms[FX_HISTORY];  /* CPU time inside the frame's step draw calls (bb_gpu_take_call_ms) */
    float gpu_build_ms[FX_HISTORY]; /* CPU time the frame's steps and draw take around their draw calls */
    mat4 view, proj;   /* the camera of the last fx_prepare */
    GLuint last_depth; /* the resolved depth of the last drawn frame, and its camera: the GPU */
    mat4 last_view, last_proj; /* particles' steps collide with it before this frame's opaque pass */
    float restitution, friction, impact_life, near_fade; /* particles.* (fx_set_params) */
    float density;                                        /* particles.density: the part of a burst emitted */
};

fx_system *fx_create(const options *opt, unsigned seed)
{
    const bb_cli *cli = bb_cli_values(opt);
    fx_system *fx = ALLOC_STRUCT(fx_system);
    if (!fx) {
        log_error("particles: out of memory");
        return NULL;
    }
    if (!bb_batcher_parse(cli->batcher, &fx->batcher)) fx->batcher = BB_BATCHER_INSTANCED;
    bb_align_override align = BB_ALIGN_AUTO;
    if (!bb_align_parse(cli->align, &align)) align = BB_ALIGN_AUTO;
    fx->align = align;
    long cap = cli->particles + FX_HEADROOM;
    if (cap < PARTICLES_DEFAULT_CAPACITY) cap = PARTICLES_DEFAULT_CAPACITY;
    fx->pool = particles_create(&(particles_desc){.capacity = (int)cap});
    if (fx->pool) {
        /* the range's and the mud scene's five atlases (bb_atlas_id order) */
        fx_atlases atlases;
        fx_atlases_load(&atlases);
        fx->bb = bb_renderer_create(&(bb_desc){.capacity = (int)cap, .batcher = fx->batcher, .align = align,
                                               .atlases = atlases.atlas, .atlas_count = BB_ATLAS_COUNT});
        fx_atlases_free(&atlases);
    }
    if (!fx->bb) {
        log_error("particles: disabled (see above)");
        fx_destroy(fx);
        return NULL;
    }
    rng_seed(&fx->rng, seed);
    rng_seed(&fx->ember_rng, (uint64_t)seed ^ 0x656d626572735eull);
    rng_seed(&fx->spray_rng, (uint64_t)seed ^ 0x7370726179ull);
    const bb_gpu_params dflt = bb_gpu_params_default();
    fx->restitution = dflt.restitution;
    fx->friction = dflt.friction;
    fx->impact_life = dflt.impact_life;
    fx->near_fade = 0.5f;
    fx->density = 1.0f;
    fx->fountain = (bb_fountain){.pos = {0.0f, 0.0f, -1.5f}, .target = (int)cli->particles};
    if (cli->particles_gpu > 0) {
        bb_gpu_params prm = bb_gpu_params_default();
        prm.seed = seed;
        bb_gpu_path path = BB_GPU_PATH_AUTO;
        if (!bb_gpu_path_parse(cli->particles_gpu_path, &path)) path = BB_GPU_PATH_AUTO;
        fx->gpu = bb_gpu_create(&(bb_gpu_desc){.count = (int)cli->particles_gpu, .params = &prm, .path = path});
        if (!fx->gpu) log_error("particles: the GPU particles are off (see above)");
    }
    return fx;
}

void fx_destroy(fx_system *fx)
{
    if (!fx) return;
    bb_gpu_destroy(fx->gpu);
    bb_renderer_destroy(fx->bb);
    particles_destroy(fx->pool);
    free(fx);
}

/* A burst of n at the preset's density (at 1 exactly n: the high preset's particles are today's). */
static int fx__dense(const fx_system *fx, int n)
{
    if (fx->density >= 1.0f || n <= 1) return n;
    int k = (int)((float)n * fx->density + 0.5f);
    return k < 1 ? 1 : k;
}

static void fx__sparks(void *user, const float pos[3], const float normal[3], int count)
{
    fx_system *fx = user;
    bb_emit_sparks(fx->pool, &fx->rng, pos, normal, fx__dense(fx, count));
}

static void fx__fireball(void *user, const float pos[3], float radius)
{
    fx_system *fx = user;
    bb_emit_fireball(fx->pool, &fx->rng, pos, radius);
}

static void fx__smoke(void *user, const float pos[3], float radius)
{
    fx_system *fx = user;
    bb_emit_smoke(fx->pool, &fx->rng, pos, radius, fx__dense(fx, 3 + (int)(radius * 8.0f)));
}

/* Appended after the simulation step and removed right after this frame's build: the pool is
 * dense, so they are its last entries and releasing them from the end moves nothing else. */
static void fx__transient(void *user, fx_kind kind, const fx_billboard *b, int count)
{
    fx_system *fx = user;
    const int atlas = kind == FX_CLOD ? BB_ATLAS_CLOD : kind == FX_TRACER ? BB_ATLAS_SPARK : kind == FX_FLASH ? BB_ATLAS_FIRE : BB_ATLAS_SMOKE;
    const int blend = kind == FX_TRACER || kind == FX_FLASH ? BB_BLEND_ADDITIVE : BB_BLEND_ALPHA;
    for (int i = 0; i < count; i++) {
        particle q = particle_init(atlas, blend);
        memcpy(q.pos, b[i].pos, sizeof q.pos);
        q.size = b[i].size;
        q.rot = b[i].rotation;
        q.color = particles_rgba(b[i].color[0] / 255.0f, b[i].color[1] / 255.0f, b[i].color[2] / 255.0f,
                                 b[i].color[3] / 255.0f);
        /* a different clod shape per billboard, stable per slot; a tracer's sprites are the spark's
         * first, brightest frame; a flash's are early frames of the fireball */
        q.frame0 = kind == FX_TRACER ? 0 : kind == FX_FLASH ? (uint8_t)(4u + (unsigned)(i % 4) * 3u) : (uint8_t)((i * 37u) & 63u);
        memcpy(q.vel, b[i].vel, sizeof q.vel);
        q.align = b[i].align < BB_ALIGN_COUNT ? b[i].align : BB_ALIGN_SCREEN;
        q.life = 1.0f;
        if (particles_add(fx->pool, &q) < 0) break; /* full: counted as dropped by the pool */
        fx->transient++;
    }
}

static void fx__tracer(void *user, const float pos[3], const float vel[3], float size, float life)
{
    fx_system *fx = user;
    bb_emit_tracer(fx->pool, pos, vel, size, life);
}

static void fx__embers(void *user, const float (*pos)[3], int count)
{
    fx_system *fx = user;
    bb_emit_embers(fx->pool, &fx->ember_rng, pos, count);
}

static void fx__embers_to(void *user, const float (*pos)[3], int count, const float target[3])
{
    fx_system *fx = user;
    bb_emit_embers_to(fx->pool, &fx->ember_rng, pos, count, target);
}

static void fx__spray(void *user, const float pos[3], const float vel[3], int count)
{
    fx_system *fx = user;
    bb_emit_spray(fx->pool, &fx->spray_rng, pos, vel, fx__dense(fx, count));
}

static void fx__drop_transient(fx_system *fx)
{
    for (; fx->transient > 0; fx->transient--) particles_release(fx->pool, fx->pool->alive - 1);
}

void fx_bind(fx_system *fx, fx_api *api)
{
    if (!fx) return;
    *api = (fx_api){.user = fx, .sparks = fx__sparks, .fireball = fx__fireball, .smoke = fx__smoke,
                    .transient = fx__transient, .tracer = fx__tracer, .embers = fx__embers,
                    .embers_to = fx__embers_to, .spray = fx__spray};
}

void fx_update(fx_system *fx, float dt)
{
    if (!fx) return;
    fx__drop_transient(fx); /* a frame that was not drawn (minimized) must not leave them to the step */
    const double t0 = gfx_now();
    particles_step(fx->pool, dt);
    if (fx->fountain.target > 0) bb_fountain_step(&fx->fountain, fx->pool, &fx->rng);
    fx->sim_acc += (float)((gfx_now() - t0) * 1000.0);
    if (fx->gpu) {
        fx->gpu_pending++;
        fx->gpu_dt = dt;
    }
}

void fx_set_params(fx_system *fx, const params *p)
{
    if (!fx) return;
    fx->restitution = params_f(p, params_id(bb_param_rows, BB_P_RESTITUTION));
    fx->friction = params_f(p, params_id(bb_param_rows, BB_P_FRICTION));
    fx->impact_life = params_f(p, params_id(bb_param_rows, BB_P_IMPACT_LIFE));
    fx->near_fade = params_f(p, params_id(bb_param_rows, BB_P_NEAR_FADE));
    fx->density = params_f(p, params_id(bb_param_rows, BB_P_DENSITY));
}

void fx_set_frame_blend(fx_system *fx, bool on)
{
    if (fx) fx->no_frame_blend = !on;
}

void fx_prepare(fx_system *fx, const camera *cam, float aspect)
{
    if (!fx) return;
    mat4 view, proj;
    camera_matrices(cam, aspect, view, proj);
    glm_mat4_copy(view, fx->view);
    glm_mat4_copy(proj, fx->proj);
    if (fx->gpu) {
        /* the steps since the last frame: one transform-feedback pass each, timed on the GPU */
        gfx_pass_begin("bb.gpu_sim");
        bb_gpu_set_bounce(fx->gpu, fx->restitution, fx->friction, fx->impact_life);
        bb_gpu_set_depth(fx->gpu, fx->last_depth, fx->last_view, fx->last_proj, FX_DEPTH_THICKNESS);
        for (; fx->gpu_pending > 0; fx->gpu_pending--) bb_gpu_step(fx->gpu, fx->gpu_dt);
        fx->gpu_call_ms[fx->frames % FX_HISTORY] = bb_gpu_take_call_ms(fx->gpu);
        gfx_pass_end();
    }
    const double t0 = gfx_now();
    bb_renderer_build(fx->bb, fx->pool, view, proj);
    fx__drop_transient(fx);
    const int slot = (int)(fx->frames++ % FX_HISTORY);
    const bb_frame_info info = bb_renderer_info(fx->bb);
    fx->build_ms[slot] = (float)((gfx_now() - t0) * 1000.0);
    fx->fill_ms[slot] = info.fill_ms;
    fx->upload_ms[slot] = info.upload_ms;
    fx->sim_ms[slot] = fx->sim_acc;
    fx->sim_acc = 0.0f;
    fx->built = true;
}

void fx_draw(fx_system *fx, renderer *r)
{
    if (!fx || !fx->built) return;
    fx->built = false;
    int w, h;
    renderer_size(r, &w, &h);
    const renderer_frame *fr = renderer_frame_uniforms(r);
    bb_draw_params dp = {.scene_depth = renderer_scene_depth(r), .width = w, .height = h,
                         .no_frame_blend = fx->no_frame_blend, .near_fade = fx->near_fade};
    /* smoke and clods: ambient plus half the sun (a rough diffuse surface), the sun dimmed by the
     * shadow map at each billboard. A puff faces every way: its ambient is the surfaces'
     * hemispheric sky/ground term (light_surface in common.glsl) averaged over all normals, not
     * the zenith alone, which left smoke in a shadow saturated blue. */
    for (int k = 0; k < 3; k++) {
        dp.ambient[k] = (fr->sky_zenith[k] + fr->sky_horizon[k] * 0.35f) * 0.5f * fr->light_color[3];
        dp.sun[k] = fr->light_color[k] * 0.5f;
    }
    dp.shadow_map = renderer_shadow_map(r);
    memcpy(dp.light_viewproj, fr->light_viewproj, sizeof dp.light_viewproj);
    gfx_pass_begin("bb.draw");
    bb_renderer_draw(fx->bb, &dp);
    gfx_pass_end();
    if (fx->gpu) {
        gfx_pass_begin("bb.gpu_draw");
        bb_gpu_draw(fx->gpu, fx->view, fx->proj, fx->bb, BB_ATLAS_SPARK, &dp);
        gfx_pass_end();
        fx->gpu_build_ms[(fx->frames - 1) % FX_HISTORY] = bb_gpu_take_cpu_ms(fx->gpu);
        fx->last_depth = dp.scene_depth;
        glm_mat4_copy(fx->view, fx->last_view);
        glm_mat4_copy(fx->proj, fx->last_proj);
    }
}

void fx_clear(fx_system *fx)
{
    if (!fx) return;
    particles_clear(fx->pool);
    fx->transient = 0;
    fx->fountain.warm = 0;
}

void fx_stats(fx_system *fx, json_writer *w)
{
    if (!fx) return;
    const bb_frame_info info = bb_renderer_info(fx->bb);
    json_int(w, "particles_alive", fx->pool->alive);
    json_int(w, "particles_capacity", fx->pool->capacity);
    json_int(w, "particles_dropped", (long long)fx->pool->dropped);
    json_int(w, "particles_drawn", info.drawn);
    json_int(w, "particles_culled", info.culled);
    json_string(w, "particles_batcher", bb_batcher_name(fx->batcher));
    json_bool(w, "particles_frame_blend", !fx->no_frame_blend); /* bb.frame_blend as drawn */
    json_string(w, "particles_align", bb_align_names[fx->align]); /* --bb-align: auto = each billboard's own */
    json_int(w, "particles_gpu", bb_gpu_count(fx->gpu));
    json_int(w, "particles_gpu_collisions", fx->gpu ? bb_gpu_collisions(fx->gpu) : 0);
    /* the path that steps them (--particles-gpu-path; auto resolved at startup), "" without them */
    json_string(w, "particles_gpu_path", fx->gpu ? bb_gpu_path_name(bb_gpu_path_used(fx->gpu)) : "");
    json_int(w, "embers", particles_count_tag(fx->pool, BB_TAG_EMBER));
}

/* Median and p95 of the last n samples of a ring. */
static void fx__summary(json_writer *w, const char *key, const float *ring, long taken, long n)
{
    float v[FX_HISTORY];
    if (n > taken) n = taken;
    if (n > FX_HISTORY) n = FX_HISTORY;
    for (long i = 0; i < n; i++) v[i] = ring[(taken - n + i) % FX_HISTORY];
    stats_write_median_p95(w, key, v, (int)n);
}

void fx_bench(fx_system *fx, json_writer *w)
{
    if (!fx) return;
    /* the app forgets pass samples after its warm-up: use as many of ours as it kept */
    const gfx_pass_stats *draw = gfx_timers_find("bb.draw");
    const long n = draw ? draw->count : FX_HISTORY;
    const bb_frame_info info = bb_renderer_info(fx->bb);
    json_object_begin(w, "particles");
    json_string(w, "batcher", bb_batcher_name(fx->batcher));
    json_int(w, "alive", fx->pool->alive);
    json_int(w, "capacity", fx->pool->capacity);
    json_int(w, "drawn", info.drawn);
    json_int(w, "draws", info.draws);
    json_int(w, "bytes_per_billboard", (long long)bb_batcher_bytes(fx->batcher));
    json_int(w, "upload_bytes", (long long)info.upload_bytes);
    json_int(w, "chunks_in", info.chunks_in);
    json_int(w, "chunks_straddle", info.chunks_straddle);
    json_int(w, "chunks_out", info.chunks_out);
    fx__summary(w, "sim_ms", fx->sim_ms, fx->frames, n);
    fx__summary(w, "build_ms", fx->build_ms, fx->frames, n);
    fx__summary(w, "build_fill_ms", fx->fill_ms, fx->frames, n);
    fx__summary(w, "build_upload_ms", fx->upload_ms, fx->frames, n);
    if (draw) stats_write_median_p95(w, "gpu_ms", draw->gpu_hist, draw->count);
    json_object_end(w);
    if (!fx->gpu) return;
    /* top level: the GPU particles' simulation time (the bb.gpu_sim pass), and the CPU's share
     * of their steps and draw per frame (bb_gpu_take_cpu_ms) */
    const gfx_pass_stats *sim = gfx_timers_find("bb.gpu_sim");
    json_object_begin(w, "particles_gpu");
    if (sim) stats_write_median_p95(w, "sim_ms", sim->gpu_hist, sim->count);
    fx__summary(w, "build_ms", fx->gpu_build_ms, fx->frames, n);
    fx__summary(w, "step_call_ms", fx->gpu_call_ms, fx->frames, n);
    json_int(w, "alive", bb_gpu_count(fx->gpu));
    json_int(w, "steps", (long long)bb_gpu_steps(fx->gpu));
    json_string(w, "path", bb_gpu_path_name(bb_gpu_path_used(fx->gpu)));
    json_string(w, "path_reason", bb_gpu_path_reason(fx->gpu));
    json_object_end(w);
}

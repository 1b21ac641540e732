/* particles.h — the billboard pool and its simulation step (GL-free).
 *
 *   particles *p = particles_create(&(particles_desc){ .capacity = 100000 });
 *   particle b = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);   // white, opaque, everything else 0
 *   b.pos[1] = 2.0f; b.vel[1] = 3.0f; b.life = 1.5f;
 *   int i = particles_add(p, &b);                 // its index, or -1 when full (p->dropped grows)
 *   particles_step(p, dt);                        // gravity, drag, spin, growth, age; kills at end of life
 *   for (int i = 0; i < p->alive; i++) use(p->x[i], p->y[i], p->z[i], p->size[i]);
 *   particles_destroy(p);
 *
 * Owns one block of `capacity` billboards allocated at creation; nothing is allocated after that.
 * Layout: a structure of arrays (one array per field, 64-byte aligned) whose first `alive`
 * entries are the live set. Release is a swap-remove (the last live billboard moves into the
 * hole), so the simulation and the batch builders walk one contiguous range with no holes and
 * no alive flags to test, and each loop streams only the fields it uses: the batch build reads
 * eleven arrays of 4 bytes, never the simulation's. Indices are only stable until the next release
 * or step, so nobody keeps one across frames.
 *
 * Chunks: billboards [64 k, 64 k + 64) form chunk k, whose box (`chunks[k]`: min and max centre,
 * largest extent) always holds all of them: the step rebuilds the boxes of the chunks it walks,
 * add and release only grow them. Batchers cull a whole chunk at once and test single
 * billboards only in chunks that straddle the view.
 *
 * A billboard's atlas and blend mode are fixed when it is added. `meta` packs what the batchers
 * need besides the numbers: start frame (bits 0-7), flags (bits 8-10: BB_ANIM_LOOP,
 * alignment << 1), atlas (bits 11-13), blend (bits 16-23), tag (bits 24-31: what made it, e.g.
 * BB_TAG_EMBER, so `stats` can count one effect); its low 16 bits are sent to the GPU as they are.
 *
 * Defaults (zero fields in particles_desc): capacity 100 000, gravity (0, -9.81, 0).
 * Failure: particles_create returns NULL and logs when the block cannot be allocated.
 * Adding to a full pool returns -1 and increments `dropped` (never an error: effects thin out).
 */
#ifndef IMPRINT_CORE_PARTICLES_H
#define IMPRINT_CORE_PARTICLES_H

#include <assert.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PARTICLES_DEFAULT_CAPACITY 100000
#define PARTICLES_CHUNK 64

/* Which atlas a billboard samples: an index into the renderer's bb_desc.atlases (a layer of the
 * GPU's atlas array), 0 .. BB_ATLAS_MAX - 1: it travels in 3 bits of meta and of a record's flags. */
#define BB_ATLAS_MAX 8
/* The five atlases the range and the mud scene pass (bb/fx_atlases.h), by their index there; the
 * emitters of bb/core/bb_emit.h use them. A program of its own numbers its own atlases. */
typedef enum bb_atlas_id {
    BB_ATLAS_FIRE = 0, /* fireball / explosion */
    BB_ATLAS_SPARK,
    BB_ATLAS_SMOKE,
    BB_ATLAS_CLOD,     /* mud clods */
    BB_ATLAS_SPRAY,    /* dust and mud spray off a wheel */
    BB_ATLAS_COUNT
} bb_atlas_id;
static_assert(BB_ATLAS_COUNT <= BB_ATLAS_MAX, "the atlas travels in 3 bits of meta and of a record's flags");

typedef enum bb_blend {
    BB_BLEND_ALPHA = 0,  /* premultiplied-free SRC_ALPHA, ONE_MINUS_SRC_ALPHA; no depth writes */
    BB_BLEND_ADDITIVE,   /* SRC_ALPHA, ONE: order independent */
    BB_BLEND_COUNT
} bb_blend;

/* How a billboard turns towards the camera (particle.align; `--bb-align` overrides it). */
typedef enum bb_align {
    BB_ALIGN_SCREEN = 0, /* in the view plane: parallel to the screen */
    BB_ALIGN_VIEWPOINT,  /* facing the camera's position, upright in the world */
    BB_ALIGN_VELOCITY,   /* in the view plane, stretched along the projected velocity */
    BB_ALIGN_COUNT
} bb_align;

enum { BB_ANIM_LOOP = 1u }; /* particle.flags: loop the atlas animation instead of holding the last frame */
/* particle.tag: which effect made a billboard (never drawn differently; counted by particles_count_tag) */
enum { BB_TAG_NONE = 0, BB_TAG_EMBER = 1 };

/* One billboard as an emitter describes it; particles_add spreads it over the arrays. */
typedef struct particle {
    float pos[3];
    float vel[3];
    float size;        /* world-space edge length of the quad */
    float rot;         /* radians, in the view plane */
    float phase;       /* atlas frames elapsed: age * frame_rate, advanced by the step */
    uint32_t color;    /* RGBA8 tint, red in the low byte */
    uint8_t frame0;    /* animation start frame */
    uint8_t atlas;     /* index into bb_desc.atlases, < BB_ATLAS_MAX (bb_atlas_id for the shipped ones) */
    uint8_t blend;     /* bb_blend */
    uint8_t flags;     /* BB_ANIM_* */
    uint8_t align;     /* bb_align */
    uint8_t tag;       /* BB_TAG_*: 0 for none */
    float spin;        /* radians per second */
    float grow;        /* size change per second */
    float drag;        /* 1/s: velocity shrinks by 1/(1 + drag*dt) each step */
    float gravity;     /* multiplier of the pool's gravity (negative rises: buoyant smoke) */
    float age, life;   /* seconds; dies when age >= life */
    float frame_rate;  /* atlas frames per second; 0 = 1 / 30 ms */
} particle;

typedef struct particles_chunk {
    float lo[3], hi[3]; /* box of the centres */
    float extent;       /* largest particles_extent() */
} particles_chunk;

/* Seconds of motion a velocity-aligned billboard is stretched by: its length along the projected
 * velocity v is size + |v| * BB_VELOCITY_STRETCH (shaders get it as a uniform). */
#define BB_VELOCITY_STRETCH 0.04f

/* The longest edge a billboard can show, whatever its alignment: size, plus the stretch of the
 * fastest projection of its velocity (the view-plane projection of v at the edge of a 90 degree
 * view is at most sqrt(2) |v|; |v| is bounded by the sum of its components). Culling uses it. */
static inline float particles_extent(float size, float vx, float vy, float vz)
{
    const float l1 = (vx < 0.0f ? -vx : vx) + (vy < 0.0f ? -vy : vy) + (vz < 0.0f ? -vz : vz);
    return size + 1.41421356f * BB_VELOCITY_STRETCH * l1;
}

typedef struct particles_desc {
    int capacity;       /* 0 = PARTICLES_DEFAULT_CAPACITY */
    float gravity[3];   /* all zero = (0, -9.81, 0) */
} particles_desc;

typedef struct particles {
    /* what the batchers read, [0, alive) live */
    float *x, *y, *z, *size, *rot, *phase;
    float *vx, *vy, *vz;
    uint32_t *color, *meta;
    /* what only the simulation touches */
    float *spin, *grow, *drag, *grav, *age, *life, *rate;
    particles_chunk *chunks; /* (capacity + 63) / 64 */
    int alive;
    int capacity;
    uint64_t dropped;   /* adds refused because the pool was full */
    float gravity[3];
    void *block;        /* every array above lives in it */
} particles;

particles *particles_create(const particles_desc *desc);
void particles_destroy(particles *p);

/* A billboard of that atlas and blend, white, opaque, every other field 0. */
particle particle_init(int atlas, int blend);
/* Copies b into the pool; returns its index, or -1 when full. */
int particles_add(particles *p, const particle *b);
/* Reads billboard i back (tests, tools). */
void particles_get(const particles *p, int i, particle *out);
/* Frees index i; the last live billboard takes its place. */
void particles_release(particles *p, int index);
/* Kills every billboard (keeps the drop count). */
void particles_clear(particles *p);
/* Live billboards with that tag (BB_TAG_*). */
int particles_count_tag(const particles *p, int tag);
/* Advances every live billboard by dt seconds and releases those whose age reached life. */
void particles_step(particles *p, float dt);

static inline int particles_meta_atlas(uint32_t meta) { return (int)((meta >> 11) & 7u); }
static inline int particles_meta_blend(uint32_t meta) { return (int)((meta >> 16) & 0xffu); }
static inline int particles_meta_align(uint32_t meta) { return (int)((meta >> 9) & 3u); }
static inline int particles_meta_tag(uint32_t meta) { return (int)(meta >> 24); }

/* RGBA8 packing as the GPU reads it (red in the low byte). */
static inline uint32_t particles_rgba(float r, float g, float b, float a)
{
    float c[4] = {r, g, b, a};
    uint32_t out = 0;
    for (int i = 0; i < 4; i++) {
        float v = c[i] < 0.0f ? 0.0f : (c[i] > 1.0f ? 1.0f : c[i]);
        out |= (uint32_t)(v * 255.0f + 0.5f) << (8 * i);
    }
    return out;
}

#ifdef __cplusplus
}
#endif

#endif

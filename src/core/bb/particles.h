/* particles.h — the billboard pool and its simulation step (GL-free).
 *
 *   particles *p = particles_create(&(particles_desc){ .capacity = 100000 });
 *   particle *b = particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA);  // NULL when full (p->dropped grows)
 *   if (b) {                                      // acquire zeroes both halves of the record
 *       b->pos[0] = ...; b->life = 1.5f;
 *       particles_motion(p, b)->vel[1] = 3.0f;
 *   }
 *   particles_step(p, dt);                        // gravity, drag, spin, growth, age; kills at end of life
 *   for (int i = 0; i < p->alive; i++) use(&p->items[i]);
 *   particles_destroy(p);
 *
 * Owns one block of `capacity` particles allocated at creation; nothing is allocated after
 * that. Layout: a dense array whose first `alive` entries are the live set. Release is a
 * swap-remove (the last live particle moves into the hole), so the simulation and the batch
 * builders walk one contiguous range with no holes and no alive flags to test — the hot loops
 * at 100 000 billboards are memory bound and a free list would make them skip dead entries.
 * The price: a particle's address is only stable until the next release or step, so nobody
 * keeps a pointer across frames; emitters fill the record right after acquiring it.
 * A billboard's atlas and blend mode are fixed when it is acquired (never write them later):
 * the pool keeps a live count per (atlas, blend) group so batchers can lay out their draws
 * without a counting pass.
 * Each billboard is split in two parallel arrays: `items` holds what the batchers read (32 bytes)
 * and `motion` what only the simulation needs, so a batch build streams half the memory.
 *
 * Defaults (zero fields in particles_desc): capacity 100 000, gravity (0, -9.81, 0).
 * Failure: particles_create returns NULL and logs when the block cannot be allocated.
 * Acquire on a full pool returns NULL and increments `dropped` (never an error: effects thin out).
 */
#ifndef IMPRINT_CORE_PARTICLES_H
#define IMPRINT_CORE_PARTICLES_H

#include <stdint.h>

#define PARTICLES_DEFAULT_CAPACITY 100000

/* Which atlas a billboard samples; one draw per atlas and blend mode. */
typedef enum bb_atlas_id {
    BB_ATLAS_FIRE = 0, /* fireball / explosion */
    BB_ATLAS_SPARK,
    BB_ATLAS_SMOKE,
    BB_ATLAS_CLOD,     /* mud clods */
    BB_ATLAS_COUNT
} bb_atlas_id;

typedef enum bb_blend {
    BB_BLEND_ALPHA = 0,  /* premultiplied-free SRC_ALPHA, ONE_MINUS_SRC_ALPHA; no depth writes */
    BB_BLEND_ADDITIVE,   /* SRC_ALPHA, ONE: order independent */
    BB_BLEND_COUNT
} bb_blend;

enum { BB_ANIM_LOOP = 1u }; /* particle.flags: loop the atlas animation instead of holding the last frame */

typedef struct particle {
    float pos[3];
    float size;        /* world-space edge length of the quad */
    uint32_t color;    /* RGBA8 tint, red in the low byte */
    uint8_t frame0;    /* animation start frame */
    uint8_t atlas;     /* bb_atlas_id, set by acquire: read only */
    uint8_t blend;     /* bb_blend, set by acquire: read only */
    uint8_t flags;     /* BB_ANIM_* */
    float rot;         /* radians, in the view plane */
    float phase;       /* atlas frames elapsed: age / frame_time, advanced by the step */
} particle;

/* The half of a billboard only the simulation touches (same index as its particle). */
typedef struct particle_motion {
    float vel[3];
    float spin;        /* radians per second */
    float grow;        /* size change per second */
    float drag;        /* 1/s: velocity shrinks by 1/(1 + drag*dt) each step */
    float gravity;     /* multiplier of the pool's gravity (negative rises: buoyant smoke) */
    float age, life;   /* seconds; dies when age >= life */
    float frame_rate;  /* atlas frames per second; 0 = 1 / 30 ms */
} particle_motion;

typedef struct particles_desc {
    int capacity;       /* 0 = PARTICLES_DEFAULT_CAPACITY */
    float gravity[3];   /* all zero = (0, -9.81, 0) */
} particles_desc;

typedef struct particles {
    particle *items;    /* items[0 .. alive-1] are live */
    particle_motion *motion; /* motion[i] belongs to items[i] */
    int alive;
    int capacity;
    uint64_t dropped;   /* acquires refused because the pool was full */
    int group_alive[BB_ATLAS_COUNT * BB_BLEND_COUNT]; /* live count per atlas * BB_BLEND_COUNT + blend */
    float gravity[3];
} particles;

particles *particles_create(const particles_desc *desc);
void particles_destroy(particles *p);

/* A zeroed live particle of that atlas and blend (color white, opaque), or NULL when full. */
particle *particles_acquire(particles *p, int atlas, int blend);
static inline particle_motion *particles_motion(particles *p, const particle *b) { return &p->motion[b - p->items]; }
/* Frees items[index]; the last live particle takes its place. */
void particles_release(particles *p, int index);
/* Kills every particle (keeps the drop count). */
void particles_clear(particles *p);
/* Advances every live particle by dt seconds and releases those whose age reached life. */
void particles_step(particles *p, float dt);

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

#endif

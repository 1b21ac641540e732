/* bb_emit.c — effect recipes; numbers chosen by eye against the atlases. See bb_emit.h. */
#include "bb/core/bb_emit.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "bb/core/bb_anim.h"

/* Uniform direction on the unit sphere. */
static void random_dir(rng *r, float out[3])
{
    const float z = rng_range(r, -1.0f, 1.0f), a = rng_range(r, 0.0f, 6.2831853f);
    const float s = sqrtf(1.0f - z * z);
    out[0] = s * cosf(a);
    out[1] = s * sinf(a);
    out[2] = z;
}

/* A full pool counts the billboard as dropped; the caller stops its burst. */
static bool full(particles *p)
{
    if (p->alive < p->capacity) return false;
    p->dropped++;
    return true;
}

static particle spawn(rng *r, const float pos[3], int atlas, int blend)
{
    particle b = particle_init(atlas, blend);
    b.pos[0] = pos[0];
    b.pos[1] = pos[1];
    b.pos[2] = pos[2];
    b.rot = rng_range(r, 0.0f, 6.2831853f);
    return b;
}

int bb_emit_sparks(particles *p, rng *r, const float pos[3], const float normal[3], int count)
{
    int n = 0;
    for (; n < count; n++) {
        if (full(p)) break;
        particle b = spawn(r, pos, BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
        float d[3];
        random_dir(r, d);
        const float along = d[0] * normal[0] + d[1] * normal[1] + d[2] * normal[2];
        const float speed = rng_range(r, 4.0f, 12.0f);
        for (int k = 0; k < 3; k++) {
            if (along < 0.0f) d[k] -= 2.0f * along * normal[k]; /* mirror into the hemisphere */
            b.vel[k] = (d[k] + normal[k]) * 0.5f * speed;
        }
        b.size = rng_range(r, 0.08f, 0.18f);
        b.grow = -b.size;
        b.drag = 1.5f;
        b.gravity = 1.0f;
        b.life = rng_range(r, 0.2f, 0.6f);
        b.frame_rate = BB_ANIM_FRAMES / b.life;
        b.color = particles_rgba(1.0f, rng_range(r, 0.6f, 0.9f), 0.35f, 1.0f);
        b.align = BB_ALIGN_VELOCITY;
        particles_add(p, &b);
    }
    return n;
}

int bb_emit_smoke(particles *p, rng *r, const float pos[3], float radius, int count)
{
    int n = 0;
    for (; n < count; n++) {
        float at[3] = {pos[0] + rng_range(r, -radius, radius), pos[1], pos[2] + rng_range(r, -radius, radius)};
        if (full(p)) break;
        particle b = spawn(r, at, BB_ATLAS_SMOKE, BB_BLEND_ALPHA);
        b.vel[0] = rng_range(r, -0.3f, 0.3f);
        b.vel[1] = rng_range(r, 0.4f, 1.0f);
        b.vel[2] = rng_range(r, -0.3f, 0.3f);
        b.size = rng_range(r, 0.5f, 0.9f);
        b.grow = rng_range(r, 0.4f, 0.8f);
        b.spin = rng_range(r, -0.5f, 0.5f);
        b.drag = 0.8f;
        b.gravity = -0.04f;
        b.life = rng_range(r, 2.5f, 4.5f);
        b.frame_rate = BB_ANIM_FRAMES / b.life;
        const float g = rng_range(r, 0.7f, 0.85f);
        b.color = particles_rgba(g, g, g, 0.6f);
        b.align = BB_ALIGN_VIEWPOINT;
        particles_add(p, &b);
    }
    return n;
}

int bb_emit_fireball(particles *p, rng *r, const float pos[3], float radius)
{
    assert(radius > 0.0f);
    int n = 0;
    for (int i = 0; i < 20; i++) {
        float d[3];
        random_dir(r, d);
        const float at[3] = {pos[0] + d[0] * radius * 0.3f, pos[1] + d[1] * radius * 0.3f, pos[2] + d[2] * radius * 0.3f};
        if (full(p)) return n;
        particle b = spawn(r, at, BB_ATLAS_FIRE, BB_BLEND_ALPHA);
        const float speed = rng_range(r, 0.5f, 2.0f) * radius;
        for (int k = 0; k < 3; k++) b.vel[k] = d[k] * speed;
        b.size = rng_range(r, 0.8f, 1.4f) * radius;
        b.grow = radius * 1.2f;
        b.spin = rng_range(r, -1.0f, 1.0f);
        b.drag = 2.0f;
        b.gravity = -0.1f;
        b.life = BB_ANIM_FRAMES * BB_ANIM_FRAME_TIME;
        b.frame0 = (uint8_t)(rng_u32(r) % 4);
        particles_add(p, &b);
        n++;
    }
    return n + bb_emit_smoke(p, r, pos, radius * 0.4f, 6);
}

int bb_emit_clods(particles *p, rng *r, const float pos[3], const float vel[3], int count)
{
    int n = 0;
    for (; n < count; n++) {
        if (full(p)) break;
        particle b = spawn(r, pos, BB_ATLAS_CLOD, BB_BLEND_ALPHA);
        b.vel[0] = vel[0] + rng_range(r, -1.0f, 1.0f);
        b.vel[1] = vel[1] + rng_range(r, 1.5f, 4.0f);
        b.vel[2] = vel[2] + rng_range(r, -1.0f, 1.0f);
        b.size = rng_range(r, 0.08f, 0.2f);
        b.spin = rng_range(r, -8.0f, 8.0f);
        b.drag = 0.3f;
        b.gravity = 1.0f;
        b.life = rng_range(r, 1.0f, 2.0f);
        b.frame0 = (uint8_t)(rng_u32(r) % BB_ANIM_FRAMES);
        b.flags = BB_ANIM_LOOP;
        const float k = rng_range(r, 0.8f, 1.1f);
        b.color = particles_rgba(0.33f * k, 0.24f * k, 0.15f * k, 1.0f);
        particles_add(p, &b);
    }
    return n;
}

int bb_emit_tracer(particles *p, const float pos[3], const float vel[3], float size, float life)
{
    assert(size > 0.0f && life > 0.0f);
    if (full(p)) return 0;
    particle b = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
    for (int k = 0; k < 3; k++) {
        b.pos[k] = pos[k];
        b.vel[k] = vel[k];
    }
    b.size = size;
    b.life = life;
    b.frame_rate = 8.0f / life; /* the first, brightest eighth of the spark's frames */
    b.color = particles_rgba(1.0f, 0.85f, 0.55f, 1.0f);
    b.align = BB_ALIGN_VELOCITY;
    particles_add(p, &b);
    return 1;
}

int bb_emit_embers(particles *p, rng *r, const float (*pos)[3], int count)
{
    /* from the spark's orange frames on: the white-hot start would read as a white blob */
    enum { EMBER_FRAME0 = 20 };
    int n = 0;
    for (; n < count; n++) {
        if (full(p)) break;
        particle b = spawn(r, pos[n], BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
        b.vel[0] = rng_range(r, -0.15f, 0.15f);
        b.vel[1] = rng_range(r, 0.25f, 0.6f);
        b.vel[2] = rng_range(r, -0.15f, 0.15f);
        b.size = rng_range(r, 0.02f, 0.045f);
        b.life = rng_range(r, 0.6f, 1.5f);
        b.grow = -0.6f * b.size / b.life; /* shrinks to 40 % */
        b.drag = 0.6f;
        b.gravity = -0.02f;               /* hot air: a slight lift against the drag */
        b.frame0 = EMBER_FRAME0;
        b.frame_rate = (float)(BB_ANIM_FRAMES - EMBER_FRAME0) / b.life;
        b.color = particles_rgba(1.0f, rng_range(r, 0.35f, 0.5f), 0.12f, 1.0f);
        b.align = BB_ALIGN_VELOCITY;
        b.tag = BB_TAG_EMBER;
        particles_add(p, &b);
    }
    return n;
}

int bb_emit_spray(particles *p, rng *r, const float pos[3], const float vel[3], int count)
{
    int n = 0;
    for (; n < count; n++) {
        if (full(p)) break;
        particle b = spawn(r, pos, BB_ATLAS_SPRAY, BB_BLEND_ALPHA);
        b.rot = rng_range(r, -0.35f, 0.35f); /* nearly upright: the atlas's droplets fall in -y */
        for (int k = 0; k < 3; k++) b.vel[k] = vel[k] + rng_range(r, -0.6f, 0.6f);
        b.vel[1] += rng_range(r, 1.5f, 3.0f);
        b.size = rng_range(r, 0.6f, 1.1f);
        b.life = rng_range(r, 0.5f, 0.9f);
        b.grow = 0.6f * b.size / b.life;
        b.drag = 1.5f;
        b.gravity = 0.5f;
        b.frame_rate = (float)BB_ANIM_FRAMES / b.life;
        const float k = rng_range(r, 0.8f, 1.0f);
        b.color = particles_rgba(0.55f * k, 0.43f * k, 0.3f * k, rng_range(r, 0.8f, 1.0f));
        particles_add(p, &b);
    }
    return n;
}

int bb_emit_embers_to(particles *p, rng *r, const float (*pos)[3], int count, const float target[3])
{
    /* from the spark's hot frames: sucked into a glowing target they heat up, not cool down */
    enum { EMBER_TO_FRAME0 = 8 };
    int n = 0;
    for (; n < count; n++) {
        if (full(p)) break;
        particle b = spawn(r, pos[n], BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
        b.life = rng_range(r, 0.35f, 0.8f);
        /* straight in, no drag, no gravity: at target when it dies, wherever it started */
        for (int k = 0; k < 3; k++) b.vel[k] = (target[k] - pos[n][k]) / b.life;
        b.size = rng_range(r, 0.015f, 0.035f);
        b.grow = -0.5f * b.size / b.life;
        b.drag = 0.0f;
        b.gravity = 0.0f;
        b.frame0 = EMBER_TO_FRAME0;
        b.frame_rate = (float)(BB_ANIM_FRAMES - EMBER_TO_FRAME0) / b.life * 0.5f;
        b.color = particles_rgba(1.0f, rng_range(r, 0.45f, 0.65f), 0.18f, 1.0f);
        b.align = BB_ALIGN_VELOCITY;
        b.tag = BB_TAG_EMBER;
        particles_add(p, &b);
    }
    return n;
}

int bb_fountain_step(bb_fountain *f, particles *p, rng *r)
{
    int n = 0;
    while (p->alive < f->target) {
        const bool sparky = rng_u32(r) % 4 == 0;
        if (full(p)) break;
        particle b = spawn(r, f->pos, sparky ? BB_ATLAS_SPARK : BB_ATLAS_FIRE,
                            sparky ? BB_BLEND_ADDITIVE : BB_BLEND_ALPHA);
        const float a = rng_range(r, 0.0f, 6.2831853f), spread = rng_range(r, 0.0f, 2.5f);
        b.vel[0] = cosf(a) * spread;
        b.vel[1] = rng_range(r, 6.0f, 9.0f);
        b.vel[2] = sinf(a) * spread;
        b.size = rng_range(r, 0.15f, 0.35f);
        b.gravity = 1.0f;
        b.life = rng_range(r, 1.0f, 2.5f);
        b.frame_rate = BB_ANIM_FRAMES / b.life;
        b.color = sparky ? particles_rgba(1.0f, 0.8f, 0.4f, 1.0f) : particles_rgba(1.0f, 1.0f, 1.0f, 0.8f);
        b.align = sparky ? BB_ALIGN_VELOCITY : BB_ALIGN_SCREEN;
        if (!f->warm) {
            /* no drag, so the ballistic path is exact: place it where it would be by now */
            const float t = rng_range(r, 0.0f, b.life * 0.95f);
            b.age = t;
            b.phase = t * b.frame_rate;
            for (int k = 0; k < 3; k++) {
                b.pos[k] += b.vel[k] * t + 0.5f * p->gravity[k] * t * t;
                b.vel[k] += p->gravity[k] * t;
            }
        }
        particles_add(p, &b);
        n++;
    }
    f->warm = 1;
    return n;
}

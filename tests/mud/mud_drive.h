/* mud_drive.h — the mud gl tests' drive (gl_mud, gl_mud_churn, gl_mud_crest): the truck stepped at
 * 60 Hz, the GPU's layers fed as the app feeds them: every step queued (the tracks' drying, then
 * its primitives), every second step the renderer centred on the truck and the queue stamped (two
 * steps a frame, as the app at 30 fps), and no byte uploaded in any frame.
 *
 *   mud_drive d = {.throttle = 1.0f, .frames = 480, .stop_z = 31.5f};
 *   mud_drive_run(sim, mr, &d);   d.removed, d.draws, d.frames_run: what it did
 *
 * Include after testgl.h (cmocka's asserts). */
#ifndef IMPRINT_TESTS_MUD_DRIVE_H
#define IMPRINT_TESTS_MUD_DRIVE_H

#include "mud/core/mud_sim.h"
#include "mud/mud.h"

typedef struct mud_drive {
    float throttle;
    float steer;       /* from step steer_from on (0 straight) */
    int steer_from;
    int frames;        /* steps, at most */
    float stop_z;      /* > 0: stops at the first stamped frame with the truck past this z */
    /* out */
    double removed;    /* the mud's volume the steps removed (mud_sim_volume_last_step, summed) */
    long draws;        /* the GPU's stamp draws */
    int frames_run;
} mud_drive;

static inline void mud_drive_run(mud_sim *sim, mud_renderer *mr, mud_drive *d)
{
    d->removed = 0.0;
    d->draws = 0;
    for (d->frames_run = 0; d->frames_run < d->frames;) {
        const int f = d->frames_run++;
        mud_sim_step(sim, &(vehicle_input){.throttle = d->throttle, .steer = f >= d->steer_from ? d->steer : 0.0f}, 1.0f / 60.0f);
        d->removed += mud_sim_volume_last_step(sim);
        mud_renderer_queue_step(mr, sim);
        if (f % 2 == 0) continue; /* two steps per frame: the pass draws primitives in order */
        vec3 p;
        vehicle_position(mud_sim_vehicle(sim), p);
        mud_renderer_update(mr, p);
        mud_renderer_stamp(mr);
        d->draws += mud_renderer_get_stats(mr)->stamp_draws_frame;
        assert_true(mud_renderer_get_stats(mr)->upload_bytes_frame == 0);
        if (d->stop_z > 0.0f && p[2] > d->stop_z) break;
    }
}

#endif

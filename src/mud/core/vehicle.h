/* vehicle.h — the truck's physics: a rigid chassis on 4 or 6 raycast-suspension wheels (GL-free).
 *
 *   vehicle *v = vehicle_create(NULL);                   // defaults: 4000 kg 4x4 truck
 *   vehicle_ground g = { .fn = my_ground, .user = world };
 *   vehicle_place(v, x, z, heading_deg, &g);
 *   vehicle_step(v, &(vehicle_input){ .throttle = 1 }, &g, 1.0f / 60.0f);   // fixed step
 *   const vehicle_wheel *w = vehicle_wheel_at(v, 0);      // contact -> mud stamp
 *   vehicle_destroy(v);
 *
 * Frames: y up; heading rotates about +y, 0 faces +z, 90 faces +x. Body axes: +z forward,
 * +y up, +x left. Each step is split into fixed sub-steps (semi-implicit Euler); the same inputs
 * give the same trajectory bit for bit.
 *
 * The ground is a callback: at (x, z) it reports the base terrain height, the current mud
 * surface, the hard floor under the mud and the surface normal. A wheel on mud rests between
 * floor and surface (floor + mud_support * (surface - floor)), so where the tint says the ground
 * is softer (deeper floor) it sinks deeper; the mud in front of the tyre above its bottom
 * (penetration) adds rolling resistance and costs grip, so a deep soft patch slows the truck and
 * can stop it; more drive force than grip spins the wheel (slip, which throws clods).
 * Defaults are resolved in vehicle_create; every zero field of vehicle_desc means default.
 */
#ifndef IMPRINT_CORE_VEHICLE_H
#define IMPRINT_CORE_VEHICLE_H

#include <stdbool.h>
#include <cglm/cglm.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VEHICLE_MAX_WHEELS 6
#define VEHICLE_SUBSTEPS 4 /* per vehicle_step; an outside integrator sub-steps alike */

typedef struct vehicle_ground_hit {
    float base;      /* undisturbed terrain height */
    float surface;   /* current mud surface (base + mud) */
    float floor;     /* hard ground under the mud (== base where there is no mud) */
    float normal[3]; /* of the surface */
} vehicle_ground_hit;

typedef struct vehicle_ground {
    void (*fn)(void *user, float x, float z, vehicle_ground_hit *out);
    void *user;
} vehicle_ground;

typedef struct vehicle_desc {
    float mass;             /* kg; 4000 */
    int wheel_count;        /* 4 or 6; 4 */
    float wheel_radius;     /* 0.55 m */
    float wheel_width;      /* 0.42 m */
    float track_half;       /* half the distance between left and right wheels; 1.0 m */
    float wheelbase;        /* front to rear axle; 3.4 m */
    float rest_length;      /* suspension travel; 0.45 m */
    float spring, damper;   /* 65000 N/m, 8000 N s/m */
    float engine_force;     /* total at the wheels; 24000 N */
    float engine_power;     /* 160000 W */
    float brake_force;      /* total; 30000 N */
    float max_steer;        /* radians at the front wheels; 0.6 */
    float grip;             /* friction coefficient on firm ground; 0.9 */
    float mud_support;      /* 0..1, fraction of the mud depth that carries the tyre; 0.35 */
    float mud_resistance;   /* rolling resistance per (penetration / radius)^1.5; 0.9 */
    int tread_lugs;         /* lugs around the tyre (its model and its print in the mud); 6 */
    float tread_depth;      /* lug height, metres; 0.06; < 0: a smooth tyre (no tread, no print) */
} vehicle_desc;

typedef struct vehicle_input {
    float throttle; /* -1 reverse .. 1 forward */
    float steer;    /* -1 right .. 1 left */
    float brake;    /* 0..1 */
} vehicle_input;

typedef struct vehicle_wheel {
    float mount[3];       /* body space */
    float hub[3];         /* world */
    float forward[3];     /* world rolling direction (steered), in the ground plane */
    float velocity[3];    /* world velocity of the contact point */
    float steer;          /* radians */
    float spin;           /* accumulated rolling angle, radians (for drawing) */
    float compression;    /* metres */
    float penetration;    /* mud above the tyre bottom just ahead of it, metres */
    float sink;           /* base height minus tyre bottom, metres (>= 0) */
    float slip;           /* wheel surface speed minus ground speed, m/s */
    float spin_slip;      /* the slip the wheel's turning follows: its inertia smooths a one-step spike */
    float load;           /* N */
    bool contact;
    bool front;
} vehicle_wheel;

typedef struct vehicle vehicle;

/* NULL when memory runs out (logged). */
vehicle *vehicle_create(const vehicle_desc *desc);
void vehicle_destroy(vehicle *v);
const vehicle_desc *vehicle_get_desc(const vehicle *v);
/* Engine force at the wheels from the next step on (> 0; the panel's truck.engine_force). */
void vehicle_set_engine_force(vehicle *v, float newtons);

/* Puts the truck at rest on the ground at (x, z) facing heading_deg. */
void vehicle_place(vehicle *v, float x, float z, float heading_deg, const vehicle_ground *g);
void vehicle_step(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float dt);

/* An outside integrator (the mud scene's rigid-body world, mud/core/physics.h) moves the chassis
 * instead of vehicle_step. Per sub-step of h seconds: vehicle_set_state with the body's pose,
 * vehicle_forces, then the integrator applies force and torque (world, about the centre of mass,
 * gravity NOT included: the integrator has its own) and steps. vehicle_forces also updates the
 * wheels (hub, contact, sink, penetration, slip, load) exactly as vehicle_step does, so the mud
 * coupling is the same whoever integrates. vehicle_placements counts vehicle_place calls: a new
 * count means the truck was put somewhere and the integrator takes that pose. */
void vehicle_forces(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float h, vec3 force, vec3 torque);
void vehicle_set_state(vehicle *v, const vec3 pos, const versor rot, const vec3 vel, const vec3 angvel);
void vehicle_state(const vehicle *v, vec3 pos, versor rot, vec3 vel, vec3 angvel);
unsigned vehicle_placements(const vehicle *v);

void vehicle_position(const vehicle *v, vec3 out);
void vehicle_velocity(const vehicle *v, vec3 out);
float vehicle_speed(const vehicle *v);          /* signed along the body's forward axis, m/s */
float vehicle_heading(const vehicle *v);        /* degrees, 0 = +z */
float vehicle_sink(const vehicle *v);           /* mean tyre sink of wheels in contact, metres */
void vehicle_body_matrix(const vehicle *v, mat4 out);      /* body space -> world */
void vehicle_wheel_matrix(const vehicle *v, int i, mat4 out); /* wheel space (axle along x) -> world */
int vehicle_wheel_count(const vehicle *v);
const vehicle_wheel *vehicle_wheel_at(const vehicle *v, int i);

#ifdef __cplusplus
}
#endif

#endif

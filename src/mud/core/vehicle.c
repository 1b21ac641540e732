#include "mud/core/vehicle.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mathx.h"

#define GRAVITY 9.81f

struct vehicle {
    versor rot;          /* body -> world; first member keeps it 16-byte aligned */
    vec3 pos, vel, angvel;
    vec3 inv_inertia;    /* body space, diagonal */
    vehicle_desc d;
    vehicle_wheel wheels[VEHICLE_MAX_WHEELS];
    int n;
    unsigned placements; /* vehicle_place calls: an outside integrator takes the new pose */
};

static float def(float v, float d) { return v > 0.0f ? v : d; }

vehicle *vehicle_create(const vehicle_desc *desc)
{
    vehicle_desc d = desc ? *desc : (vehicle_desc){0};
    d.mass = def(d.mass, 4000.0f);
    d.wheel_count = d.wheel_count == 6 ? 6 : 4;
    d.wheel_radius = def(d.wheel_radius, 0.55f);
    d.wheel_width = def(d.wheel_width, 0.42f);
    d.track_half = def(d.track_half, 1.0f);
    d.wheelbase = def(d.wheelbase, 3.4f);
    d.rest_length = def(d.rest_length, 0.45f);
    d.spring = def(d.spring, 65000.0f);
    d.damper = def(d.damper, 8000.0f);
    d.engine_force = def(d.engine_force, 24000.0f);
    d.engine_power = def(d.engine_power, 160000.0f);
    d.brake_force = def(d.brake_force, 30000.0f);
    d.max_steer = def(d.max_steer, 0.6f);
    d.grip = def(d.grip, 0.9f);
    d.mud_support = def(d.mud_support, 0.35f);
    d.mud_resistance = def(d.mud_resistance, 0.9f);
    d.tread_lugs = d.tread_lugs > 0 ? d.tread_lugs : 6;
    d.tread_depth = d.tread_depth < 0.0f ? 0.0f : def(d.tread_depth, 0.06f);

    vehicle *v = aligned_alloc(16, (sizeof(vehicle) + 15) & ~(size_t)15);
    if (!v) {
        log_error("vehicle: out of memory");
        return NULL;
    }
    memset(v, 0, sizeof *v);
    v->d = d;
    v->n = d.wheel_count;
    glm_quat_identity(v->rot);
    /* box inertia of a 2.4 x 1.6 x 6 m truck */
    const float w = 2.4f, h = 1.6f, l = 6.0f;
    v->inv_inertia[0] = 12.0f / (d.mass * (h * h + l * l));
    v->inv_inertia[1] = 12.0f / (d.mass * (w * w + l * l));
    v->inv_inertia[2] = 12.0f / (d.mass * (w * w + h * h));
    int axles = v->n / 2;
    for (int i = 0; i < v->n; i++) {
        int axle = i / 2;
        vehicle_wheel *wh = &v->wheels[i];
        wh->mount[0] = (i & 1) ? -d.track_half : d.track_half;
        wh->mount[1] = -0.3f;
        wh->mount[2] = 0.5f * d.wheelbase - d.wheelbase * (float)axle / (float)(axles - 1);
        wh->front = axle == 0;
    }
    return v;
}

void vehicle_destroy(vehicle *v) { free(v); }
const vehicle_desc *vehicle_get_desc(const vehicle *v) { return &v->d; }

void vehicle_set_engine_force(vehicle *v, float newtons)
{
    assert(newtons > 0.0f);
    v->d.engine_force = newtons;
}

static float support_height(const vehicle *v, const vehicle_ground_hit *g)
{
    return g->floor + v->d.mud_support * (g->surface - g->floor);
}

void vehicle_place(vehicle *v, float x, float z, float heading_deg, const vehicle_ground *g)
{
    glm_quatv(v->rot, glm_rad(heading_deg), (vec3){0, 1, 0});
    v->placements++;
    float top = -1e9f;
    for (int i = 0; i < v->n; i++) {
        vec3 m;
        glm_quat_rotatev(v->rot, v->wheels[i].mount, m);
        vehicle_ground_hit hit;
        g->fn(g->user, x + m[0], z + m[2], &hit);
        top = fmaxf(top, support_height(v, &hit));
    }
    /* static sag: each wheel carries a quarter (or sixth) of the weight */
    float sag = v->d.mass * GRAVITY / (float)v->n / v->d.spring;
    glm_vec3_copy((vec3){x, top + v->d.wheel_radius + v->d.rest_length - sag + 0.3f, z}, v->pos);
    glm_vec3_zero(v->vel);
    glm_vec3_zero(v->angvel);
    for (int i = 0; i < v->n; i++) {
        v->wheels[i].compression = sag;
        v->wheels[i].steer = 0.0f;
        v->wheels[i].slip = 0.0f;
        v->wheels[i].spin_slip = 0.0f;
    }
}

static void apply_force(vec3 force, vec3 torque, const vec3 com, const vec3 at, const vec3 f)
{
    vec3 r, t;
    glm_vec3_add(force, (float *)f, force);
    glm_vec3_sub((float *)at, (float *)com, r);
    glm_vec3_cross(r, (float *)f, t);
    glm_vec3_add(torque, t, torque);
}

/* The wheels at the current pose: suspension, contact state, mud penetration, and the force and
 * torque (about the centre of mass) they apply to the chassis in this sub-step of h seconds,
 * added to force and torque. */
static void wheel_forces(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float h, vec3 force, vec3 torque)
{
    const vehicle_desc *d = &v->d;
    vec3 up, fwd_body;
    glm_quat_rotatev(v->rot, (vec3){0, 1, 0}, up);
    glm_quat_rotatev(v->rot, (vec3){0, 0, 1}, fwd_body);
    float wheel_mass = d->mass / (float)v->n;
    float speed = fabsf(glm_vec3_dot(v->vel, fwd_body));
    /* engine: constant force up to the power limit, shared by all wheels (4x4) */
    float drive_total = fminf(d->engine_force, d->engine_power / fmaxf(speed, 1.0f));
    float throttle = clampf(in->throttle, -1.0f, 1.0f);

    for (int i = 0; i < v->n; i++) {
        vehicle_wheel *w = &v->wheels[i];
        float target = w->front ? clampf(in->steer, -1.0f, 1.0f) * d->max_steer : 0.0f;
        w->steer += clampf(target - w->steer, -2.0f * h, 2.0f * h);

        vec3 mount;
        glm_quat_rotatev(v->rot, w->mount, mount);
        glm_vec3_add(mount, v->pos, mount);
        vehicle_ground_hit hit;
        g->fn(g->user, mount[0], mount[2], &hit);
        float ground = support_height(v, &hit);
        float len = (mount[1] - ground - d->wheel_radius) / fmaxf(up[1], 0.2f);
        float prev = w->compression;
        if (len >= d->rest_length) {
            len = d->rest_length;
            w->contact = false;
        } else {
            w->contact = true;
        }
        if (len < 0.0f) len = 0.0f; /* bump stop */
        w->compression = d->rest_length - len;
        glm_vec3_copy((vec3){mount[0] - up[0] * len, mount[1] - up[1] * len, mount[2] - up[2] * len}, w->hub);

        /* steered rolling direction projected on the ground plane */
        vec3 n = {hit.normal[0], hit.normal[1], hit.normal[2]}, wf, side;
        versor sq;
        glm_quatv(sq, w->steer, up);
        glm_quat_rotatev(sq, fwd_body, wf);
        glm_vec3_muladds(n, -glm_vec3_dot(wf, n), wf);
        glm_vec3_normalize(wf);
        glm_vec3_cross(n, wf, side);
        glm_vec3_copy(wf, w->forward);

        vec3 contact = {w->hub[0], w->hub[1] - d->wheel_radius, w->hub[2]}, r, vc;
        glm_vec3_sub(contact, v->pos, r);
        glm_vec3_cross(v->angvel, r, vc);
        glm_vec3_add(vc, v->vel, vc);
        glm_vec3_copy(vc, w->velocity);
        float v_long = glm_vec3_dot(vc, wf), v_lat = glm_vec3_dot(vc, side);

        float bottom = w->hub[1] - d->wheel_radius;
        w->sink = fmaxf(hit.base - bottom, 0.0f);
        /* the mud the tyre has to push: the surface just past the front of its contact patch */
        float reach = d->wheel_radius + 0.1f;
        float dir = fabsf(v_long) > 0.05f ? (v_long > 0 ? 1.0f : -1.0f) : (throttle >= 0 ? 1.0f : -1.0f);
        vehicle_ground_hit ahead;
        g->fn(g->user, w->hub[0] + wf[0] * dir * reach, w->hub[2] + wf[2] * dir * reach, &ahead);
        w->penetration = w->contact ? fmaxf(ahead.surface - bottom, 0.0f) : 0.0f;
        w->spin += v_long / d->wheel_radius * h;

        if (!w->contact) {
            w->load = 0.0f;
            w->slip = 0.0f;
            continue;
        }
        float load = fmaxf(d->spring * w->compression + d->damper * (w->compression - prev) / h, 0.0f);
        w->load = load;
        vec3 fs;
        glm_vec3_scale(up, load, fs);
        apply_force(force, torque, v->pos, w->hub, fs);

        float depth = clampf(w->penetration / d->wheel_radius, 0.0f, 1.0f);
        float mu = d->grip * (1.0f - 0.5f * clampf(w->penetration / 0.35f, 0.0f, 1.0f));
        float limit = mu * load;
        float drive = throttle * drive_total / (float)v->n;
        w->slip = 0.0f;
        if (fabsf(drive) > limit) {
            /* more torque than the ground takes: the wheel spins up */
            w->slip = copysignf(fminf((fabsf(drive) - limit) / fmaxf(limit, 1.0f) * 6.0f, 12.0f), drive);
            drive = copysignf(limit, drive);
        }
        /* the tyre turns with the slip through its inertia (0.15 s), so an unloaded wheel's
         * momentary spike does not jump its tread on (the tread prints, mud_prim_tread) */
        w->spin_slip += (w->slip - w->spin_slip) * fminf(h / 0.15f, 1.0f);
        w->spin += w->spin_slip / d->wheel_radius * h;
        /* resistances only ever stop the wheel, never push it backwards (static friction) */
        float stop = -v_long * wheel_mass / h;
        float roll = load * (0.02f + d->mud_resistance * depth * sqrtf(depth));
        float brake = clampf(in->brake, 0.0f, 1.0f) * d->brake_force / (float)v->n;
        float f_long = drive;
        float resist = clampf(stop - drive, -(roll + brake), roll + brake);
        f_long += resist;
        float f_lat = clampf(-v_lat * wheel_mass / h * 0.25f, -limit, limit);
        vec3 ft;
        glm_vec3_scale(wf, f_long, ft);
        glm_vec3_muladds(side, f_lat, ft);
        apply_force(force, torque, v->pos, contact, ft);
    }

    /* a little air drag keeps the integrator calm */
    glm_vec3_muladds(v->vel, -8.0f * glm_vec3_norm(v->vel), force);
}

static void substep(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float h)
{
    const vehicle_desc *d = &v->d;
    vec3 force = {0, -d->mass * GRAVITY, 0}, torque = {0, 0, 0};
    wheel_forces(v, in, g, h, force, torque);
    glm_vec3_muladds(force, h / d->mass, v->vel);
    vec3 tb, ab;
    versor inv;
    glm_quat_inv(v->rot, inv);
    glm_quat_rotatev(inv, torque, tb);
    glm_vec3_mul(tb, v->inv_inertia, ab);
    glm_quat_rotatev(v->rot, ab, ab);
    glm_vec3_muladds(ab, h, v->angvel);
    glm_vec3_scale(v->angvel, 1.0f - 0.8f * h, v->angvel);
    glm_vec3_muladds(v->vel, h, v->pos);
    float wlen = glm_vec3_norm(v->angvel);
    if (wlen > 1e-9f) {
        versor dq, q;
        glm_quatv(dq, wlen * h, v->angvel);
        glm_quat_mul(dq, v->rot, q);
        glm_quat_normalize_to(q, v->rot);
    }
}

void vehicle_step(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float dt)
{
    assert(dt > 0.0f && g && g->fn);
    for (int s = 0; s < VEHICLE_SUBSTEPS; s++) substep(v, in, g, dt / VEHICLE_SUBSTEPS);
}

void vehicle_forces(vehicle *v, const vehicle_input *in, const vehicle_ground *g, float h, vec3 force, vec3 torque)
{
    assert(h > 0.0f && g && g->fn);
    glm_vec3_zero(force);
    glm_vec3_zero(torque);
    wheel_forces(v, in, g, h, force, torque);
}

void vehicle_set_state(vehicle *v, const vec3 pos, const versor rot, const vec3 vel, const vec3 angvel)
{
    glm_vec3_copy((float *)pos, v->pos);
    glm_quat_normalize_to((float *)rot, v->rot);
    glm_vec3_copy((float *)vel, v->vel);
    glm_vec3_copy((float *)angvel, v->angvel);
}

void vehicle_state(const vehicle *v, vec3 pos, versor rot, vec3 vel, vec3 angvel)
{
    glm_vec3_copy((float *)v->pos, pos);
    glm_quat_copy((float *)v->rot, rot);
    glm_vec3_copy((float *)v->vel, vel);
    glm_vec3_copy((float *)v->angvel, angvel);
}

unsigned vehicle_placements(const vehicle *v) { return v->placements; }

void vehicle_position(const vehicle *v, vec3 out) { glm_vec3_copy((float *)v->pos, out); }
void vehicle_velocity(const vehicle *v, vec3 out) { glm_vec3_copy((float *)v->vel, out); }

float vehicle_speed(const vehicle *v)
{
    vec3 f;
    glm_quat_rotatev((float *)v->rot, (vec3){0, 0, 1}, f);
    return glm_vec3_dot(f, (float *)v->vel);
}

float vehicle_heading(const vehicle *v)
{
    vec3 f;
    glm_quat_rotatev((float *)v->rot, (vec3){0, 0, 1}, f);
    return glm_deg(atan2f(f[0], f[2]));
}

float vehicle_sink(const vehicle *v)
{
    float sum = 0.0f;
    int n = 0;
    for (int i = 0; i < v->n; i++)
        if (v->wheels[i].contact) {
            sum += v->wheels[i].sink;
            n++;
        }
    return n ? sum / (float)n : 0.0f;
}

void vehicle_body_matrix(const vehicle *v, mat4 out)
{
    glm_quat_mat4((float *)v->rot, out);
    glm_vec3_copy((float *)v->pos, out[3]);
}

void vehicle_wheel_matrix(const vehicle *v, int i, mat4 out)
{
    assert(i >= 0 && i < v->n);
    const vehicle_wheel *w = &v->wheels[i];
    mat4 body, steer, spin;
    glm_quat_mat4((float *)v->rot, body);
    glm_vec3_copy((float *)w->hub, body[3]);
    glm_rotate_make(steer, w->steer, (vec3){0, 1, 0});
    glm_rotate_make(spin, w->spin, (vec3){1, 0, 0});
    glm_mat4_mul(body, steer, out);
    glm_mat4_mul(out, spin, out);
}

int vehicle_wheel_count(const vehicle *v) { return v->n; }

const vehicle_wheel *vehicle_wheel_at(const vehicle *v, int i)
{
    assert(i >= 0 && i < v->n);
    return &v->wheels[i];
}

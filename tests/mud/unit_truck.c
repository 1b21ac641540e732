/* The truck's art pass: the tyre's tread prints in the ruts with the tread's spacing (the lug
 * coordinate kept in the texels' R, along the rut of the CPU field, its strongest period), and not
 * in the heights (a treaded rut's heights are a smooth tyre's); a smooth tyre prints nothing; the
 * dirt mask grows with slip and sink, not on hard ground, stays in 0..1 and is deterministic;
 * the model has its parts where a truck has them. */
#define _DEFAULT_SOURCE /* M_PI */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "mud/core/mud_prim.h"
#include "mud/core/mud_sim.h"
#include "damage/core/damage_surface.h"
#include "mud/core/truck_atlas.h"
#include "mud/core/truck_dirt.h"
#include "mud/core/truck_model.h"

#define RUT_MAX 256

static mud_sim *flat_sim(float softness, float mud)
{
    return mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = softness, .flat_mud = mud}});
}

/* Mud heights along the texel column through x, from z0 to z1 (one per texel). */
static int rut_profile(const mudfield *mf, float x, float z0, float z1, float *h)
{
    int gx = (int)floorf(x / MUDFIELD_SPACING + 0.5f), n = 0;
    for (int gz = (int)ceilf(z0 / MUDFIELD_SPACING); gz * MUDFIELD_SPACING <= z1 && n < RUT_MAX; gz++)
        h[n++] = mudfield_mud_height(mf, (float)gx * MUDFIELD_SPACING, (float)gz * MUDFIELD_SPACING);
    return n;
}

/* The lugs along the texel column through x, from z0 to z1: 1 under a lug (the lug coordinate
 * of the texel's R within 0.3 of a whole number, as the shader draws it), 0 in a groove or where
 * nothing is printed; *printed counts the texels with a print. */
static int rut_lugs(const mudfield *mf, float x, float z0, float z1, float *l, int *printed)
{
    int gx = (int)floorf(x / MUDFIELD_SPACING + 0.5f), n = 0, bx = gx / (MUDFIELD_RES - 1);
    *printed = 0;
    for (int gz = (int)ceilf(z0 / MUDFIELD_SPACING); gz * MUDFIELD_SPACING <= z1 && n < RUT_MAX; gz++) {
        int bz = gz / (MUDFIELD_RES - 1);
        const uint8_t *px = mudfield_block_texels(mf, bx, bz);
        int r = px ? px[4 * ((gz - bz * (MUDFIELD_RES - 1)) * MUDFIELD_RES + gx - bx * (MUDFIELD_RES - 1))] : 0;
        float c = (float)(r - 1) / 255.0f, e = fabsf(c - floorf(c + 0.5f));
        l[n++] = r ? fminf(fmaxf((0.3f - e) * 6.0f, 0.0f), 1.0f) : 0.0f;
        *printed += r != 0;
    }
    return n;
}

/* The period (in samples, 2.2 to 12) of the strongest sinusoid in the profile: a fine scan of
 * its Fourier transform (the print's period is not a whole number of texels);
 * *strength = the share of the profile's variance that sinusoid explains (0..1). */
static float profile_period(const float *h, int n, float *strength)
{
    double mean = 0, var = 0;
    for (int i = 0; i < n; i++) mean += h[i];
    mean /= n;
    for (int i = 0; i < n; i++) var += (h[i] - mean) * (h[i] - mean);
    double best_p = 0, best = -1;
    for (double p = 2.2; p <= 12.0; p += 0.005) {
        double re = 0, im = 0;
        for (int i = 0; i < n; i++) {
            re += (h[i] - mean) * cos(2 * M_PI * i / p);
            im += (h[i] - mean) * sin(2 * M_PI * i / p);
        }
        double pw = re * re + im * im;
        if (pw > best) best = pw, best_p = p;
    }
    *strength = var > 0 ? (float)(2.0 * best / (n * var)) : 0.0f;
    return (float)best_p;
}

/* The amplitude (metres) of the strongest sinusoid in the profile with a period between p0 and p1
 * samples, after the profile's straight trend is taken out. */
static float band_amplitude(const float *h, int n, float p0, float p1)
{
    double mi = (n - 1) / 2.0, my = 0, sxy = 0, sxx = 0;
    for (int i = 0; i < n; i++) my += h[i];
    my /= n;
    for (int i = 0; i < n; i++) sxy += (i - mi) * (h[i] - my), sxx += (i - mi) * (i - mi);
    double slope = sxy / sxx, best = 0;
    for (double p = p0; p <= p1; p += 0.005) {
        double re = 0, im = 0;
        for (int i = 0; i < n; i++) {
            double d = h[i] - my - slope * (i - mi);
            re += d * cos(2 * M_PI * i / p);
            im += d * sin(2 * M_PI * i / p);
        }
        best = fmax(best, 2.0 * sqrt(re * re + im * im) / n);
    }
    return (float)best;
}

static void tread_prints_with_its_spacing(void **state)
{
    (void)state;
    mud_sim *s = flat_sim(0.3f, 1.0f);
    mud_sim_place_truck(s, 64.0f, 20.0f, 0.0f);
    float slip = 0.0f;
    for (int f = 0; f < 300; f++) {
        mud_sim_step(s, &(vehicle_input){.throttle = 0.35f}, 1.0f / 60.0f);
        slip = fmaxf(slip, fabsf(vehicle_wheel_at(mud_sim_vehicle(s), 1)->slip));
    }
    print_message("max slip %.3f m/s\n", (double)slip);
    const vehicle *v = mud_sim_vehicle(s);
    const vehicle_desc *d = vehicle_get_desc(v);
    const vehicle_wheel *w = vehicle_wheel_at(v, 1); /* a rear wheel: its rut is the one both wheels left */
    float h[RUT_MAX], l[RUT_MAX], strength;
    int printed, n = rut_lugs(mud_sim_field(s), w->hub[0], 21.0f, w->hub[2] - 1.5f, l, &printed);
    assert_true(n > 60 && printed > 0.9f * (float)n);
    float period = profile_period(l, n, &strength) * MUDFIELD_SPACING;
    float spacing = 2.0f * GLM_PIf * d->wheel_radius / (float)d->tread_lugs;
    /* the heights along the same rut: no lugs (they were 6 cm steps): under 2 mm at any period
     * from 0.6 to 1.05 x the spacing */
    rut_profile(mud_sim_field(s), w->hub[0], 21.0f, w->hub[2] - 1.5f, h);
    float amp = band_amplitude(h, n, 0.6f * spacing / MUDFIELD_SPACING, 1.05f * spacing / MUDFIELD_SPACING);
    print_message("rut along z: %d texels, %d printed, period %.3f m (tread spacing %.3f m), variance share %.2f; "
                  "heights at the lugs' periods %.4f m\n", n, printed, (double)period, (double)spacing, (double)strength, (double)amp);
    assert_float_equal(period, spacing, 0.1f * spacing);
    assert_true(strength > 0.25f);
    assert_true(amp < 0.002f);
    mud_sim_destroy(s);
}

/* The same stamps by a smooth tyre and a treaded twin: the same heights texel for texel (the
 * tread is drawn, not dug), the smooth tyre prints nothing, the treaded one its spacing. */
static void smooth_tyre_leaves_no_pattern(void **state)
{
    (void)state;
    mud_sim *s = flat_sim(0.5f, 1.0f);
    mudfield *mf = mud_sim_field(s);
    for (int k = 0; k < 200; k++) {
        float z = 24.0f + 0.05f * (float)k;
        mudfield_wheel w = {.center = {64.0f, 4.0f + 0.55f - 0.2f, z}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1},
                            .velocity = {0, 3}, .penetration = 0.2f};
        mudfield_wheel t = w; /* the treaded twin, 16 m to the east: 127 texels, the same grid */
        t.center[0] = 80.0f;
        t.tread_spacing = 0.43f, t.tread_depth = 0.05f, t.tread_phase = 0.05f * (float)k; /* rolling: the print stays put */
        mudfield_stamp(mf, &w);
        mudfield_stamp(mf, &t);
    }
    float h[RUT_MAX], ht[RUT_MAX], l[RUT_MAX], strength;
    int printed, n = rut_profile(mf, 64.0f, 25.0f, 33.0f, h);
    assert_int_equal(rut_profile(mf, 80.0f, 25.0f, 33.0f, ht), n);
    float dmax = 0.0f, depth = 0.0f;
    for (int i = 0; i < n; i++) dmax = fmaxf(dmax, fabsf(h[i] - ht[i])), depth = fminf(depth, h[i]);
    rut_lugs(mf, 64.0f, 25.0f, 33.0f, l, &printed);
    assert_int_equal(printed, 0);
    rut_lugs(mf, 80.0f, 25.0f, 33.0f, l, &printed);
    float period = profile_period(l, n, &strength) * MUDFIELD_SPACING;
    print_message("rut %.3f m deep; treaded vs smooth heights: max %.4f m; treaded: %d of %d printed, period %.3f m, variance share %.2f\n",
                  (double)depth, (double)dmax, printed, n, (double)period, (double)strength);
    assert_true(depth < -0.1f && dmax < 1e-6f);
    assert_true(printed == n && strength > 0.5f);
    assert_float_equal(period, 0.43f, 0.043f); /* the stamps' tread: its spacing */
    mud_sim_destroy(s);
}

/* Drives the sim for frames at a throttle, stepping the splat source with it; the splats summed
 * into a hash (positions to the millimetre), how many, and how many were tyre-high or lower. */
typedef struct dirt_run {
    long long splats, low, high, tread;
    uint64_t hash;
} dirt_run;

static dirt_run drive_dirty(mud_sim *s, truck_dirt *td, float throttle, int frames, long long *counts)
{
    const vehicle *v = mud_sim_vehicle(s);
    const vehicle_desc *d = vehicle_get_desc(v);
    truck_dirt_init(td, d, 7);
    dirt_run r = {.hash = 1469598103934665603ULL};
    for (int f = 0; f < frames; f++) {
        mud_sim_step(s, &(vehicle_input){.throttle = throttle}, 1.0f / 60.0f);
        truck_dirt_step(td, v, 1.0f / 60.0f);
        mat4 body, inv;
        vehicle_body_matrix(v, body);
        glm_mat4_inv_fast(body, inv);
        for (int i = 0; i < td->splats; i++) {
            const truck_splat *sp = &td->splat[i];
            vec3 b;
            glm_mat4_mulv3(inv, (float *)sp->pos, 1.0f, b);
            r.low += b[1] < 0.0f, r.high += b[1] > 0.5f;
            for (int w = 0; w < vehicle_wheel_count(v); w++) {
                const float *hub = vehicle_wheel_at(v, w)->hub;
                const float dx = sp->pos[0] - hub[0], dy = sp->pos[1] - hub[1], dz = sp->pos[2] - hub[2];
                const float dd = sqrtf(dy * dy + dz * dz);
                r.tread += fabsf(dx) < d->wheel_width && fabsf(dd - d->wheel_radius) < 0.02f;
            }
            for (int k = 0; k < 3; k++) r.hash = (r.hash ^ (uint64_t)(int64_t)lroundf(sp->pos[k] * 1000.0f)) * 1099511628211ULL;
        }
        r.splats += td->splats;
        if (counts) counts[f] = r.splats;
    }
    return r;
}

static void dirt_splats_in_mud_and_not_on_hard_ground(void **state)
{
    (void)state;
    static long long n[240];
    truck_dirt td;
    mud_sim *mud = flat_sim(0.5f, 1.0f);
    mud_sim_place_truck(mud, 64.0f, 20.0f, 0.0f);
    const dirt_run a = drive_dirty(mud, &td, 1.0f, 240, n);
    print_message("truck splats after 1, 2, 4 s in mud: %lld %lld %lld; on the treads %lld, body low %lld, high %lld\n", n[59], n[119],
                  n[239], a.tread, a.low, a.high);
    assert_true(n[59] > 5 && n[239] > 2 * n[59]);
    assert_true(a.tread > a.splats / 4 && a.low > 3 * a.high); /* tyres and low on the body the most */
    assert_int_equal(td.dropped, 0);
    /* the same drive again: the same splats */
    mud_sim *mud2 = flat_sim(0.5f, 1.0f);
    mud_sim_place_truck(mud2, 64.0f, 20.0f, 0.0f);
    const dirt_run b = drive_dirty(mud2, &td, 1.0f, 240, NULL);
    assert_true(a.splats == b.splats && a.hash == b.hash);
    /* a hit is a splat where it hit */
    truck_dirt_clean(&td);
    truck_dirt_hit(&td, (float[3]){1, 2, 3}, 0.1f);
    assert_int_equal(td.splats, 1);
    assert_float_equal(td.splat[0].pos[1], 2.0f, 0.0f);
    /* hard ground (no mud, no softness) and parked in mud: nothing */
    mud_sim *hard = flat_sim(0.0f, 0.0f);
    mud_sim_place_truck(hard, 64.0f, 20.0f, 0.0f);
    assert_int_equal(drive_dirty(hard, &td, 1.0f, 240, NULL).splats, 0);
    mud_sim_place_truck(mud, 40.0f, 20.0f, 0.0f);
    assert_true(drive_dirty(mud, &td, 0.0f, 120, NULL).splats <= 2);
    mud_sim_destroy(mud);
    mud_sim_destroy(mud2);
    mud_sim_destroy(hard);
}

/* A wheel's spray that flies into the truck splats where it enters (arches, frame, the next
 * tyre); spray thrown away from it splats nothing. */
static void spray_splats_where_it_hits_the_truck(void **state)
{
    (void)state;
    truck_dirt td;
    mud_sim *mud = flat_sim(0.5f, 1.0f);
    mud_sim_place_truck(mud, 64.0f, 20.0f, 0.0f);
    for (int f = 0; f < 30; f++) mud_sim_step(mud, &(vehicle_input){0}, 1.0f / 60.0f); /* settled */
    const vehicle *v = mud_sim_vehicle(mud);
    const vehicle_desc *d = vehicle_get_desc(v);
    truck_dirt_init(&td, d, 7);
    mat4 body, inv;
    vehicle_body_matrix(v, body);
    glm_mat4_inv_fast(body, inv);
    vec3 fwd;
    glm_mat4_mulv3(body, (vec3){0, 0, 1}, 0.0f, fwd);
    /* the front wheel with the larger z (forward is +z in body space) spinning forwards: its spray
     * leaves behind its contact, backwards at 6 m/s, as scene_mud.c's throws it */
    int front = 0;
    for (int i = 1; i < vehicle_wheel_count(v); i++)
        if (vehicle_wheel_at(v, i)->mount[2] > vehicle_wheel_at(v, front)->mount[2]) front = i;
    const vehicle_wheel *w = vehicle_wheel_at(v, front);
    float at[3], vel[3];
    for (int k = 0; k < 3; k++) at[k] = w->hub[k] - fwd[k] * 0.7f * d->wheel_radius, vel[k] = -6.0f * fwd[k];
    at[1] = w->hub[1] - d->wheel_radius + 0.1f;
    const int n = truck_dirt_spray(&td, v, at, vel, 1000);
    print_message("spray into the truck: %d of 1000 particles hit, %d splats\n", n, td.splats);
    assert_true(n > 20 && n < 1000);
    assert_int_equal(td.spray_hits, n);
    assert_int_equal(td.splats, n < TRUCK_DIRT_MAX_SPLATS ? n : TRUCK_DIRT_MAX_SPLATS);
    for (int i = 0; i < td.splats; i++) { /* small, on the truck: behind the wheel, above the rails' bottom */
        vec3 b;
        glm_mat4_mulv3(inv, td.splat[i].pos, 1.0f, b);
        assert_true(td.splat[i].radius >= TRUCK_SPRAY_RADIUS_MIN && td.splat[i].radius <= TRUCK_SPRAY_RADIUS_MAX);
        assert_true(b[1] >= TRUCK_DIRT_BELLY_Y && b[2] < w->mount[2]);
    }
    /* the same wheel spinning backwards: its spray flies forwards, away from the truck */
    truck_dirt_clean(&td);
    for (int k = 0; k < 3; k++) at[k] = w->hub[k] + fwd[k] * 0.7f * d->wheel_radius, vel[k] = 6.0f * fwd[k];
    at[1] = w->hub[1] - d->wheel_radius + 0.1f;
    assert_int_equal(truck_dirt_spray(&td, v, at, vel, 1000), 0);
    assert_int_equal(td.splats, 0);
    mud_sim_destroy(mud);
}

/* The atlas: every rule damage_map_create holds a surface to, no two charts on one texel, every
 * triangle kept, and a useful density. */
static void atlas_lays_out_the_whole_truck(void **state)
{
    (void)state;
    vehicle *veh = vehicle_create(NULL);
    assert_non_null(veh);
    const vehicle_desc d = *vehicle_get_desc(veh);
    vehicle_destroy(veh);
    for (int boxes = 0; boxes < 2; boxes++) {
        truck_model tm;
        if (boxes) truck_model_build_boxes(&tm, &d);
        else truck_model_build(&tm, &d);
        truck_atlas ta;
        assert_true(truck_atlas_build(&ta, &tm, d.wheel_count, 512));
        assert_int_equal(ta.mesh_count, TRUCK_BODY_PARTS + d.wheel_count * TRUCK_WHEEL_PARTS);
        damage_mesh dm[TRUCK_ATLAS_MESHES];
        for (int i = 0; i < ta.mesh_count; i++) {
            const mesh_data *m = &ta.mesh[i];
            const mesh_data *src = i < TRUCK_BODY_PARTS ? &tm.body[i].mesh : &tm.wheel[(i - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS].mesh;
            assert_int_equal(m->index_count, src->index_count);
            dm[i] = (damage_mesh){.positions = (const float(*)[3])m->pos, .uvs = (const float(*)[2])m->uv, .charts = ta.chart[i],
                                  .indices = m->idx, .vertex_count = m->vertex_count, .index_count = m->index_count};
            for (int k = 0; k < m->vertex_count; k++) assert_true(m->uv[k][0] > 0.0f && m->uv[k][0] < 1.0f && m->uv[k][1] > 0.0f && m->uv[k][1] < 1.0f);
        }
        char why[160] = "";
        assert_true(damage_surface_check(dm, ta.mesh_count, 512, ta.chart_count, 0, why, sizeof why));
        static int16_t grid[512 * 512];
        assert_int_equal(damage_surface_grid(dm, ta.mesh_count, 512, grid), 0);
        print_message("truck atlas (%s): %d charts at %.1f texels a metre\n", boxes ? "boxes" : "detailed", ta.chart_count, (double)ta.density);
        assert_true(ta.density > 20.0f); /* 512²: about 24 (4 cm texels) */
        truck_atlas_free(&ta);
        truck_model_free(&tm);
    }
}

static void model_has_a_trucks_parts(void **state)
{
    (void)state;
    vehicle *v = vehicle_create(NULL);
    const vehicle_desc *d = vehicle_get_desc(v);
    truck_model tm;
    truck_model_build(&tm, d);
    vec3 lo, hi, clo, chi;
    mesh_bounds(&tm.body[TRUCK_CAB].mesh, clo, chi);
    mesh_bounds(&tm.body[TRUCK_GLASS].mesh, lo, hi);
    assert_true(lo[1] > 0.5f && hi[1] < chi[1]); /* windows above the belt line, under the roof */
    mesh_bounds(&tm.body[TRUCK_LIGHTS].mesh, lo, hi);
    assert_true(hi[2] > chi[2] - 0.2f);          /* head lights at the front */
    mesh_bounds(&tm.body[TRUCK_TAIL].mesh, lo, hi);
    assert_true(lo[2] < -2.0f);                  /* tail lights at the back */
    for (int k = 0; k < 3; k++) assert_true(tm.body[TRUCK_LIGHTS].emissive[k] > 1.0f || k == 2); /* HDR: bloom takes them */
    assert_true(tm.body[TRUCK_TAIL].emissive[0] > 1.0f);
    mesh_bounds(&tm.body[TRUCK_TRIM].mesh, lo, hi);
    assert_true(hi[0] > d->track_half + 0.5f * d->wheel_width); /* mudguards cover the tyres' width */
    /* the tyre's lowest points (spin 0) are lug 0's, around z = 0, its ends turned by the chevron:
     * where mud_prim_tread prints lug 0 under the hub */
    const mesh_data *ty = &tm.wheel[TRUCK_TYRE].mesh;
    float spacing = 2.0f * GLM_PIf * d->wheel_radius / (float)d->tread_lugs;
    int bottom = 0;
    for (int i = 0; i < ty->vertex_count; i++) {
        const float *p = ty->pos[i];
        if (p[1] > -(d->wheel_radius - 0.01f)) continue;
        bottom++;
        assert_true(fabsf(p[2] + MUDFIELD_TREAD_CHEVRON * fabsf(p[0])) < 0.25f * spacing + 0.03f);
    }
    assert_true(bottom >= 8);
    /* the box model: one box per part */
    truck_model boxes;
    truck_model_build_boxes(&boxes, d);
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) {
        assert_int_equal(boxes.body[i].mesh.index_count, 36);
        assert_true(tm.body[i].mesh.index_count > 36 || i == TRUCK_GLASS || i == TRUCK_TAIL);
    }
    truck_model_free(&boxes);
    truck_model_free(&tm);
    vehicle_destroy(v);
}

/* The wheel reads as a tyre from any side: near-black matte rubber round a rim that is darker
 * than a pale disc and leaves the tyre at least 40 % of the radius; the sidewall rounds (its
 * normals turn from the axle's direction towards the tread) instead of being one flat disc that
 * takes a single shade, and it bulges past the tread's edges. */
static void wheel_reads_as_a_tyre(void **state)
{
    (void)state;
    vehicle *v = vehicle_create(NULL);
    const vehicle_desc *d = vehicle_get_desc(v);
    truck_model tm;
    truck_model_build(&tm, d);
    const truck_part *tyre = &tm.wheel[TRUCK_TYRE], *rim = &tm.wheel[TRUCK_RIM];
    float luma_t = 0.2126f * tyre->color[0] + 0.7152f * tyre->color[1] + 0.0722f * tyre->color[2];
    float luma_r = 0.2126f * rim->color[0] + 0.7152f * rim->color[1] + 0.0722f * rim->color[2];
    assert_true(luma_t < 0.04f && tyre->spec <= 0.08f);
    assert_true(luma_r > 2.0f * luma_t && luma_r < 0.3f && rim->spec <= 0.4f);
    vec3 lo, hi;
    mesh_bounds(&rim->mesh, lo, hi);
    assert_true(hi[1] <= 0.6f * d->wheel_radius);
    /* the carcass's side: vertices outside the tread's edges between the rim and the tread */
    const mesh_data *ty = &tyre->mesh;
    float nx_lo = 1.0f, nx_hi = 0.0f, side = 0.0f;
    for (int i = 0; i < ty->vertex_count; i++) {
        const float *p = ty->pos[i], *n = ty->nrm[i];
        float rad = sqrtf(p[1] * p[1] + p[2] * p[2]);
        if (rad < hi[1] || rad > d->wheel_radius - d->tread_depth - 0.02f || fabsf(p[0]) < 0.35f * d->wheel_width) continue;
        float nx = fabsf(n[0]) / sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        nx_lo = fminf(nx_lo, nx);
        nx_hi = fmaxf(nx_hi, nx);
        side = fmaxf(side, fabsf(p[0]));
    }
    assert_true(nx_hi > 0.9f && nx_lo < 0.6f);
    assert_true(side > 0.5f * d->wheel_width + 0.01f);
    truck_model_free(&tm);
    vehicle_destroy(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tread_prints_with_its_spacing),
        cmocka_unit_test(smooth_tyre_leaves_no_pattern),
        cmocka_unit_test(dirt_splats_in_mud_and_not_on_hard_ground),
        cmocka_unit_test(spray_splats_where_it_hits_the_truck),
        cmocka_unit_test(atlas_lays_out_the_whole_truck),
        cmocka_unit_test(model_has_a_trucks_parts),
        cmocka_unit_test(wheel_reads_as_a_tyre),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

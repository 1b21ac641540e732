// bb_common.glsl — billboard uniforms, atlas animation and alignment shared by the batchers'
// shaders. bb_frame() is mirrored on the CPU by bb_anim_frame_phase() (src/bb/core/bb_anim.c),
// the corner expansion by bb_corners() (src/bb/core/bb_batch.c, batcher C); gl tests check that
// they agree.

uniform mat4 u_view;
uniform mat4 u_proj;
uniform float u_stretch; // seconds of motion a velocity-aligned billboard is stretched by

const int BB_COLS = 8;
const int BB_FRAMES = 64;
const float BB_VEL_MAX = 64.0; // m/s at full scale of the record's snorm16 velocity
const int BB_ALIGN_SCREEN = 0;
const int BB_ALIGN_VIEWPOINT = 1;
const int BB_ALIGN_VELOCITY = 2;

// Cell shown `phase` frames after `start`; blend is the weight of the following cell.
int bb_frame(float phase, int start, bool loop, out float blend)
{
    float whole = floor(phase);
    blend = phase - whole;
    int f = int(whole) + start;
    if (loop) {
        f = f % BB_FRAMES;
    } else if (f >= BB_FRAMES - 1) {
        f = BB_FRAMES - 1;
        blend = 0.0;
    }
    return f;
}

// uv of a quad corner (c in [-0.5, 0.5]^2) inside cell f; textures are stored bottom row first.
vec2 bb_cell_uv(int f, vec2 c)
{
    vec2 cell = vec2(float(f % BB_COLS), float(BB_COLS - 1 - f / BB_COLS));
    return (cell + c + 0.5) / float(BB_COLS);
}

// Velocity seen on the screen, in metres per second at the billboard's depth: the view-space
// velocity minus the part that only moves it along its line of sight.
vec2 bb_projected_velocity(vec3 centre, vec3 vel)
{
    return vel.xy - centre.xy * (vel.z / centre.z);
}

// In-plane offset of corner c: x along `axis` (a unit vector) over `along`, y across over `size`.
vec2 bb_plane(vec2 c, vec2 axis, float along, float size)
{
    return axis * (c.x * along) + vec2(-axis.y, axis.x) * (c.y * size);
}

// View-space offset of an in-plane offset o: the view plane, or (view-point alignment) the
// plane facing the camera's position, upright in the world.
vec3 bb_offset(vec3 centre, vec2 o, int align)
{
    if (align != BB_ALIGN_VIEWPOINT) return vec3(o, 0.0);
    vec3 n = normalize(-centre);
    vec3 right = cross(mat3(u_view)[1], n);
    float l = length(right);
    right = l > 1e-5 ? right / l : vec3(1.0, 0.0, 0.0);
    return right * o.x + cross(n, right) * o.y;
}

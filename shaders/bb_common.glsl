// bb_common.glsl — billboard uniforms, atlas animation and alignment shared by the batchers'
// shaders. bb_frame() is mirrored on the CPU by bb_anim_frame_phase() (src/bb/core/bb_anim.c),
// the corner expansion by bb_corners() (src/bb/core/bb_batch.c, batcher C); gl tests check that
// they agree.

uniform mat4 u_view;
uniform mat4 u_proj;
uniform float u_stretch; // seconds of motion a velocity-aligned billboard is stretched by
uniform vec3 u_gain[8];   // per atlas layer: emission, or the ambient of a lit layer (never shadowed)
uniform vec3 u_sun[8];    // per atlas layer: the sun's part of a lit layer's light (0: emissive)
uniform ivec2 u_grid[8];  // per atlas layer: columns and rows of its frames (8 x 8 by default)
uniform mat4 u_light_viewproj;        // world to the shadow map's clip space
uniform sampler2DShadow u_shadow_map; // GFX_UNIT_SHADOW (the loader binds it)
uniform int u_shadowed;               // 0: no shadow map, the sun reaches every billboard

const float BB_VEL_MAX = 64.0; // m/s at full scale of the record's snorm16 velocity
const int BB_ALIGN_SCREEN = 0;
const int BB_ALIGN_VIEWPOINT = 1;
const int BB_ALIGN_VELOCITY = 2;

// Cell shown `phase` frames after `start` in an atlas of `frames` cells; blend is the weight of
// the following cell.
int bb_frame(float phase, int start, bool loop, int frames, out float blend)
{
    float whole = floor(phase);
    blend = phase - whole;
    int f = int(whole) + start;
    if (loop) {
        f = f % frames;
    } else if (f >= frames - 1) {
        f = frames - 1;
        blend = 0.0;
    }
    return f;
}

// uv of a quad corner (c in [-0.5, 0.5]^2) inside cell f of a grid of columns x rows, read row
// by row from the image's top-left; textures are stored bottom row first.
vec2 bb_cell_uv(int f, vec2 c, ivec2 grid)
{
    vec2 cell = vec2(float(f % grid.x), float(grid.y - 1 - f / grid.x));
    return (cell + c + 0.5) / vec2(grid);
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

// Fraction of the sun that reaches a world point: five PCF taps of the shadow map (each a
// bilinear compare), 1.5 texels apart, so a puff crossing a shadow's edge dims gradually. A
// billboard is a volume, not a surface: no normal offset, only a small depth bias.
float bb_sun_visible(vec3 world)
{
    vec4 ls = u_light_viewproj * vec4(world, 1.0);
    vec3 c = ls.xyz / ls.w * 0.5 + 0.5;
    if (c.z >= 1.0 || any(lessThan(c.xy, vec2(0.0))) || any(greaterThan(c.xy, vec2(1.0)))) return 1.0;
    float d = 1.5 / float(textureSize(u_shadow_map, 0).x);
    float z = c.z - 0.0015;
    float sum = texture(u_shadow_map, vec3(c.xy, z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(d, d), z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(-d, d), z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(d, -d), z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(-d, -d), z));
    return sum * 0.2;
}

// Light of a billboard of atlas `layer` at world point `world` (its centre, or for batcher C its
// corner): emission as it is; lit layers get ambient + sun x the shadow map's visibility.
vec3 bb_light(vec3 world, int layer)
{
    vec3 sun = u_sun[layer];
    if (u_shadowed == 0 || sun == vec3(0.0)) return u_gain[layer] + sun;
    return u_gain[layer] + sun * bb_sun_visible(world);
}

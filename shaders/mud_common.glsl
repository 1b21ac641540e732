// mud_common.glsl — unpacking of the mud level's textures; mirrors core/terrain.h and core/mudfield.h.
// Base terrain (one texture for the level, shared border samples): R height, G grass, B softness, A mud mask.
// Mud (texture arrays, one 128x128 layer per resident block): RGBA8 R the tread print (0 none,
// else 1 + 255ths of the lug coordinate: mudfield_tread_byte), GB slide, A track; RG8 the 16-bit
// height over the base, H = R * 256 + G, in 1 mm steps around 32768.

const float MUD_BASE_HEIGHT_SCALE = 0.08;   // TERRAIN_HEIGHT_SCALE, metres per R step
const float MUD_BASE_HEIGHT_OFFSET = 0.0;   // TERRAIN_HEIGHT_OFFSET
const float MUD_HEIGHT_STEP = 0.001;        // MUDFIELD_HEIGHT_STEP, the 16-bit height's
const float MUD_SLIDE_MAX = 0.5;            // MUDFIELD_SLIDE_MAX
const float MUD_SPACING = 16.0 / 127.0;     // MUDFIELD_SPACING, metres between mud texels

uniform sampler2D u_base;     // (blocks * 24 + 1)^2 samples, linear filtering
uniform float u_base_spacing; // metres between base samples (16 / 24)

float mud_unpack_base_height(float r) { return r * 255.0 * MUD_BASE_HEIGHT_SCALE + MUD_BASE_HEIGHT_OFFSET; }
// linear in the two bytes, so a filtered fetch unpacks to the filtered height where the filter
// keeps more than 8 bits per byte (the vertex stage); the fragment stage reads exact texels
// (mud_terrain.frag, mud_ht)
float mud_unpack_height16(vec2 rg) { return (rg.r * 65280.0 + rg.g * 255.0 - 32768.0) * MUD_HEIGHT_STEP; }
vec2 mud_unpack_slide(vec2 gb) { return (gb * 255.0 - 128.0) / 127.0 * MUD_SLIDE_MAX; }

const float MUD_ROAD_EDGE_SCALE = 32.0;    // ROADS_EDGE_SCALE, R steps per metre

// Baked road data at world xz (mud/core/roads.h): R signed distance to the edge, G across.
uniform sampler2D u_road;
vec2 mud_road_sample(vec2 xz)
{
    vec2 size = vec2(textureSize(u_road, 0));
    return textureLod(u_road, (xz / u_base_spacing + 0.5) / size, 0.0).rg;
}
float mud_unpack_road_edge(float r) { return (r * 255.0 - 128.0) / MUD_ROAD_EDGE_SCALE; }

// Bilinear base sample at world xz: the hardware filter between sample centres, like terrain_height.
vec4 mud_base_sample(vec2 xz)
{
    vec2 size = vec2(textureSize(u_base, 0));
    return textureLod(u_base, (xz / u_base_spacing + 0.5) / size, 0.0);
}

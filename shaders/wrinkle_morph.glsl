// Blendshapes on the GPU: the deltas of every shape at full weight live in a 2D float texture
// (MORPH_ROW texels a row; WebGL2 has no buffer textures),
// vertex v of shape s at texels 2 (s N + v) (position) and 2 (s N + v) + 1 (normal), N =
// u_shape_vertices, v = u_shape_first + gl_VertexID (the skin from 0, the mouth after it); each
// vertex adds weight x delta for the shapes with a weight, the normal is renormalized. CPU mirror: head_apply_shapes (src/wrinkle/core/head_shapes.c). u_shape_vertices = 0:
// no shapes (a mesh that is not the head), nothing moves.
#define MORPH_SHAPES 7 // HEAD_MORPH_COUNT: the six wrinkle shapes, then the blink
#define MORPH_ROW 2048 // SHAPE_ROW in src/wrinkle/wrinkle.c
uniform highp sampler2D u_shape_deltas;
uniform float u_shape_weight[MORPH_SHAPES];
uniform int u_shape_vertices;
uniform int u_shape_first;

// Morphs p and n; returns the skin's curvature at this vertex (1/m), morphed the same way: the neutral's in the
// fourth channel of shape 0's normal texel, each shape's change at full weight in the fourth
// channel of its position texel (wrinkle_set_shapes, head_shape_curvature); -1 where there is
// none (no shapes, or not a skin vertex).
float morph(inout vec3 p, inout vec3 n)
{
    if (u_shape_vertices <= 0) return -1.0;
    int v = u_shape_first + gl_VertexID, i0 = 2 * v + 1;
    float c = texelFetch(u_shape_deltas, ivec2(i0 % MORPH_ROW, i0 / MORPH_ROW), 0).w;
    bool known = c >= 0.0;
    for (int s = 0; s < MORPH_SHAPES; s++) {
        float w = u_shape_weight[s];
        if (w == 0.0) continue;
        int i = 2 * (s * u_shape_vertices + v);
        vec4 dp = texelFetch(u_shape_deltas, ivec2(i % MORPH_ROW, i / MORPH_ROW), 0);
        p += w * dp.xyz;
        n += w * texelFetch(u_shape_deltas, ivec2((i + 1) % MORPH_ROW, (i + 1) / MORPH_ROW), 0).xyz;
        c += w * dp.w;
    }
    n = normalize(n);
    return known ? max(c, 0.0) : -1.0;
}

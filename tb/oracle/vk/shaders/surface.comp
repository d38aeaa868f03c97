#version 450
// Storage-image counterparts of suld.b (OP 0: imageLoad), sust.p (OP 1: imageStore), sured
// (OP 2: imageAtomic*) and the multisample fill used by texelFetch on 2DMS (OP 3).
// Defines: IMG (image type), KIND, CDIM, OP, FMT (format qualifier; loads and atomics need it).
layout(local_size_x = 64) in;
#include "common.glsl"
#ifdef FMT
layout(binding = 0, FMT) uniform IMG img;
#else
layout(binding = 0) uniform writeonly IMG img;
#endif

void main() {
#if OP == 0
  // One load per invocation: cases[i] = integer coordinates.
  uint i = gl_GlobalInvocationID.x;
  if (i < n) outv[i] = TOBITS(imageLoad(img, COORD(ivec4(cases[i]))));
#else
  // Stores and atomics run in order in one invocation, so repeated coordinates have one answer.
  if (gl_GlobalInvocationID.x != 0) return;
  for (uint i = 0; i < n; ++i) {
    ivec4 p = ivec4(cases[2 * i]);
    uvec4 v = cases[2 * i + 1];
#if OP == 1
    imageStore(img, COORD(p), FROMBITS(v));
#elif OP == 3
    imageStore(img, COORD(p), p.w, FROMBITS(v));
#else
#if KIND == 1
    int x = int(v.x);
#else
    uint x = v.x;
#endif
    switch (v.y) {
      case 0u: imageAtomicAdd(img, COORD(p), x); break;
      case 1u: imageAtomicMin(img, COORD(p), x); break;
      case 2u: imageAtomicMax(img, COORD(p), x); break;
      case 3u: imageAtomicAnd(img, COORD(p), x); break;
      default: imageAtomicOr(img, COORD(p), x); break;
    }
#endif
  }
#endif
}

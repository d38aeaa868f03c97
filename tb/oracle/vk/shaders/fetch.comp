#version 450
// texelFetch: the counterpart of tex with .s32 coordinates. cases[i] = (coordinates, w = lod, or
// the sample index for multisample samplers). Defines: SAMP, KIND, CDIM.
layout(local_size_x = 64) in;
#include "common.glsl"
layout(binding = 0) uniform SAMP tex;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= n) return;
  ivec4 p = ivec4(cases[i]);
  outv[i] = TOBITS(texelFetch(tex, COORD(p), p.w));
}

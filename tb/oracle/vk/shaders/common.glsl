// Shared by the oracle's compute shaders. Every case and result travels as raw 32-bit words
// (uvec4) so the host compares bits, never values that passed through another conversion.
layout(std430, binding = 1) readonly buffer In { uvec4 cases[]; };
layout(std430, binding = 2) buffer Out { uvec4 outv[]; };
layout(push_constant) uniform Push { uint n; };

// KIND: 0 float, 1 signed integer, 2 unsigned integer (the image's sampled type).
#if KIND == 0
#define TOBITS(v) floatBitsToUint(v)
#define FROMBITS(u) uintBitsToFloat(u)
#elif KIND == 1
#define TOBITS(v) uvec4(v)
#define FROMBITS(u) ivec4(u)
#else
#define TOBITS(v) (v)
#define FROMBITS(u) (u)
#endif

// CDIM: integer coordinate components (1: 1D; 2: 2D, 1D array, 2DMS; 3: 3D, 2D array, 2DMS array).
#if CDIM == 1
#define COORD(p) (p).x
#elif CDIM == 2
#define COORD(p) (p).xy
#else
#define COORD(p) (p).xyz
#endif

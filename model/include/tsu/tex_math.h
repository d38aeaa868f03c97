// The arithmetic of texture sampling, one bit-exact function per step (docs/semantics.md T2-T9).
// ExecTex (model/src/ops/tex.cc) composes these; the RTL sampling pipeline must reproduce each.
// All float operations are IEEE binary32 with round-to-nearest-even, one rounding per operation,
// no fused multiply-add (the model is compiled with -ffp-contract=off).
#ifndef TSU_TEX_MATH_H_
#define TSU_TEX_MATH_H_

#include <cstdint>

#include "tsu/encodings.h"
#include "tsu/transaction.h"

namespace tsu {

// ---- The coordinate vector (T2, T7) -----------------------------------------------------------
// What a tex request's coordinate vector selects before any arithmetic: the array layer (element
// 0 as a u32, clamped to the last layer; 0 without an array), a multisample request's sample
// (clamped to the last sample: 2dms {sample, x, y}, a2dms {layer, sample, x, y}) and the element
// where its texel coordinates (a cube's direction) start.
struct TexElements {
  uint32_t layer = 0;
  uint32_t sample = 0;
  int first = 0;
};
TexElements SelectTexElements(Geometry g, const uint32_t coords[4], uint32_t array_size,
                              uint32_t samples);
// Integer coordinates with .level: the level operand (s32) clamped to [0, levels - 1].
uint32_t ClampLevelOperand(uint32_t lod, uint32_t levels);

// ---- Coordinates (T2) -----------------------------------------------------------------------------
// Texel-space coordinate to a nearest texel index: floor(x), NaN -> 0, saturated to
// [-2^23, 2^23 - 1] (the range of a 32-bit 24.8 fixed-point coordinate).
int64_t NearestIndex(float x);
// Texel-space coordinate to the 24.8 fixed-point position of the lower linear tap:
// fx = floor(x * 256 - 127.5) computed exactly, NaN -> 0, saturated to int32. The taps are
// fx >> 8 and (fx >> 8) + 1; the weight of the upper tap is fx & 255 (in 1/256).
int64_t LinearFixed(float x);

// A tex offset operand element: its low 4 bits as two's complement, -8..7 (wider values keep
// their low 4 bits).
int32_t TexOffset(uint32_t element);

// The first tap of one axis at texel-space coordinate x with offset `offset` (texels): nearest,
// NearestIndex(x) + offset with weight 0; linear, the 24.8 position LinearFixed(x) + 256 * offset,
// whose integer part is the first of the two taps and whose fraction is the second's weight
// (1/256). The second linear tap is *i0 + 1.
void FirstTap(float x, int32_t offset, bool linear, int64_t* i0, uint32_t* weight);

// Address mode on an integer texel index of an axis of n texels (semantics.md §5). With
// unnormalized coordinates, wrap and mirror act as clamp. Returns false for a border texel.
bool WrapIndex(int64_t i, uint32_t n, AddressMode mode, bool normalized, int64_t* out);

// ---- binary32 arithmetic (T14) ---------------------------------------------------------------------
// The f32 operations of sampling, on bit patterns: IEEE 754 binary32, round to nearest even,
// subnormals kept (no flush), one rounding each. NaN results are defined, not left to the host:
// a NaN operand is returned quieted (the first NaN of a, b), an invalid operation (Inf - Inf,
// 0 * Inf) returns the default NaN 0x7FC00000. The RTL's rtl/fp/ adder and multiplier reproduce
// these bit for bit.
constexpr uint32_t kDefaultNaN = 0x7FC00000u;
uint32_t F32Add(uint32_t a, uint32_t b);
uint32_t F32Sub(uint32_t a, uint32_t b);  // a - b
uint32_t F32Mul(uint32_t a, uint32_t b);
// a / b: x / 0 is a signed Inf for finite nonzero x; 0 / 0 and Inf / Inf are invalid.
uint32_t F32Div(uint32_t a, uint32_t b);

// ---- Filtering (T4) --------------------------------------------------------------------------------
// a + (b - a) * (w / 256), w in 0..256: exact for a == b and for w == 0.
float Lerp(float a, float b, uint32_t w);

// The filter tree of one sample. Taps come in index order: x fastest, then y, z and the second mip
// level. Rank r (0 x, 1 y, 2 z, 3 mip) is active when bit r of `ranks` is set, and there are
// 2^(active ranks) taps. Each active rank, in that order, lerps consecutive pairs of its input
// (the lower index as a) by the pair's weight for the rank (w[r] of the pair's first element:
// the level's 1.8 position on the axis, or the mip fraction) and halves the count. Writes the
// one remaining value to out. With no rank active the tap passes unchanged (integer results).
// A plain aggregate without member initializers: the sampler declares 16 per sample and fills
// the ones it uses (FilterTap{} zeroes one), which keeps point sampling from clearing 512 bytes.
struct FilterTap {
  uint32_t c[4];  // f32 bits (or integers when no rank is active)
  uint32_t w[4];  // weights of ranks x, y, z, mip in 1/256, 0..255
};
void FilterTaps(FilterTap* taps, uint32_t ranks, uint32_t out[4]);

// ---- LOD (T5) ----------------------------------------------------------------------------------------
// LOD values are signed 8.8 fixed point held in int32, saturated to [-kLodSat, kLodSat].
constexpr int32_t kLodSat = 0x7FFF;
// floor(v * 256 + 0.5), NaN -> 0, saturated.
int32_t F32ToLod(float v);
// bias, then clamp to [min_lod, max_lod], then saturate to +-kLodSat (all 8.8; the sampler's
// float fields enter through F32ToLod).
int32_t BiasAndClampLod(int32_t lambda, int32_t bias, int32_t min_lod, int32_t max_lod);

// ---- Level selection (T6) ----------------------------------------------------------------------------
struct LevelSelect {
  bool minify = false;  // lambda > 0: the min filter applies, else the mag filter
  uint32_t level = 0;   // the (first) level sampled
  uint32_t next = 0;    // the second level of a linear mip filter
  uint32_t frac = 0;    // its weight in 1/256; 0: one level
};
// The levels for lambda (8.8) under a mip filter, for a texture of `levels` levels (>= 1). A
// linear mip filter on integer-valued results (blend = false) uses the lower level alone.
LevelSelect SelectLevels(int32_t lambda, MipFilter mip, uint32_t levels, bool blend);

// log2(sqrt(rho2)) in 8.8: floor((256 * e + kLog2Table[m >> 15]) / 2) for rho2 = 2^e * 1.m;
// zero, negative and subnormal rho2 -> -kLodSat; +Inf and NaN -> +kLodSat.
int32_t LodFromRho2(float rho2);
// round(256 * log2(1 + (k + 0.5) / 256)) for k in 0..255.
uint32_t Log2Table(uint32_t k);

// rho^2 of a .grad request on a non-cube geometry (T5), as f32 bits: each partial of dPdx and
// dPdy (f32 bits, `axes` of them) times the base level's extent size[a] (an integer, converted to
// f32 exactly) when `scale` (normalized float coordinates), else as given; then
// ux*ux + vx*vx + wx*wx (and the same for dPdy), left to right, every operation F32Mul/F32Add
// (T14). Returns dPdx's sum when it is >= dPdy's, else dPdy's (a NaN sum on either side gives
// dPdy's). Golden function of rtl/tex/tsu_tex_grad (which adds LodFromRho2).
uint32_t GradRho2(const uint32_t dpdx[3], const uint32_t dpdy[3], int axes, bool scale,
                  const uint32_t size[3]);

// rho^2 of a .grad request on a cube or cube-array texture (T5), as f32 bits, from its face
// selection (face, sc, tc and |ma| of SelectCubeFace, as bits) and the two gradients of the
// direction: per gradient, the face table applied to it (dsc, dtc: sign flips) and the major
// axis's signed partial dma, then the quotient rule on the face projection scaled by N/2
// (N = width, the base level's face size):
//   u = ((dsc * ma - sc * dma) / (ma * ma)) * (N / 2),  v likewise from dtc and tc,
// and u*u + v*v; every operation one F32Mul/F32Sub/F32Div/F32Add (T14). Returns dPdx's sum when
// it is >= dPdy's, else dPdy's (a NaN on either side gives dPdy's). Golden function of
// rtl/tex/tsu_tex_cube_grad (which adds LodFromRho2).
uint32_t CubeGradRho2(int face, uint32_t sc, uint32_t tc, uint32_t ma, const uint32_t dpdx[3],
                      const uint32_t dpdy[3], uint32_t width);

// ---- Cube maps (T6) ------------------------------------------------------------------------------------
struct CubeFace {
  int face = 0;      // 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z
  float ma = 0;      // |major axis|
  float sc = 0, tc = 0;
  float s = 0, t = 0;  // face coordinates in [0,1]: (sc / ma + 1) * 0.5
};
// Major axis: z wins ties with y and x, y wins ties with x; a sign bit of 0 picks the + face.
// s = F32Mul(F32Add(F32Div(sc, ma), 1), 0.5), t likewise: every step one IEEE rounding with the
// NaN rule above, so the result is the same on every host. Golden function of
// rtl/tex/tsu_tex_cube.
CubeFace SelectCubeFace(float x, float y, float z);
// The face coordinates sc, tc of a direction component triple for a face (table of §2).
void CubeFaceAxes(int face, float x, float y, float z, float* sc, float* tc, float* ma);
// Seamless cube filtering: the texel (i, j) just outside face `face` (exactly one of i, j is
// outside [0, n)) mapped exactly onto the adjacent face (integer reprojection of its centre).
void CubeAdjacent(int face, int64_t i, int64_t j, uint32_t n, int* face_out, int64_t* i_out,
                  int64_t* j_out);
// The texels a cube tap at (i, j) of face `face` (faces of n x n texels; i, j within a texel of
// the face, other values clamped there) reads: on the face, or without seamless filtering, its
// texel clamped to the face; across one edge, the adjacent face's texel (CubeAdjacent); across
// both (a corner), three texels: its face's clamped texel, the one across x, the one across y,
// whose mean is the tap's value (CubeCornerMean; the first alone for an integer result).
// Returns how many (1 or 3).
struct CubeTexel {
  int face = 0;
  int64_t i = 0, j = 0;
};
int CubeTapTexels(int face, int64_t i, int64_t j, uint32_t n, bool seamless, CubeTexel out[3]);

// The seamless corner tap of a float result: ((a + b) + c) x 1/3, with 1/3 the nearest binary32
// (0x3EAAAAAB), every step a T14 operation. A multiply, not a divide: the hardware's shape, within
// Vulkan's precision for the average (docs/semantics.md T8). Golden function of tsu_tex_corner.
uint32_t CubeCornerMean(uint32_t a, uint32_t b, uint32_t c);

// ---- Conversions (T8) ---------------------------------------------------------------------------------
// sRGB 8-bit code to linear f32: the correctly rounded value of the sRGB EOTF.
uint32_t SrgbToLinear(uint32_t code);
// cvt.rzi.sat.{s32,u32}.f32: truncate, saturate, NaN -> 0.
uint32_t F32ToS32Sat(uint32_t f32_bits);
uint32_t F32ToU32Sat(uint32_t f32_bits);

// ---- Results (T11) ------------------------------------------------------------------------------------
// A filtered texel (four components: f32 bits when float_result, else the integer values of a
// signed (sint) or unsigned format) to tex's destination type: .f32, .f16, .f16x2 (R|G<<16,
// B|A<<16), .s32, .u32. Writes out[0..count).
void ConvertResult(const uint32_t c[4], bool float_result, bool sint, DataType type,
                   uint32_t out[4], int* count);

// tex's response once sampled: the converted result, then the request's flags. A sampled level
// whose record is unusable traps invalid_handle with no elements; a tap that is not resident
// zeroes the elements and clears the predicate.
Response FinishTexResponse(const Response& sampled, bool bad_level, bool resident);

}  // namespace tsu

#endif  // TSU_TEX_MATH_H_

// Constrained-random textures, samplers and tex instructions, shared by the model's descriptor
// tests and the RTL benches (the tex class of the co-simulation).
#ifndef TSU_TB_STIM_TEX_GEN_H_
#define TSU_TB_STIM_TEX_GEN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "surface_gen.h"
#include "tsu/instruction.h"
#include "tsu/memory.h"
#include "tsu/tex_math.h"
#include "tsu/texture.h"
#include "tsu/texture_words.h"
#include "tsu/transaction.h"

namespace tsu::tb {

// A random valid texture: any geometry (cube and acube only when allow_cube), pitch or
// block-linear, any format DescribeFormat accepts, extents weighted toward 1, small non-powers of
// two and powers of two, full or partial mip chains, 1-8 samples, and now and then non-resident
// tiles. Its footprint lies in [base, base + size) below 2^addr_bits. The sampler is random too.
ResolvedTexture RandomTexture(Rng& rng, int addr_bits, bool allow_cube);
// Every sampler setting: filters, mip filter, address modes, normalization, read mode, sRGB,
// compare op, LOD bias/min/max (sometimes extreme), border colour (sometimes NaN or integer bits).
SamplerDesc RandomSampler(Rng& rng);

// A coordinate element on an axis of `extent` texels (normalized: divided by it): a texel's
// centre, edge, a 1/256 step or anywhere, within a few texels of the axis, or now and then NaN,
// an infinity, a huge, subnormal or negative-zero value, or any bits.
uint32_t RandomTexCoord(Rng& rng, float extent, bool normalized);
// A cube direction (f32 bits) for faces of n x n texels: a major axis of either sign, minor
// components that tie with it (edges, corners), lie just inside it, land on texel edges and
// centres, or anywhere; now and then NaN, an infinity, zero or any bits.
void RandomCubeDirection(Rng& rng, uint32_t n, uint32_t out[3]);

// Random bytes for every texel of every level and layer (one write per level and layer).
void FillTexture(Rng& rng, const ResolvedTexture& t, MemoryPort* mem);

// One tex instruction on texture t: its PTX text (the texture's geometry; plain, .base, .level
// or .grad; .f32 or .s32 coordinates; every destination type; offsets; depth compare; |p; unified
// or independent), decoded, and a request with coordinates that hit texel centres and edges,
// negative, huge, NaN and +-Inf values. Multisample textures get the forms the text allows.
struct TexOp {
  std::string ptx;
  Instruction in;
  Request req;
};
TexOp RandomTexOp(Rng& rng, const ResolvedTexture& t, bool independent, uint64_t tex_handle,
                  uint64_t sampler_handle);

// The offset pins of the RTL's tex request: offset element k's low 4 bits at [4k +: 4] (TF3).
inline uint32_t TexOffsetPins(const Instruction& in, const Request& req) {
  uint32_t off = 0;
  for (size_t k = 0; k < 3 && k < in.offset.size(); ++k) off |= (req.offset[k] & 0xF) << (4 * k);
  return off;
}

// The gradient pins of the RTL's tex request (.grad): dPdx and dPdy element a at [32a +: 32]
// (the fourth element of a 3-D gradient is ignored, as in the model).
template <typename Dut>
void DriveTexGradPins(Dut* d, const Request& req) {
  for (int a = 0; a < 3; ++a) {
    d->req_dpdx_i[a] = req.dpdx[a];
    d->req_dpdy_i[a] = req.dpdy[a];
  }
}

// A fixed sampling workload for throughput and latency figures: a 64x64 RGBA8 UNORM
// block-linear texture with 7 levels and random texels, its level records at 0x1000, and
// `count` requests of `tex.level.2d.v4.f32.f32` (handle 1) at random normalized coordinates; the
// header names sampler slot 2 (for a descriptor pool: texture in slot 1, sampler in slot 2). kind 0: point
// (nearest, no mip filter, lod 0); 1: bilinear (lod 0); 2: trilinear (linear mip filter, lod 1.5,
// so two levels of four taps each); 3: bilinear (lod 0) at the pixel centres of a 128x128 grid in
// raster order (the texture magnified twice, as a rasteriser sends it: neighbouring footprints
// share lines, so a texel cache hits).
// A filter tap for the filter benches (tex_filter_test, tex_bilerp_test): each channel now and
// then equal to the previous tap's (when prev is given), else an f32 corner (zeros, subnormals,
// extremes, infinities, NaNs), a texel-like value in [0, 1] or any bits; weights 0 and 255 often.
void RandomFilterTap(Rng& rng, const FilterTap* prev, FilterTap* t);

struct SamplingScene {
  SparseMemory mem;
  TextureImage image;  // header slot, level records (written to mem), no residency map
  DescImage sampler{};
  Instruction in;
  std::vector<Request> reqs;
};
// Returns false with *error set if the texture or the instruction is refused (a bench bug).
bool MakeSamplingScene(int kind, size_t count, SamplingScene* scene, std::string* error);

}  // namespace tsu::tb

#endif  // TSU_TB_STIM_TEX_GEN_H_

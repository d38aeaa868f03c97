// tex: texture lookup (PTX ISA 9.7.10.3). The steps, each bit-exact and documented in
// docs/semantics.md T1-T10:
//   coordinates and array/sample selection -> LOD and level selection -> per level: texel-space
//   coordinate, 8-bit sub-texel position, address mode, fetch and decode, depth compare, filter
//   -> blend of two levels -> residency -> conversion to the destination type.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "tsu/float_bits.h"
#include "tsu/tex_math.h"
#include "tsu/tex_texel.h"
#include "tsu/texture.h"
#include "tsu/texture_words.h"
#include "tsu/unit.h"

namespace tsu {
namespace {

constexpr auto F = AsFloat;
constexpr auto B = AsBits;

struct Texel {
  uint32_t c[4] = {};  // f32 bits (float results) or 32-bit integers
};


// Axes of texel coordinates per geometry (not counting the layer).
int Axes(Geometry g) {
  switch (g) {
    case Geometry::k1d:
    case Geometry::kA1d:
      return 1;
    case Geometry::k3d:
      return 3;
    default:
      return 2;
  }
}

class Sampler {
 public:
  Sampler(const ResolvedTexture& t, const SamplerDesc& s, const Instruction& in, const Request& req,
          MemoryPort* mem)
      : t_(t), s_(s), in_(in), req_(req), mem_(mem),
        rule_(MakeTexelRule(t.fmt, s, in.has_depth_ref, req.depth_ref)),
        fmt_(rule_.fmt),
        float_result_(rule_.float_result),
        residency_(MakeResidencyIndex(t.desc)) {}

  Response Run();

 private:
  Texel Fetch(uint32_t level, uint32_t layer, int64_t x, int64_t y, int64_t z);
  bool Resident(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z);
  Texel Border() const;
  Texel Tap(uint32_t level, uint32_t layer, int face, const int64_t idx[3], bool* border);
  uint32_t GatherLevel(uint32_t level, uint32_t layer, int face, const float x[3],
                       FilterMode filter, FilterTap* out);
  int32_t Lambda();
  void Output(const Texel& r, Response* out) const;

  const ResolvedTexture& t_;
  const SamplerDesc& s_;
  const Instruction& in_;
  const Request& req_;
  MemoryPort* mem_;
  const TexelRule rule_;   // the per-tap decode, border and compare (tsu/tex_texel.h)
  const FormatInfo& fmt_;  // the format after the read mode
  const bool float_result_;
  const ResidencyIndex residency_;
  bool resident_ = true;
  bool bad_level_ = false;  // a sampled level's record is unusable: the request traps
  int32_t offset_[3] = {};
  uint32_t sample_ = 0;  // multisample: the sample index
  // Cube: the face chosen and its unprojected values (for gradients).
  CubeFace cube_;
};

// The border colour as a tap (compared when tex compares).
Texel Sampler::Border() const {
  Texel b;
  TexelValue(rule_, nullptr, /*border=*/true, b.c);
  return b;
}

// A texture bound from memory keeps its residency in a bitmap there, read like any other data
// (docs/descriptors.md); one bound through the API lists its non-resident tiles.
bool Sampler::Resident(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
  if (t_.residency_map == 0) return t_.IsResident(level, layer, x, y, z);
  const uint64_t bit = ResidencyBit(residency_, t_.desc, level, layer, x, y, z);
  uint8_t byte = 0;
  mem_->Read(t_.residency_map + (bit >> 3), &byte, 1);
  return ((byte >> (bit & 7)) & 1u) == 0;
}

Texel Sampler::Fetch(uint32_t level, uint32_t layer, int64_t x, int64_t y, int64_t z) {
  if (!Resident(level, layer, static_cast<uint32_t>(x), static_cast<uint32_t>(y),
                static_cast<uint32_t>(z))) {
    resident_ = false;
  }
  const uint32_t bpp = static_cast<uint32_t>(t_.fmt.texel_bytes);
  const uint64_t addr = TexelAddress(t_, level, layer, static_cast<uint32_t>(x),
                                     static_cast<uint32_t>(y), static_cast<uint32_t>(z), sample_);
  uint8_t bytes[16] = {};
  mem_->Read(addr, bytes, bpp);
  Texel t;
  TexelValue(rule_, bytes, /*border=*/false, t.c);
  return t;
}

// One tap at integer texel indices (before the address mode). Cube faces: clamp to the face, or
// cross to the adjacent face when seamless (a corner is the mean of its three neighbours).
Texel Sampler::Tap(uint32_t level, uint32_t layer, int face, const int64_t idx[3], bool* border) {
  if (!t_.level_error.empty() && !t_.level_error[level].empty()) {
    bad_level_ = true;  // nothing is read from a level whose record is unusable
    return Texel{};
  }
  const ResolvedSurface& lv = t_.level[level];
  const uint32_t n[3] = {static_cast<uint32_t>(lv.desc.width / t_.desc.samples), lv.desc.height,
                         lv.desc.depth};
  int64_t w[3] = {0, 0, 0};
  const int axes = Axes(in_.geom);
  if (IsCube(in_.geom)) {
    // Face coordinates lie in [0, 1], so a tap is at most one texel off the face, except for a
    // direction with a NaN component, whose major axis need not be its largest: such a tap reads
    // one texel across the edge too (T8).
    CubeTexel tx[3];
    const int count = CubeTapTexels(face, idx[0], idx[1], n[0], s_.seamless_cube, tx);
    const uint32_t cube_base = layer - static_cast<uint32_t>(face);
    Texel t[3];
    for (int k = 0; k < count; ++k) {
      t[k] = Fetch(level, cube_base + static_cast<uint32_t>(tx[k].face), tx[k].i, tx[k].j, 0);
    }
    if (count == 1) return t[0];
    // Corner: the mean of the face's corner texel and the two edge neighbours across faces.
    Texel m;
    for (int k = 0; k < 4; ++k) {
      m.c[k] = float_result_ ? CubeCornerMean(t[0].c[k], t[1].c[k], t[2].c[k]) : t[0].c[k];
    }
    return m;
  }
  for (int a = 0; a < axes; ++a) {
    if (!WrapIndex(idx[a], n[a], s_.address[a], s_.normalized && in_.coord_type == DataType::kF32,
                   &w[a])) {
      *border = true;
      return Border();
    }
  }
  return Fetch(level, layer, w[0], w[1], w[2]);
}

// One level's taps for the filter tree: x[] are the coordinates in the level's texel space (or
// cube face [0,1] coords). Writes 1 tap (nearest) or 2^axes taps in x-fastest order, each
// carrying the level's 1.8 weights, and returns the filter ranks they need (bit a: axis a).
uint32_t Sampler::GatherLevel(uint32_t level, uint32_t layer, int face, const float x[3],
                              FilterMode filter, FilterTap* out) {
  const int axes = IsCube(in_.geom) ? 2 : Axes(in_.geom);
  bool border = false;
  if (!float_result_) filter = FilterMode::kNearest;  // integer results are never filtered
  if (filter == FilterMode::kNearest) {
    int64_t idx[3] = {0, 0, 0};
    uint32_t unused_weight;
    for (int a = 0; a < axes; ++a) FirstTap(x[a], offset_[a], /*linear=*/false, &idx[a], &unused_weight);
    const Texel t = Tap(level, layer, face, idx, &border);
    out[0] = FilterTap{};
    for (int c = 0; c < 4; ++c) out[0].c[c] = t.c[c];
    return 0;
  }
  int64_t i0[3] = {0, 0, 0};
  uint32_t wt[3] = {0, 0, 0};
  for (int a = 0; a < axes; ++a) {
    FirstTap(x[a], offset_[a], /*linear=*/true, &i0[a], &wt[a]);
  }
  const int ntaps = 1 << axes;
  for (int k = 0; k < ntaps; ++k) {
    int64_t idx[3] = {0, 0, 0};
    for (int a = 0; a < axes; ++a) idx[a] = i0[a] + ((k >> a) & 1);
    const Texel t = Tap(level, layer, face, idx, &border);
    out[k] = FilterTap{};
    for (int c = 0; c < 4; ++c) out[k].c[c] = t.c[c];
    for (int a = 0; a < axes; ++a) out[k].w[a] = wt[a];
  }
  return static_cast<uint32_t>(ntaps - 1);
}

// lambda in 8.8 (T5): explicit (.level) or from gradients (.grad), plus bias, clamped.
int32_t Sampler::Lambda() {
  int32_t lambda = 0;
  if (in_.tex_mode == TexMode::kLevel) {
    lambda = in_.coord_type == DataType::kS32
                 ? static_cast<int32_t>(std::min<int64_t>(
                       std::max<int64_t>(static_cast<int64_t>(static_cast<int32_t>(req_.lod)) * 256, -kLodSat),
                       kLodSat))
                 : F32ToLod(F(req_.lod));
  } else {
    // Gradients are in the coordinates' units: normalized float coordinates (and cube faces)
    // scale by the base extent; integer coordinates are texels already (T2). The extents are the
    // texture's (its header's), not its level-0 record's: a request that samples other levels
    // does not depend on whether level 0's record is usable.
    const uint32_t extent[3] = {t_.desc.width / t_.desc.samples, t_.desc.height, t_.desc.depth};
    if (IsCube(in_.geom)) {
      // The quotient rule on the face projection (T5).
      lambda = LodFromRho2(F(CubeGradRho2(cube_.face, AsBits(cube_.sc), AsBits(cube_.tc),
                                          AsBits(cube_.ma), req_.dpdx, req_.dpdy, extent[0])));
    } else {
      const bool norm = s_.normalized && in_.coord_type == DataType::kF32;
      lambda = LodFromRho2(F(GradRho2(req_.dpdx, req_.dpdy, Axes(in_.geom), norm, extent)));
    }
  }
  return BiasAndClampLod(lambda, F32ToLod(s_.lod_bias), F32ToLod(s_.min_lod),
                         F32ToLod(s_.max_lod));
}

void Sampler::Output(const Texel& r, Response* out) const {
  uint32_t d[4] = {};
  ConvertResult(r.c, float_result_, fmt_.kind == ChannelKind::kSint, in_.type, d, &out->count);
  for (int k = 0; k < 4; ++k) out->data[k] = d[k];
}

Response Sampler::Run() {
  Response out;
  out.executed = true;
  const Geometry g = in_.geom;
  const uint32_t* c = req_.coords;
  for (int a = 0; a < 3; ++a) {
    offset_[a] = static_cast<size_t>(a) < in_.offset.size() ? TexOffset(req_.offset[a]) : 0;
  }
  // Array index, sample and the coordinate elements after them (T7).
  const TexElements e = SelectTexElements(g, c, t_.desc.array_size, t_.desc.samples);
  uint32_t layer = e.layer;
  const int first = e.first;
  if (IsMultisample(g)) {
    sample_ = e.sample;
    int64_t idx[3] = {static_cast<int32_t>(c[first]) + static_cast<int64_t>(offset_[0]),
                      static_cast<int32_t>(c[first + 1]) + static_cast<int64_t>(offset_[1]), 0};
    bool border = false;
    const Texel r = Tap(0, layer, 0, idx, &border);
    Output(r, &out);
  } else if (in_.coord_type == DataType::kS32) {
    // Integer coordinates: texel indices at one level, no filtering (T2).
    uint32_t level = 0;
    if (in_.tex_mode == TexMode::kLevel) {
      level = ClampLevelOperand(req_.lod, t_.desc.levels);
    } else if (in_.tex_mode == TexMode::kGrad) {
      const int32_t lam = Lambda();
      level = lam <= 0 ? 0 : static_cast<uint32_t>(std::min<int64_t>((lam + 127) >> 8, t_.desc.levels - 1));
    }
    int64_t idx[3] = {0, 0, 0};
    for (int a = 0; a < Axes(g); ++a) idx[a] = static_cast<int32_t>(c[first + a]) + static_cast<int64_t>(offset_[a]);
    bool border = false;
    Output(Tap(level, layer, 0, idx, &border), &out);
  } else {
    // Float coordinates.
    float u[3] = {0, 0, 0};
    int face = 0;
    if (IsCube(g)) {
      cube_ = SelectCubeFace(F(c[first]), F(c[first + 1]), F(c[first + 2]));
      face = cube_.face;
      layer = layer * 6 + static_cast<uint32_t>(face);
      u[0] = cube_.s;
      u[1] = cube_.t;
    } else {
      for (int a = 0; a < Axes(g); ++a) u[a] = F(c[first + a]);
    }
    const int32_t lambda = (in_.tex_mode == TexMode::kNone || in_.tex_mode == TexMode::kBase) ? 0 : Lambda();
    // Integer-valued results use the nearest-lower level of a linear mip filter (T4).
    const LevelSelect sel = SelectLevels(lambda, s_.mip_filter, t_.desc.levels, float_result_);
    const FilterMode filter = sel.minify ? s_.min_filter : s_.mag_filter;
    const uint32_t lv_hi = sel.level, lv_lo = sel.next, delta = sel.frac;
    auto level_coords = [&](uint32_t k, float x[3]) {
      const ResolvedSurface& lv = t_.level[k];
      const float size[3] = {static_cast<float>(lv.desc.width / t_.desc.samples),
                             static_cast<float>(lv.desc.height), static_cast<float>(lv.desc.depth)};
      const bool norm = s_.normalized || IsCube(g);
      for (int a = 0; a < 3; ++a) x[a] = norm ? u[a] * size[a] : u[a];
    };
    // The taps of the first level, then (linear mip filter) the second's, through one filter
    // tree whose last rank blends the levels (T4).
    FilterTap taps[16];
    float x[3];
    level_coords(lv_hi, x);
    uint32_t ranks = GatherLevel(lv_hi, layer, face, x, filter, taps);
    if (delta != 0) {
      const int n = 1 << __builtin_popcount(ranks);
      level_coords(lv_lo, x);
      GatherLevel(lv_lo, layer, face, x, filter, taps + n);
      for (int k = 0; k < 2 * n; ++k) taps[k].w[3] = delta;
      ranks |= 8u;
    }
    Texel r;
    FilterTaps(taps, ranks, r.c);
    Output(r, &out);
  }
  return FinishTexResponse(out, bad_level_, resident_);
}

}  // namespace

Response ExecTex(const ResolvedTexture& t, const SamplerDesc& s, const Instruction& in,
                 const Request& req, MemoryPort* mem) {
  if (in.geom != t.desc.dim) {
    Response r;
    r.executed = true;
    r.trap = TrapCause::kGeometryMismatch;
    return r;
  }
  Sampler smp(t, s, in, req, mem);
  return smp.Run();
}

}  // namespace tsu

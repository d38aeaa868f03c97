#include "tex_gen.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tsu/float_bits.h"
#include "tsu/ptx_parser.h"
#include "tsu/unit.h"

namespace tsu::tb {
namespace {

// An extent for one axis: 1, small odd sizes, powers of two and their neighbours.
uint32_t Extent(Rng& rng, uint32_t max) {
  static const uint32_t kPick[] = {1, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 32, 33, 64};
  uint32_t v = kPick[Uniform(rng, 0, 15)];
  if (Chance(rng, 3)) v = static_cast<uint32_t>(Uniform(rng, 65, 300));
  return std::min(v, max);
}

uint32_t RandomBits(Rng& rng) { return static_cast<uint32_t>(rng()); }

// A float near an edge of [lo, hi) in steps the filter's 1.8 weights resolve, or a special.
uint32_t Coord(Rng& rng, float extent, bool normalized) {
  switch (Uniform(rng, 0, 15)) {
    case 0: return AsBits(std::numeric_limits<float>::quiet_NaN());
    case 1: return AsBits(Chance(rng, 50) ? INFINITY : -INFINITY);
    case 2: return AsBits(Chance(rng, 50) ? 3.0e38f : -3.0e38f);
    case 3: return AsBits(Chance(rng, 50) ? 1.0e-40f : -0.0f);  // subnormal, negative zero
    case 4: return RandomBits(rng);                              // any bits
    default: break;
  }
  // Texel i plus a fraction: the centre, an edge, a 1/256 step, or anything.
  const int64_t i = Uniform(rng, -3, static_cast<int64_t>(extent) + 2);
  float f;
  switch (Uniform(rng, 0, 4)) {
    case 0: f = 0.5f; break;
    case 1: f = 0.0f; break;
    case 2: f = static_cast<float>(Uniform(rng, 0, 255)) / 256.0f; break;
    default: f = std::uniform_real_distribution<float>(0.0f, 1.0f)(rng); break;
  }
  const float texel = static_cast<float>(i) + f;
  return AsBits(normalized ? texel / extent : texel);
}

// A cube direction for faces of n x n texels: a major axis of either sign and a power-of-two
// magnitude, and minor components that tie with it (edges and corners), lie just inside it, land
// on texel edges and centres of the face, or anywhere; now and then a special value.
void CubeDirection(Rng& rng, uint32_t n, uint32_t out[3]) {
  const int major = static_cast<int>(Uniform(rng, 0, 2));
  const float mag = std::ldexp(1.0f, static_cast<int>(Uniform(rng, -3, 3)));
  for (int a = 0; a < 3; ++a) {
    const float sign = Chance(rng, 50) ? -1.0f : 1.0f;
    float v;
    if (a == major) {
      v = mag;
    } else {
      switch (Uniform(rng, 0, 5)) {
        case 0: v = mag; break;  // a tie: an edge, or with the other minor a corner
        case 1: v = mag * (1.0f - std::ldexp(1.0f, -static_cast<int>(Uniform(rng, 1, 24)))); break;
        case 2: v = mag * std::fabs(static_cast<float>(Uniform(rng, 0, 2 * n)) / static_cast<float>(n) - 1.0f); break;
        default: v = mag * std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
      }
    }
    out[a] = AsBits(sign * v);
  }
  if (Chance(rng, 6)) out[Uniform(rng, 0, 2)] = Coord(rng, 1.0f, true);  // NaN, Inf, 0, any bits
}

int CoordElements(Geometry g) {
  switch (g) {
    case Geometry::k1d: return 1;
    case Geometry::k2d:
    case Geometry::kA1d: return 2;
    default: return 4;
  }
}

int OffsetElements(Geometry g) {
  switch (g) {
    case Geometry::k1d:
    case Geometry::kA1d: return 1;
    case Geometry::k3d: return 4;
    default: return 2;
  }
}

int Axes(Geometry g) {
  return g == Geometry::k1d || g == Geometry::kA1d ? 1 : g == Geometry::k3d ? 3 : 2;
}

// One of the generator's tex forms (mode, geometry, destination type, coordinate type,
// predicate, sampler, offsets, depth compare): its PTX text and ParsePtx's answer. Each form is
// written and parsed once per thread: they are a few thousand, and writing and parsing them again
// for every request took 6% of a tex-only regression. The parser's own tests check it; here it
// only turns a form into its Instruction (a refusal is a generator bug, reported by the caller).
struct TexForm {
  std::string ptx;
  bool ok = false;
  Instruction in;
  std::string err;
};

// The gradient vectors' elements in the text: 1, 2 or 4 (a 3-D gradient is a .v4).
int GradElements(Geometry g) {
  if (g == Geometry::k1d || g == Geometry::kA1d) return 1;
  return g == Geometry::k2d || g == Geometry::kA2d ? 2 : 4;
}

std::string Vec(const char* stem, int n) {
  std::string s = "{";
  for (int k = 0; k < n; ++k) s += (k ? ", " : "") + std::string(stem) + std::to_string(k);
  return s + "}";
}

const TexForm& FindTexForm(Geometry g, int mode, DataType dst, bool s32, bool pred,
                           bool independent, bool compare, bool offsets) {
  const uint64_t key = uint64_t{static_cast<uint32_t>(g)} << 32 |
                       uint64_t{static_cast<uint32_t>(dst)} << 8 |
                       static_cast<uint64_t>(mode) << 5 | uint64_t{s32} << 4 | uint64_t{pred} << 3 |
                       uint64_t{independent} << 2 | uint64_t{compare} << 1 | uint64_t{offsets};
  thread_local std::unordered_map<uint64_t, TexForm> forms;
  if (auto it = forms.find(key); it != forms.end()) return it->second;
  const int grads = GradElements(g);
  std::string ptx = "tex";
  ptx += mode == 1 ? ".base" : mode == 2 ? ".level" : mode == 3 ? ".grad" : "";
  ptx += "." + std::string(Name(g));
  ptx += dst == DataType::kF16x2 ? ".v2" : ".v4";
  ptx += "." + std::string(Name(dst)) + (s32 ? ".s32 " : ".f32 ");
  ptx += Vec("d", dst == DataType::kF16x2 ? 2 : 4) + (pred ? "|p, [t, " : ", [t, ");
  if (independent) ptx += "s, ";
  ptx += Vec("c", CoordElements(g)) + "]";
  if (mode == 2) ptx += ", lod";
  if (mode == 3) ptx += ", " + Vec("gx", grads) + ", " + Vec("gy", grads);
  if (offsets) ptx += ", " + Vec("e", OffsetElements(g));
  if (compare) ptx += ", ref";
  ptx += ";";
  TexForm f;
  f.ptx = ptx;
  f.ok = ParsePtx(ptx, &f.in, &f.err);
  return forms.emplace(key, std::move(f)).first->second;
}

}  // namespace

uint32_t RandomTexCoord(Rng& rng, float extent, bool normalized) { return Coord(rng, extent, normalized); }
void RandomCubeDirection(Rng& rng, uint32_t n, uint32_t out[3]) { CubeDirection(rng, n, out); }

SamplerDesc RandomSampler(Rng& rng) {
  SamplerDesc s;
  s.mag_filter = static_cast<FilterMode>(Uniform(rng, 0, 1));
  s.min_filter = static_cast<FilterMode>(Uniform(rng, 0, 1));
  s.mip_filter = static_cast<MipFilter>(Uniform(rng, 0, 2));
  for (auto& a : s.address) a = static_cast<AddressMode>(Uniform(rng, 0, 3));
  s.normalized = Chance(rng, 70);
  s.read_mode = static_cast<ReadMode>(Uniform(rng, 0, 1));
  s.srgb = Chance(rng, 50);
  s.seamless_cube = Chance(rng, 60);
  s.compare = static_cast<CompareOp>(Uniform(rng, 0, 7));
  auto lod = [&](float lo, float hi) {
    return Chance(rng, 20) ? static_cast<float>(Uniform(rng, -4, 4))
                           : static_cast<float>(Uniform(rng, static_cast<int64_t>(lo * 256),
                                                        static_cast<int64_t>(hi * 256))) / 256.0f;
  };
  if (Chance(rng, 50)) {
    s.lod_bias = lod(-127, 127);
    if (Chance(rng, 70)) s.lod_bias = lod(-2, 2);
    s.min_lod = lod(-8, 8);
    s.max_lod = lod(-8, 20);
    if (s.min_lod > s.max_lod) std::swap(s.min_lod, s.max_lod);
  }
  for (uint32_t& b : s.border) {
    switch (Uniform(rng, 0, 3)) {
      case 0: b = AsBits(static_cast<float>(Uniform(rng, -2, 2)) * 0.5f); break;
      case 1: b = AsBits(std::numeric_limits<float>::quiet_NaN()); break;
      default: b = RandomBits(rng); break;
    }
  }
  return s;
}

ResolvedTexture RandomTexture(Rng& rng, int addr_bits, bool allow_cube) {
  for (;;) {
    TextureDesc d;
    std::vector<Geometry> geoms = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                   Geometry::kA2d, Geometry::k2dms, Geometry::kA2dms};
    if (allow_cube) geoms.insert(geoms.end(), {Geometry::kCube, Geometry::kACube});
    d.dim = geoms[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(geoms.size()) - 1))];
    const auto& fmts = AllFormats();
    const FormatInfo& f = fmts[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(fmts.size()) - 1))];
    d.order = f.order;
    d.type = f.type;
    const Geometry g = d.dim;
    d.width = Extent(rng, 4096);
    d.height = g == Geometry::k1d || g == Geometry::kA1d ? 1 : Extent(rng, 4096);
    d.depth = g == Geometry::k3d ? Extent(rng, 64) : 1;
    if (IsCube(g)) d.height = d.width = std::min<uint32_t>(d.width, 64);
    // Keep the texel count (and the bench's fill) small.
    while (uint64_t{d.width} * d.height * d.depth > 16384) {
      if (d.width > 1) d.width = (d.width + 1) / 2;
      if (d.height > 1 && !IsCube(g)) d.height = (d.height + 1) / 2;
      if (d.depth > 1) d.depth = (d.depth + 1) / 2;
      if (IsCube(g)) d.height = d.width;
    }
    d.array_size = IsArray(g) ? static_cast<uint32_t>(Chance(rng, 50) ? 1 : Uniform(rng, 2, 5)) : 0;
    if (IsMultisample(g)) {
      d.samples = 1u << Uniform(rng, 0, 3);
    } else {
      const uint32_t m = std::max({d.width, d.height, g == Geometry::k3d ? d.depth : 1u});
      uint32_t full = 0;
      while (m >> full) ++full;
      d.levels = Chance(rng, 40) ? full : static_cast<uint32_t>(Uniform(rng, 1, full));
    }
    d.layout = Chance(rng, 50) ? Layout::kPitch : Layout::kBlockLinear;
    if (d.layout == Layout::kBlockLinear) {
      d.block_height_log2 = static_cast<uint8_t>(Uniform(rng, 0, 5));
      d.block_depth_log2 = static_cast<uint8_t>(g == Geometry::k3d ? Uniform(rng, 0, 5) : 0);
    }
    d.sampler = RandomSampler(rng);
    if (Chance(rng, 20)) {
      for (auto& t : d.tile_log2) t = static_cast<uint8_t>(Uniform(rng, 0, 3));
      const uint32_t layers = (IsArray(g) ? d.array_size : 1) * (IsCube(g) ? 6 : 1);
      for (int n = static_cast<int>(Uniform(rng, 1, 4)); n > 0; --n) {
        TileId tile;
        tile.level = static_cast<uint32_t>(Uniform(rng, 0, d.levels - 1));
        tile.layer = static_cast<uint32_t>(Uniform(rng, 0, layers - 1));
        tile.x = static_cast<uint32_t>(Uniform(rng, 0, ((d.width - 1) >> d.tile_log2[0])));
        tile.y = static_cast<uint32_t>(Uniform(rng, 0, ((d.height - 1) >> d.tile_log2[1])));
        tile.z = static_cast<uint32_t>(Uniform(rng, 0, ((d.depth - 1) >> d.tile_log2[2])));
        d.non_resident.push_back(tile);
      }
    }
    ResolvedTexture r;
    std::string err;
    d.base = 0;
    if (!ResolveTexture(d, &r, &err)) continue;
    const uint64_t align = d.layout == Layout::kPitch ? 16 : 512;
    const uint64_t top = uint64_t{1} << std::min(addr_bits, 40);
    if (r.size_bytes + (1u << 20) >= top) continue;
    d.base = static_cast<uint64_t>(Uniform(rng, 1 << 20, static_cast<int64_t>(top - r.size_bytes - align))) /
             align * align;
    if (!ResolveTexture(d, &r, &err)) continue;
    return r;
  }
}

void FillTexture(Rng& rng, const ResolvedTexture& t, MemoryPort* mem) {
  std::vector<uint8_t> bytes;
  for (uint32_t layer = 0; layer < t.layers; ++layer) {
    for (const ResolvedSurface& lv : t.level) {
      bytes.resize(lv.size_bytes);
      for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
      mem->Write(t.desc.base + uint64_t{layer} * t.layer_stride + lv.desc.base, bytes.data(),
                 static_cast<uint32_t>(bytes.size()));
    }
  }
}

TexOp RandomTexOp(Rng& rng, const ResolvedTexture& t, bool independent, uint64_t tex_handle,
                  uint64_t sampler_handle) {
  const Geometry g = t.desc.dim;
  const bool ms = IsMultisample(g);
  TexOp op;
  Request& r = op.req;
  r.handle = tex_handle;
  r.sampler = sampler_handle;
  const bool s32 = ms || (!IsCube(g) && Chance(rng, 25));
  // Mode: plain, .base, .level or .grad (multisample: plain or .base).
  const int mode = static_cast<int>(Uniform(rng, 0, ms ? 1 : 3));
  const int grads = GradElements(g);
  static const DataType kDst[] = {DataType::kU32, DataType::kS32, DataType::kF16, DataType::kF32,
                                  DataType::kF16x2};
  const DataType dst = Chance(rng, 50) ? DataType::kF32 : kDst[Uniform(rng, 0, 4)];
  const bool compare = !s32 && g != Geometry::k3d && !ms && Chance(rng, 15);
  const bool offsets = !IsCube(g) && Chance(rng, 25);
  const bool pred = Chance(rng, 50);
  const TexForm& form = FindTexForm(g, mode, dst, s32, pred, independent, compare, offsets);
  if (!form.ok) {
    // The generator only writes forms the text allows; a refusal is a bench bug.
    op.ptx = "generator bug: " + form.ptx + ": " + form.err;
    return op;
  }
  op.ptx = form.ptx;
  op.in = form.in;
  // Coordinates: layer / sample indices first, then one per axis.
  const ResolvedSurface& l0 = t.level[0];
  const float ext[3] = {static_cast<float>(l0.desc.width / t.desc.samples),
                        static_cast<float>(l0.desc.height), static_cast<float>(l0.desc.depth)};
  int k = 0;
  if (IsArray(g)) {
    r.coords[k++] = static_cast<uint32_t>(Chance(rng, 80) ? Uniform(rng, 0, t.desc.array_size)
                                                          : RandomBits(rng));
  }
  if (ms) r.coords[k++] = static_cast<uint32_t>(Chance(rng, 90) ? Uniform(rng, 0, t.desc.samples) : RandomBits(rng));
  const SamplerDesc& smp = t.desc.sampler;
  if (IsCube(g)) {
    CubeDirection(rng, l0.desc.width, &r.coords[k]);
    k += 3;
  }
  for (int a = 0; a < Axes(g) && k < 4 && !IsCube(g); ++a) {
    r.coords[k++] = s32 ? static_cast<uint32_t>(BoundaryCoord(rng, static_cast<int64_t>(ext[a])))
                        : Coord(rng, ext[a], smp.normalized);
  }
  for (; k < 4; ++k) r.coords[k] = RandomBits(rng);  // ignored elements
  if (mode == 2) {
    if (s32) {
      r.lod = static_cast<uint32_t>(Chance(rng, 80) ? Uniform(rng, -1, t.desc.levels) : RandomBits(rng));
    } else {
      switch (Uniform(rng, 0, 5)) {
        case 0: r.lod = AsBits(std::numeric_limits<float>::quiet_NaN()); break;
        case 1: r.lod = AsBits(Chance(rng, 50) ? INFINITY : -INFINITY); break;
        case 2: r.lod = RandomBits(rng); break;
        default:
          r.lod = AsBits(static_cast<float>(Uniform(rng, -256, 256 * static_cast<int64_t>(t.desc.levels))) / 256.0f);
      }
    }
  }
  if (mode == 3) {
    // Partials of a coordinate across a pixel: 2^k texels (k from -6, magnified, to past the
    // last level), over the extent when coordinates are normalized (a cube direction's: over
    // N/2, the face's half size); now and then zero, a special value (NaN, +-Inf, a square that
    // overflows or underflows) or any bits.
    const bool norm = (smp.normalized || IsCube(g)) && !s32;
    for (uint32_t* gv : {r.dpdx, r.dpdy}) {
      for (int a = 0; a < grads; ++a) {
        const float e = IsCube(g) ? ext[0] * 0.5f : a < 3 ? ext[a] : 1.0f;
        switch (Uniform(rng, 0, 19)) {
          case 0: gv[a] = 0; break;
          case 1: gv[a] = AsBits(std::numeric_limits<float>::quiet_NaN()); break;
          case 2: gv[a] = AsBits(Chance(rng, 50) ? INFINITY : -INFINITY); break;
          case 3: gv[a] = Chance(rng, 50) ? 0x5F800000u : 0x1F800000u; break;  // 2^64, 2^-64
          case 4: gv[a] = RandomBits(rng); break;
          default: {
            const float texels = std::ldexp(std::uniform_real_distribution<float>(1.0f, 2.0f)(rng),
                                            static_cast<int>(Uniform(rng, -6, 12)));
            gv[a] = AsBits((Chance(rng, 50) ? -texels : texels) / (norm ? e : 1.0f));
          }
        }
      }
    }
  }
  for (uint32_t& e : r.offset) e = static_cast<uint32_t>(Uniform(rng, -8, 7));
  if (Chance(rng, 10)) r.offset[0] = RandomBits(rng);  // only the low 4 bits count
  r.depth_ref = Chance(rng, 70) ? AsBits(std::uniform_real_distribution<float>(-0.25f, 1.25f)(rng))
                                : RandomBits(rng);
  return op;
}

void RandomFilterTap(Rng& rng, const FilterTap* prev, FilterTap* t) {
  static const uint32_t kCorners[] = {
      0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x00000001u, 0x807FFFFFu,
      0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
      0x7F800001u, 0xFFC12345u, 0x3EFFFFFFu, 0x4B000000u};
  for (int c = 0; c < 4; ++c) {
    if (prev != nullptr && Chance(rng, 15)) {
      t->c[c] = prev->c[c];  // equal neighbours
    } else if (Chance(rng, 20)) {
      t->c[c] = kCorners[Uniform(rng, 0, sizeof kCorners / sizeof kCorners[0] - 1)];
    } else if (Chance(rng, 50)) {  // texel-like values in [0, 1]
      t->c[c] = static_cast<uint32_t>(Uniform(rng, 0, 0x3F800000));
    } else {
      t->c[c] = static_cast<uint32_t>(rng());
    }
  }
  for (int r = 0; r < 4; ++r) {
    t->w[r] = Chance(rng, 10) ? 0u : Chance(rng, 10) ? 255u : static_cast<uint32_t>(Uniform(rng, 0, 255));
  }
}

bool MakeSamplingScene(int kind, size_t count, SamplingScene* scene, std::string* error) {
  TextureDesc d;
  d.dim = Geometry::k2d;
  d.width = d.height = 64;
  d.levels = 7;
  d.layout = Layout::kBlockLinear;
  d.block_height_log2 = 3;
  d.base = 0x100000;
  d.sampler.normalized = true;
  d.sampler.mag_filter = d.sampler.min_filter = kind == 0 ? FilterMode::kNearest : FilterMode::kLinear;
  const bool raster = kind == 3;
  d.sampler.mip_filter = kind == 2 ? MipFilter::kLinear : MipFilter::kNone;
  Unit unit(&scene->mem);
  if (!unit.BindTexture(1, d, error) ||
      !ParsePtx("tex.level.2d.v4.f32.f32 {a,b,c,d}, [t, {x,y}], l;", &scene->in, error)) {
    return false;
  }
  const ResolvedTexture& t = *unit.FindTexture(1);
  Rng rng(5);
  for (uint64_t a = 0; a < t.size_bytes; a += 8) {
    const uint64_t v = rng();
    scene->mem.Write(t.desc.base + a, reinterpret_cast<const uint8_t*>(&v), 8);
  }
  TexturePlacement place;
  place.level_table = 0x1000;
  place.sampler_slot = 2;  // unified mode through a pool: the sampler in slot 2
  scene->image = EncodeTexture(t, place);
  for (size_t k = 0; k < scene->image.levels.size(); ++k) {
    scene->mem.Write(place.level_table + 16 * k, scene->image.levels[k].data(), 16);
  }
  scene->sampler = EncodeSampler(d.sampler);
  scene->reqs.assign(count, Request{});
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  const uint32_t lod = AsBits(kind == 2 ? 1.5f : 0.0f);
  for (size_t k = 0; k < scene->reqs.size(); ++k) {
    Request& r = scene->reqs[k];
    r.handle = 1;
    if (raster) {
      r.coords[0] = AsBits((static_cast<float>(k % 128) + 0.5f) / 128.0f);
      r.coords[1] = AsBits((static_cast<float>((k / 128) % 128) + 0.5f) / 128.0f);
    } else {
      r.coords[0] = AsBits(u(rng));
      r.coords[1] = AsBits(u(rng));
    }
    r.lod = lod;
  }
  return true;
}

}  // namespace tsu::tb

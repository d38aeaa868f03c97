// Storage images against suld.b, sust.p and sured, all in .zero mode: Vulkan's robust image
// access discards out-of-bounds stores and atomics and reads zeros, which is what .zero does.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "categories.h"
#include "surface_shape.h"

namespace tsu {
namespace vk {
namespace {

constexpr uint64_t kBase = 0x10000;
constexpr uint64_t kHandle = 1;

struct Setup {
  Shape shape;
  const SharedFormat* fmt;
  FormatInfo info;
  std::vector<uint8_t> bytes;  // level 0 in Vulkan's packed order
  Image img;
  SparseMemory mem;
  Unit unit{&mem};
};

Shape RandomShape(Oracle& o, Geometry g) {
  Shape s;
  s.geom = g;
  s.w = static_cast<uint32_t>(o.Int(1, 33));
  if (g == Geometry::k2d || g == Geometry::k3d || g == Geometry::kA2d) {
    s.h = static_cast<uint32_t>(o.Int(1, 17));
  }
  if (g == Geometry::k3d) s.d = static_cast<uint32_t>(o.Int(1, 5));
  if (s.IsArray()) s.layers = static_cast<uint32_t>(o.Int(1, 4));
  return s;
}

// Random texel data; packed formats whose spare bits Vulkan reads as alpha get ones there.
void FillTexels(Oracle& o, Setup* s) {
  s->bytes.resize(static_cast<size_t>(s->shape.Texels()) * s->info.texel_bytes);
  for (uint8_t& b : s->bytes) b = static_cast<uint8_t>(o.U32());
  if (s->fmt->rgb_only) {
    for (size_t t = 0; t < s->bytes.size(); t += s->info.texel_bytes) {
      s->bytes[t + s->info.texel_bytes - 1] |= s->info.texel_bytes == 2 ? 0x80 : 0xC0;
    }
  }
}

uint64_t TexelAddr(const ResolvedSurface& r, uint32_t x, uint32_t y, uint32_t z, uint32_t l) {
  return r.desc.base + l * r.layer_stride + z * r.slice_bytes + y * r.pitch +
         static_cast<uint64_t>(x) * r.fmt.texel_bytes;
}

// Binds the surface in the model and writes the same texels Vulkan holds.
void BindModel(Unit* unit, SparseMemory* mem, const Setup& s) {
  std::string err;
  if (!unit->BindSurface(kHandle, s.shape.Desc(s.fmt->order, s.fmt->type, kBase), &err)) {
    std::fprintf(stderr, "oracle: internal error: surface rejected: %s\n", err.c_str());
    std::exit(2);
  }
  const ResolvedSurface& r = *unit->FindSurface(kHandle);
  const Shape& sh = s.shape;
  for (uint32_t l = 0; l < sh.layers; ++l)
    for (uint32_t z = 0; z < sh.d; ++z)
      for (uint32_t y = 0; y < sh.h; ++y)
        for (uint32_t x = 0; x < sh.w; ++x)
          mem->Write(TexelAddr(r, x, y, z, l), &s.bytes[sh.Index(x, y, z, l) * s.info.texel_bytes],
                     static_cast<uint32_t>(s.info.texel_bytes));
}

// A random surface of format f and geometry g with the same texels on both sides.
void Prepare(Oracle& o, const SharedFormat& f, Geometry g, Setup* s) {
  s->shape = RandomShape(o, g);
  s->fmt = &f;
  s->info = Describe(f);
  FillTexels(o, s);
  s->img = o.vk->CreateImage(s->shape.Spec(f.vk, true), static_cast<uint32_t>(s->info.texel_bytes));
  o.vk->Upload(s->img, s->bytes);
  BindModel(&s->unit, &s->mem, *s);
}

// The suld.b form that reads one whole texel of `bytes` bytes.
std::string LoadForm(const Shape& sh, int bytes) {
  const char* vt = bytes == 1 ? "b8" : bytes == 2 ? "b16" : bytes == 4 ? "b32" : bytes == 8 ? "b64"
                                                                                          : "v2.b64";
  const char* dst = bytes == 16 ? "{d0,d1}" : "d0";
  return std::string("suld.b.") + sh.Suffix() + "." + vt + ".zero " + dst + ", [surf, " +
         sh.PtxCoords() + "];";
}

void ModelTexel(Unit* unit, const Setup& s, int32_t x, int32_t y, int32_t z, int32_t l,
                uint32_t comps[4]) {
  Request req;
  req.handle = kHandle;
  // .b addressing: x in bytes.
  s.shape.PtxValues(x * s.info.texel_bytes, y, z, l, req.coords);
  const Response r = RunPtx(unit, LoadForm(s.shape, s.info.texel_bytes), req);
  uint8_t bytes[16] = {};
  const int elem = s.info.texel_bytes == 16 ? 8 : s.info.texel_bytes;
  for (int k = 0; k < s.info.texel_bytes; ++k) {
    bytes[k] = static_cast<uint8_t>(r.data[k / elem] >> (8 * (k % elem)));
  }
  UnpackTexel(s.info, bytes, comps);
}

std::string Where(const Setup& s, int32_t x, int32_t y, int32_t z, int32_t l) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s %s %ux%ux%u[%u] texel (%d,%d,%d) layer %d", s.fmt->name,
                s.shape.Suffix(), s.shape.w, s.shape.h, s.shape.d, s.shape.layers, x, y, z, l);
  return buf;
}

bool SameComponents(const uint32_t* a, const uint32_t* b) { return std::memcmp(a, b, 16) == 0; }

bool IsNormalized(const FormatInfo& f) {
  return f.kind == ChannelKind::kUnorm || f.kind == ChannelKind::kSnorm;
}

void LoadConfig(Oracle& o, Category& cat, const SharedFormat& f, Geometry g) {
  Setup s;
  Prepare(o, f, g, &s);

  const int n = 48;
  std::vector<uint32_t> cases(4 * n);
  std::vector<int32_t> xyzl(4 * n);
  for (int i = 0; i < n; ++i) {
    int32_t* c = &xyzl[4 * i];
    c[0] = RandomCoord(o, s.shape.w, 0.15);
    c[1] = RandomCoord(o, s.shape.h, 0.1);
    c[2] = RandomCoord(o, s.shape.d, 0.1);
    c[3] = RandomCoord(o, s.shape.layers, 0.1);
    if (g == Geometry::k1d || g == Geometry::kA1d) c[1] = 0;
    if (g != Geometry::k3d) c[2] = 0;
    if (!s.shape.IsArray()) c[3] = 0;
    s.shape.VkValues(c[0], c[1], c[2], c[3], &cases[4 * i]);
  }
  const std::string shader = std::string("load_") + f.glsl + "_" + s.shape.Suffix();
  const bool normalized = IsNormalized(s.info);
  std::vector<uint32_t> got = RunShader(o, shader.c_str(), true, s.img, VK_NULL_HANDLE, cases, n,
                                        (n + 63) / 64, 4 * n);
  for (int i = 0; i < n; ++i) {
    const int32_t* c = &xyzl[4 * i];
    uint32_t want[4];
    ModelTexel(&s.unit, s, c[0], c[1], c[2], c[3], want);
    const uint32_t* vk = &got[4 * i];
    if (o.opt.log) {
      std::fprintf(o.opt.log, "%s: %s vk %s model %s\n", cat.name.c_str(),
                   Where(s, c[0], c[1], c[2], c[3]).c_str(), HexWords(vk, 4).c_str(),
                   HexWords(want, 4).c_str());
    }
    double diff = 0;
    if (SameComponents(vk, want)) {
      o.report->Exact(cat);
    } else if (normalized && WithinOneUlp(vk, want, &diff)) {
      o.report->Within(cat, diff);
    } else {
      o.report->Fail(cat, diff, Where(s, c[0], c[1], c[2], c[3]) + ": imageLoad " + HexWords(vk, 4) +
                                    ", suld.b + model unpack " + HexWords(want, 4));
    }
  }
  o.vk->Destroy(&s.img);
}

// Values a store may take: floats across the format's range and beyond (conversions clamp),
// integers within the format's range (Vulkan leaves out-of-range integer stores undefined).
uint32_t StoreValue(Oracle& o, const FormatInfo& f, int comp_bits) {
  if (f.kind == ChannelKind::kUint) {
    return comp_bits >= 32 ? o.U32() : o.U32() & ((1u << comp_bits) - 1);
  }
  if (f.kind == ChannelKind::kSint) {
    if (comp_bits >= 32) return o.U32();
    const int32_t lo = -(1 << (comp_bits - 1)), hi = (1 << (comp_bits - 1)) - 1;
    return static_cast<uint32_t>(o.Int(lo, hi));
  }
  const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -2.0f, 1e-3f, 65504.0f,
                            1.0f / 255, 0.5f / 255, 1.5f / 255, 1e30f, -1e30f};
  float v = o.Chance(0.3) ? specials[o.Int(0, 13)] : static_cast<float>(o.Real(-1.25, 1.25));
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

// f32 → UNORM/SNORM/f16 stores: Vulkan's convertFloatToUint/Int "returns one of the two ...
// values closest to" f × (2^b − 1) (and f16 rounding is likewise not pinned), so a stored code
// one step from the model's correctly rounded one is within tolerance (docs/oracle.md, L2).
bool NearestCodes(const FormatInfo& f, const uint8_t* a, const uint8_t* b, double* diff) {
  if (f.kind != ChannelKind::kUnorm && f.kind != ChannelKind::kSnorm &&
      f.kind != ChannelKind::kHalf) {
    return false;
  }
  uint64_t wa = 0, wb = 0;
  std::memcpy(&wa, a, std::min(8, f.texel_bytes));
  std::memcpy(&wb, b, std::min(8, f.texel_bytes));
  *diff = 0;
  for (int i = 0; i < f.num_fields; ++i) {
    const int bits = f.fields[i].bits;
    const uint64_t mask = (1ull << bits) - 1;
    int64_t ca = static_cast<int64_t>((wa >> f.fields[i].lsb) & mask);
    int64_t cb = static_cast<int64_t>((wb >> f.fields[i].lsb) & mask);
    if (f.kind == ChannelKind::kSnorm) {  // sign-extend
      if (ca >> (bits - 1)) ca -= static_cast<int64_t>(1) << bits;
      if (cb >> (bits - 1)) cb -= static_cast<int64_t>(1) << bits;
    } else if (f.kind == ChannelKind::kHalf) {  // order f16 bit patterns by value
      if ((ca ^ cb) & 0x8000) return ca == cb;
      ca &= 0x7FFF, cb &= 0x7FFF;
    }
    const int64_t d = ca > cb ? ca - cb : cb - ca;
    if (d > 1) return false;
    const double range = f.kind == ChannelKind::kHalf ? 1.0 : static_cast<double>(mask);
    *diff = std::max(*diff, f.kind == ChannelKind::kHalf ? d * std::ldexp(1.0, -11)
                                                          : static_cast<double>(d) / range);
  }
  return true;
}

void StoreOrAtomicConfig(Oracle& o, Category& cat, const SharedFormat& f, Geometry g,
                         bool atomic) {
  Setup s;
  Prepare(o, f, g, &s);

  const int n = 32;
  std::vector<uint32_t> cases(8 * n);
  std::vector<int32_t> xyzl(4 * n);
  std::vector<std::string> forms(n);
  const bool sint = f.kind == 1;
  static const char* const kOps[] = {"add", "min", "max", "and", "or"};
  for (int i = 0; i < n; ++i) {
    int32_t* c = &xyzl[4 * i];
    // Reuse earlier coordinates often so stores overwrite and atomics accumulate.
    if (i > 0 && o.Chance(0.3)) {
      std::memcpy(c, &xyzl[4 * o.Int(0, i - 1)], 16);
    } else {
      c[0] = RandomCoord(o, s.shape.w, 0.15);
      c[1] = g == Geometry::k1d || g == Geometry::kA1d ? 0 : RandomCoord(o, s.shape.h, 0.1);
      c[2] = g == Geometry::k3d ? RandomCoord(o, s.shape.d, 0.1) : 0;
      c[3] = s.shape.IsArray() ? RandomCoord(o, s.shape.layers, 0.1) : 0;
    }
    s.shape.VkValues(c[0], c[1], c[2], c[3], &cases[8 * i]);
    uint32_t* v = &cases[8 * i + 4];
    Request req;
    req.handle = kHandle;
    if (!atomic) {
      const int bits = s.info.fields[0].bits;
      for (int k = 0; k < 4; ++k) v[k] = StoreValue(o, s.info, bits);
      for (int k = 0; k < 4; ++k) req.data[k] = v[k];
      s.shape.PtxValues(c[0], c[1], c[2], c[3], req.coords);  // .p: x in texels
      forms[i] = std::string("sust.p.") + s.shape.Suffix() + ".v4.b32.zero [surf, " +
                 s.shape.PtxCoords() + "], {v0,v1,v2,v3};";
    } else {
      const int op = o.Int(0, 4);
      v[0] = o.Chance(0.5) ? o.U32() : o.U32() % 64;
      v[1] = static_cast<uint32_t>(op);
      req.data[0] = v[0];
      // Alternate byte addressing (typed by the format's signedness) and sample addressing.
      const bool sample = o.Chance(0.5);
      // .and/.or take .b32 only; add/min/max carry the signedness.
      const char* type = sample || op >= 3 ? "b32" : sint ? "s32" : "u32";
      s.shape.PtxValues(sample ? c[0] : c[0] * 4, c[1], c[2], c[3], req.coords);
      forms[i] = std::string("sured.") + (sample ? "p." : "b.") + kOps[op] + "." +
                 s.shape.Suffix() + "." + type + ".zero [surf, " + s.shape.PtxCoords() + "], v;";
    }
    const Response r = RunPtx(&s.unit, forms[i], req);
    if (r.trap != TrapCause::kNone) {
      o.report->Fail(cat, 1.0, Where(s, c[0], c[1], c[2], c[3]) + ": model trapped on " +
                                   forms[i]);
    }
  }
  const std::string shader = atomic ? std::string("atomic_") + (sint ? "i_" : "u_") + s.shape.Suffix()
                                    : "store_" + std::to_string(f.kind) +
                                          "_" + s.shape.Suffix();
  RunShader(o, shader.c_str(), true, s.img, VK_NULL_HANDLE, cases, n, 1, 4);
  const std::vector<uint8_t> vk = o.vk->Download(s.img);
  const ResolvedSurface& r = *s.unit.FindSurface(kHandle);
  const int tb = s.info.texel_bytes;
  // Every operation is one case: the texel it targeted must end equal on both sides (an
  // out-of-bounds one must have changed nothing, which the whole-image check below covers).
  for (int i = 0; i < n; ++i) {
    const int32_t* c = &xyzl[4 * i];
    const bool in = c[0] >= 0 && c[0] < static_cast<int32_t>(s.shape.w) && c[1] >= 0 &&
                    c[1] < static_cast<int32_t>(s.shape.h) && c[2] >= 0 &&
                    c[2] < static_cast<int32_t>(s.shape.d) && c[3] >= 0 &&
                    c[3] < static_cast<int32_t>(s.shape.layers);
    uint8_t model[16] = {}, vkb[16] = {};
    if (in) {
      const uint32_t x = static_cast<uint32_t>(c[0]), y = static_cast<uint32_t>(c[1]),
                     z = static_cast<uint32_t>(c[2]), l = static_cast<uint32_t>(c[3]);
      s.mem.Read(TexelAddr(r, x, y, z, l), model, static_cast<uint32_t>(tb));
      std::memcpy(vkb, &vk[s.shape.Index(x, y, z, l) * tb], tb);
    }
    uint32_t mw[4], vw[4];
    std::memcpy(mw, model, 16);
    std::memcpy(vw, vkb, 16);
    if (o.opt.log) {
      std::fprintf(o.opt.log, "%s: %s %s value %s -> vk %s model %s\n", cat.name.c_str(),
                   Where(s, c[0], c[1], c[2], c[3]).c_str(), forms[i].c_str(),
                   HexWords(&cases[8 * i + 4], 4).c_str(), HexWords(vw, 4).c_str(), HexWords(mw, 4).c_str());
    }
    double diff = 0;
    if (std::memcmp(model, vkb, 16) == 0) {
      o.report->Exact(cat);
    } else if (!atomic && NearestCodes(s.info, model, vkb, &diff)) {
      o.report->Within(cat, diff);
    } else {
      o.report->Fail(cat, 1.0, Where(s, c[0], c[1], c[2], c[3]) + ": after " + forms[i] +
                                   " with " + HexWords(&cases[8 * i + 4], 4) + " texel bytes vk " +
                                   HexWords(vw, (tb + 3) / 4) + " model " + HexWords(mw, (tb + 3) / 4));
    }
  }
  // No other texel may differ (out-of-bounds operations must not have landed anywhere).
  for (uint32_t l = 0; l < s.shape.layers; ++l)
    for (uint32_t z = 0; z < s.shape.d; ++z)
      for (uint32_t y = 0; y < s.shape.h; ++y)
        for (uint32_t x = 0; x < s.shape.w; ++x) {
          uint8_t model[16];
          s.mem.Read(TexelAddr(r, x, y, z, l), model, static_cast<uint32_t>(tb));
          double d = 0;
          const uint8_t* v = &vk[s.shape.Index(x, y, z, l) * tb];
          if (std::memcmp(model, v, tb) != 0 && (atomic || !NearestCodes(s.info, model, v, &d))) {
            o.report->Fail(cat, 1.0, Where(s, static_cast<int32_t>(x), static_cast<int32_t>(y),
                                           static_cast<int32_t>(z), static_cast<int32_t>(l)) +
                                         ": final image differs here");
            l = s.shape.layers, z = s.shape.d, y = s.shape.h, x = s.shape.w;
          }
        }
  o.vk->Destroy(&s.img);
}

const Geometry kSurfaceGeoms[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                  Geometry::kA2d};

}  // namespace

void SurfaceLoads(Oracle& o) {
  if (!o.Wants("surface.load")) return;
  Category& exact = o.report->Get("surface.load: imageLoad vs suld.b .zero (integer, float formats)", true);
  Category& norm = o.report->Get("surface.load: imageLoad vs suld.b .zero (normalized formats)", false,
                                 "1 ulp of f32 (L1)");
  // Every storage format on 2D, then two formats on every other dimensionality.
  for (int rep = 0; rep < o.Count(2); ++rep) {
    for (const SharedFormat& f : SharedFormats()) {
      if (f.glsl) LoadConfig(o, IsNormalized(Describe(f)) ? norm : exact, f, Geometry::k2d);
    }
    for (Geometry g : kSurfaceGeoms) {
      if (g == Geometry::k2d) continue;
      for (const SharedFormat& f : SharedFormats()) {
        if (f.glsl && (std::string(f.name) == "r32ui" || std::string(f.name) == "rgba8")) {
          LoadConfig(o, IsNormalized(Describe(f)) ? norm : exact, f, g);
        }
      }
    }
  }
}

void SurfaceStores(Oracle& o) {
  if (!o.Wants("surface.store")) return;
  Category& exact = o.report->Get("surface.store: imageStore vs sust.p .zero (integer, f32 formats)", true);
  Category& conv = o.report->Get("surface.store: imageStore vs sust.p .zero (normalized, f16 formats)",
                                 false, "one of the two nearest codes (L2)");
  auto cat_of = [&](const SharedFormat& f) -> Category& {
    const ChannelKind k = Describe(f).kind;
    return k == ChannelKind::kUnorm || k == ChannelKind::kSnorm || k == ChannelKind::kHalf ? conv
                                                                                          : exact;
  };
  for (int rep = 0; rep < o.Count(2); ++rep) {
    for (const SharedFormat& f : SharedFormats()) {
      if (!f.glsl) continue;
      StoreOrAtomicConfig(o, cat_of(f), f, Geometry::k2d, false);
    }
    for (Geometry g : kSurfaceGeoms) {
      if (g == Geometry::k2d) continue;
      for (const SharedFormat& f : SharedFormats()) {
        if (f.glsl && (std::string(f.name) == "rgba16i" || std::string(f.name) == "rgba8")) {
          StoreOrAtomicConfig(o, cat_of(f), f, g, false);
        }
      }
    }
  }
}

void SurfaceAtomics(Oracle& o) {
  if (!o.Wants("surface.atomic")) return;
  Category& cat = o.report->Get("surface.atomic: imageAtomic* vs sured .zero", true);
  for (int rep = 0; rep < o.Count(8); ++rep) {
    for (Geometry g : {Geometry::k1d, Geometry::k2d, Geometry::k3d}) {
      for (const SharedFormat& f : SharedFormats()) {
        if (f.glsl && (std::string(f.name) == "r32ui" || std::string(f.name) == "r32i")) {
          StoreOrAtomicConfig(o, cat, f, g, true);
        }
      }
    }
  }
}

}  // namespace vk
}  // namespace tsu

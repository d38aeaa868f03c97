// texelFetch against tex with .s32 coordinates (tex.level for a lod, plain tex on multisample
// textures). Out-of-bounds texel coordinates read zeros under Vulkan's robust image access (alpha
// 1 where the format has none); the model's sampler is set to the border mode with a zero border,
// whose missing components the model substitutes the same way (docs/semantics.md T3).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "categories.h"
#include "texture_setup.h"

namespace tsu {
namespace vk {
namespace {

// lavapipe decodes sRGB with a polynomial (Mesa gallivm lp_build_srgb_to_linear), not the
// correctly rounded EOTF the model uses (docs/semantics.md T10); half an 8-bit step bounds it.
const double kSrgbTolerance = 1.0 / 512;

const char* DType(int kind) { return kind == 0 ? "f32" : kind == 1 ? "s32" : "u32"; }

bool Filterless(const SharedFormat& f) {
  const FormatInfo i = Describe(f);
  return i.kind == ChannelKind::kUint || i.kind == ChannelKind::kSint ||
         i.kind == ChannelKind::kFloat || i.kind == ChannelKind::kHalf;
}

void FetchConfig(Oracle& o, Category& exact, Category& tol, Category& srgb, const SharedFormat& f,
                 Geometry g) {
  TexSetup t;
  t.geom = g;
  t.fmt = &f;
  const bool ms = g == Geometry::k2dms || g == Geometry::kA2dms;
  t.w = static_cast<uint32_t>(o.Int(1, 24));
  t.h = g == Geometry::k1d || g == Geometry::kA1d ? 1 : static_cast<uint32_t>(o.Int(1, 16));
  t.d = g == Geometry::k3d ? static_cast<uint32_t>(o.Int(1, 8)) : 1;
  t.array = g == Geometry::kA1d || g == Geometry::kA2d || g == Geometry::kA2dms
                ? static_cast<uint32_t>(o.Int(1, 4))
                : 0;
  t.samples = ms ? (o.Chance(0.5) ? 4u : 2u) : 1u;
  if (!ms) {
    uint32_t max_levels = 1;
    while ((std::max({t.w, t.h, t.d}) >> max_levels) > 0) ++max_levels;
    t.levels = static_cast<uint32_t>(o.Int(1, static_cast<int>(max_levels)));
  }
  CreateTexture(o, &t);
  SamplerDesc s;
  for (AddressMode& a : s.address) a = AddressMode::kBorder;
  // A zero border: the model substitutes alpha 1 where the format has no alpha, as robust reads
  // do (docs/semantics.md T3).
  std::string err;
  TextureDesc desc = t.resolved->desc;
  desc.sampler = s;
  if (!t.unit.BindTexture(kTexHandle, desc, &err)) {
    std::fprintf(stderr, "oracle: internal error: %s\n", err.c_str());
    std::exit(2);
  }
  t.resolved = t.unit.FindTexture(kTexHandle);

  const int n = 40;
  std::vector<uint32_t> cases(4 * n);
  std::vector<std::string> forms(n);
  std::vector<Request> reqs(n);
  const bool layered = t.array > 0;
  for (int i = 0; i < n; ++i) {
    const uint32_t lod = ms ? 0 : static_cast<uint32_t>(o.Int(0, static_cast<int>(t.levels) - 1));
    const uint32_t lw = std::max(1u, t.w >> lod), lh = std::max(1u, t.h >> lod),
                   ld = std::max(1u, t.d >> lod);
    // Out of bounds only where both sides agree on the format's alpha: Vulkan's packed formats
    // have alpha where ours have spare bits, and swizzles apply after the robust substitution.
    const double oob = f.rgb_only || f.swizzle.r != VK_COMPONENT_SWIZZLE_IDENTITY ? 0 : 1;
    const int32_t x = RandomCoord(o, lw, 0.12 * oob);
    const int32_t y = g == Geometry::k1d || g == Geometry::kA1d ? 0 : RandomCoord(o, lh, 0.1 * oob);
    const int32_t z = g == Geometry::k3d ? RandomCoord(o, ld, 0.1 * oob) : 0;
    // Layers, levels and samples stay in range: out of range, Vulkan reads zeros where PTX
    // clamps (docs/semantics.md T7), so they are not comparable.
    const int32_t layer = layered ? o.Int(0, static_cast<int>(t.array) - 1) : 0;
    const int32_t sample = ms ? o.Int(0, static_cast<int>(t.samples) - 1) : 0;
    // GLSL ivec4: 1D (x, -, -, lod); 2D (x, y); 3D (x, y, z); 1DArray (x, layer);
    // 2DArray (x, y, layer); 2DMS (x, y, -, sample); 2DMSArray (x, y, layer, sample).
    uint32_t* c = &cases[4 * i];
    c[0] = static_cast<uint32_t>(x);
    c[1] = static_cast<uint32_t>(g == Geometry::kA1d ? layer : y);
    c[2] = static_cast<uint32_t>(g == Geometry::k3d ? z : layered ? layer : 0);
    c[3] = ms ? static_cast<uint32_t>(sample) : lod;
    Request& r = reqs[i];
    r.handle = kTexHandle;
    const char* dt = DType(f.kind);
    std::string coords;
    switch (g) {
      case Geometry::k1d: coords = "{x}", r.coords[0] = c[0]; break;
      case Geometry::k2d: coords = "{x,y}", r.coords[0] = c[0], r.coords[1] = c[1]; break;
      case Geometry::k3d:
        coords = "{x,y,z,w}", r.coords[0] = c[0], r.coords[1] = c[1], r.coords[2] = c[2];
        break;
      case Geometry::kA1d:
        coords = "{l,x}", r.coords[0] = static_cast<uint32_t>(layer), r.coords[1] = c[0];
        break;
      case Geometry::kA2d:
        coords = "{l,x,y,w}", r.coords[0] = static_cast<uint32_t>(layer), r.coords[1] = c[0],
        r.coords[2] = c[1];
        break;
      case Geometry::k2dms:  // {sample, x, y, -} (the text's example)
        coords = "{s,x,y,w}", r.coords[0] = c[3], r.coords[1] = c[0], r.coords[2] = c[1];
        break;
      default:  // a2dms {index, sample, x, y} (docs/semantics.md T7)
        coords = "{l,s,x,y}", r.coords[0] = static_cast<uint32_t>(layer), r.coords[1] = c[3],
        r.coords[2] = c[0], r.coords[3] = c[1];
        break;
    }
    if (ms) {
      forms[i] = std::string("tex.") + GeomName(g) + ".v4." + dt + ".s32 {a,b,c,d}, [t, " +
                 coords + "];";
    } else {
      r.lod = lod;
      forms[i] = std::string("tex.level.") + GeomName(g) + ".v4." + dt + ".s32 {a,b,c,d}, [t, " +
                 coords + "], l;";
    }
  }
  const char* dims = g == Geometry::k1d    ? "1d"
                     : g == Geometry::k2d  ? "2d"
                     : g == Geometry::k3d  ? "3d"
                     : g == Geometry::kA1d ? "a1d"
                     : g == Geometry::kA2d ? "a2d"
                     : g == Geometry::k2dms ? "ms"
                                            : "ams";
  const std::string shader = "fetch_" + std::to_string(f.kind) + "_" + dims;
  // Sampled images take a sampler in the combined descriptor; texelFetch ignores its state.
  VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sci.maxLod = VK_LOD_CLAMP_NONE;
  VkSampler vs = o.vk->CreateSampler(sci);
  std::vector<uint32_t> got = RunShader(o, shader.c_str(), false, t.img, vs, cases, n,
                                        (n + 63) / 64, 4 * n);
  o.vk->Destroy(vs);
  const bool exact_cat = Filterless(f);
  const bool is_srgb = t.info.srgb;
  Category& cat = exact_cat ? exact : is_srgb ? srgb : tol;
  for (int i = 0; i < n; ++i) {
    const Response r = RunPtx(&t.unit, forms[i], reqs[i]);
    uint32_t want[4];
    for (int k = 0; k < 4; ++k) want[k] = static_cast<uint32_t>(r.data[k]);
    const uint32_t* vk = &got[4 * i];
    if (o.opt.log) {
      std::fprintf(o.opt.log, "%s: %s %s coords %s -> vk %s model %s\n", cat.name.c_str(),
                   t.Describe().c_str(), forms[i].c_str(), HexWords(&cases[4 * i], 4).c_str(),
                   HexWords(vk, 4).c_str(), HexWords(want, 4).c_str());
    }
    if (std::memcmp(vk, want, 16) == 0) {
      o.report->Exact(cat);
      continue;
    }
    double diff = 0;
    const bool one_ulp = WithinOneUlp(vk, want, &diff);
    const bool ok = !exact_cat && (is_srgb ? diff <= kSrgbTolerance : one_ulp);
    if (ok) {
      o.report->Within(cat, diff);
    } else {
      o.report->Fail(cat, diff, t.Describe() + ": " + forms[i] + " coords " +
                                    HexWords(&cases[4 * i], 4) + ": texelFetch " + HexWords(vk, 4) +
                                    ", model " + HexWords(want, 4));
    }
  }
  DestroyTexture(o, &t);
}

}  // namespace

void TexelFetches(Oracle& o) {
  if (!o.Wants("fetch")) return;
  Category& exact = o.report->Get("fetch: texelFetch vs tex .s32 (integer, float formats)", true);
  Category& tol = o.report->Get("fetch: texelFetch vs tex .s32 (normalized formats)", false,
                                "1 ulp of f32 (L1)");
  Category& srgb = o.report->Get("fetch: texelFetch vs tex .s32 (sRGB formats)", false,
                                 "abs diff <= 2^-9 (L3)");
  const Geometry geoms[] = {Geometry::k1d,  Geometry::k2d,   Geometry::k3d,  Geometry::kA1d,
                            Geometry::kA2d, Geometry::k2dms, Geometry::kA2dms};
  for (int rep = 0; rep < o.Count(1); ++rep) {
    for (const SharedFormat& f : SharedFormats()) {
      if (f.order == ChannelOrder::kDepth) continue;
      if (!(o.vk->FormatFeatures(f.vk) & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)) continue;
      for (Geometry g : geoms) {
        const bool ms = g == Geometry::k2dms || g == Geometry::kA2dms;
        // Multisample images are filled by storage stores: storage formats only.
        if (ms && (!f.glsl || !(o.vk->FormatFeatures(f.vk) & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))) {
          continue;
        }
        FetchConfig(o, exact, tol, srgb, f, g);
      }
    }
  }
}

}  // namespace vk
}  // namespace tsu

// Filtered sampling against tex with .f32 coordinates: texture (base level in a compute shader),
// textureLod, textureGrad, textureLodOffset, textureGradOffset and shadow lookups, on 1D, 2D,
// 3D, arrays, cube and cube arrays, with every address mode, filter and mip filter, normalized
// and unnormalized coordinates.
//
// Nearest sampling of the base level of f16/f32 textures must match bit for bit. Everything that
// passes through precision Vulkan leaves to the implementation is compared against an envelope:
// the model evaluated at the corners of the precision box Vulkan allows lavapipe
// (subTexelPrecisionBits = 8: coordinates ± 2^-8 texel of the level read; mipmapPrecisionBits
// = 4: LOD ± 2^-4, and with gradients the scale-factor approximation Vulkan allows),
// plus 2^-10 for the f32 arithmetic of a filter. A case inside the envelope is "within
// tolerance"; the difference from the model's unperturbed answer is what the histogram shows.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "categories.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"
#include "texture_setup.h"

namespace tsu {
namespace vk {
namespace {

int View(Geometry g) {  // the shader's VIEW number
  switch (g) {
    case Geometry::k1d: return 1;
    case Geometry::k2d: return 2;
    case Geometry::k3d: return 3;
    case Geometry::kA1d: return 4;
    case Geometry::kA2d: return 5;
    case Geometry::kCube: return 6;
    default: return 7;
  }
}

int Axes(Geometry g) {  // coordinate axes that filter
  return g == Geometry::k1d || g == Geometry::kA1d ? 1 : g == Geometry::k2d || g == Geometry::kA2d ? 2 : 3;
}

bool IsCubeGeom(Geometry g) { return g == Geometry::kCube || g == Geometry::kACube; }

const int kOffsets[4][3] = {{-8, 7, 3}, {1, -1, 0}, {7, -8, -2}, {-3, 2, 5}};

struct Config {
  TexSetup* t;
  SamplerDesc s;
  VkSamplerCreateInfo vk;
  bool shadow = false;
};

struct Case {
  int mode = 1;            // 0 texture, 1 Lod, 2 Grad, 3 LodOffset, 4 GradOffset
  float c[4] = {};         // Vulkan coordinates (arrays: layer as a float)
  float dx[3] = {}, dy[3] = {};
  float lod = 0, ref = 0;
  uint32_t layer = 0;
  int offset = 0;
};

AddressMode ToModel(VkSamplerAddressMode m) {
  switch (m) {
    case VK_SAMPLER_ADDRESS_MODE_REPEAT: return AddressMode::kWrap;
    case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT: return AddressMode::kMirror;
    case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER: return AddressMode::kBorder;
    default: return AddressMode::kClamp;
  }
}

// The PTX form and operands for case k, with coordinates scaled by (1 + eps[axis]) texel steps
// and the LOD moved by dlod (gradients scaled by 2^dlod).
// The level whose texels the case reads (the coarser of two): perturbations are in its texels.
// The major axis of a cube case (0 x, 1 y, 2 z), by the model's own face selection (T8).
int MajorAxis(const Case& k) { return SelectCubeFace(k.c[0], k.c[1], k.c[2]).face / 2; }

// The level of detail of case k before the sampler's clamps (explicit, or from the gradients;
// on a cube face by the quotient rule: face coordinate c_m / |c_M| over a face of w texels).
double CaseLambda(const Config& cf, const Case& k) {
  if (k.mode == 1 || k.mode == 3) return k.lod;
  if (k.mode != 2 && k.mode != 4) return 0;
  const TexSetup& t = *cf.t;
  double rx = 0, ry = 0;
  if (IsCubeGeom(t.geom)) {
    const int major = MajorAxis(k);
    const double cm = std::fabs(k.c[major]), sgn = k.c[major] < 0 ? -1.0 : 1.0;
    for (int m = 0; m < 3; ++m) {
      if (m == major) continue;
      const double dsx = (k.dx[m] * cm - k.c[m] * sgn * k.dx[major]) / (cm * cm) * t.w / 2;
      const double dsy = (k.dy[m] * cm - k.c[m] * sgn * k.dy[major]) / (cm * cm) * t.w / 2;
      rx += dsx * dsx, ry += dsy * dsy;
    }
  } else {
    const double size[3] = {static_cast<double>(t.w), static_cast<double>(t.h),
                            static_cast<double>(t.d)};
    for (int a = 0; a < Axes(t.geom); ++a) {
      const double sc = cf.s.normalized ? size[a] : 1.0;
      rx += k.dx[a] * sc * k.dx[a] * sc, ry += k.dy[a] * sc * k.dy[a] * sc;
    }
  }
  return 0.5 * std::log2(std::max({rx, ry, 1e-30}));
}

int CoarseLevel(const Config& cf, const Case& k) {
  const double maxl = cf.s.mip_filter == MipFilter::kNone ? 0 : cf.t->levels - 1.0;
  return static_cast<int>(std::clamp(std::floor(CaseLambda(cf, k) + 1), 0.0, maxl));
}

std::string Form(const Config& cf, const Case& k, const double eps[3], double dlod, Request* r) {
  const Geometry g = cf.t->geom;
  const bool norm = cf.s.normalized;
  const int cl = eps[0] != 0 || eps[1] != 0 || eps[2] != 0 ? CoarseLevel(cf, k) : 0;
  const uint32_t size[3] = {std::max(1u, cf.t->w >> cl), std::max(1u, cf.t->h >> cl),
                            std::max(1u, cf.t->d >> cl)};
  float c[3];
  for (int a = 0; a < 3; ++a) {
    // One texel step in the coordinate's units (cube faces: relative to the major axis).
    double step = norm ? 1.0 / size[a] : 1.0;
    if (IsCubeGeom(g)) step = std::fabs(k.c[0]) + std::fabs(k.c[1]) + std::fabs(k.c[2]);
    if (IsCubeGeom(g)) step /= size[0];
    c[a] = static_cast<float>(k.c[a] + eps[a] * step);
  }
  r->handle = kTexHandle;
  r->sampler = kSamplerHandle;
  std::string coords;
  switch (g) {
    case Geometry::k1d: coords = "{x}"; r->coords[0] = AsBits(c[0]); break;
    case Geometry::k2d:
      coords = "{x,y}", r->coords[0] = AsBits(c[0]), r->coords[1] = AsBits(c[1]);
      break;
    case Geometry::kA1d:
      coords = "{l,x}", r->coords[0] = k.layer, r->coords[1] = AsBits(c[0]);
      break;
    case Geometry::kA2d:
      coords = "{l,x,y,w}", r->coords[0] = k.layer, r->coords[1] = AsBits(c[0]),
      r->coords[2] = AsBits(c[1]);
      break;
    case Geometry::kACube:
      coords = "{l,x,y,z}", r->coords[0] = k.layer;
      for (int a = 0; a < 3; ++a) r->coords[a + 1] = AsBits(c[a]);
      break;
    default:  // 3d, cube
      coords = "{x,y,z,w}";
      for (int a = 0; a < 3; ++a) r->coords[a] = AsBits(c[a]);
      break;
  }
  std::string f = "tex.";
  const int mode = k.mode;
  if (mode == 1 || mode == 3) f += "level.";
  if (mode == 2 || mode == 4) f += "grad.";
  f += std::string(GeomName(g)) + ".v4.f32.f32 {a,b,c,d}, [t, s, " + coords + "]";
  if (mode == 1 || mode == 3) {
    f += ", lod";
    r->lod = AsBits(static_cast<float>(k.lod + dlod));
  }
  if (mode == 2 || mode == 4) {
    const int n = g == Geometry::k1d || g == Geometry::kA1d ? 1
                  : g == Geometry::k2d || g == Geometry::kA2d ? 2
                                                               : 4;
    std::string v = n == 1 ? "{p}" : n == 2 ? "{p,q}" : "{p,q,u,v}";
    f += ", " + v + ", " + v;
    const double scale = std::exp2(dlod);
    for (int a = 0; a < 3 && a < n; ++a) {
      r->dpdx[a] = AsBits(static_cast<float>(k.dx[a] * scale));
      r->dpdy[a] = AsBits(static_cast<float>(k.dy[a] * scale));
    }
  }
  if (mode == 3 || mode == 4) {
    const int n = Axes(g) == 1 ? 1 : Axes(g) == 2 ? 2 : 4;
    f += n == 1 ? ", {e}" : n == 2 ? ", {e,f}" : ", {e,f,g,h}";
    for (int a = 0; a < 3; ++a) r->offset[a] = static_cast<uint32_t>(kOffsets[k.offset][a]);
  }
  if (cf.shadow) {
    f += ", ref";
    r->depth_ref = AsBits(k.ref);
  }
  return f + ";";
}

void Eval(TexSetup* t, const Config& cf, const Case& k, const double eps[3], double dlod,
          float out[4]) {
  Request r;
  const std::string f = Form(cf, k, eps, dlod, &r);
  const Response resp = RunPtx(&t->unit, f, r);
  for (int i = 0; i < 4; ++i) out[i] = AsFloat(static_cast<uint32_t>(resp.data[i]));
}

float RandomCoord(Oracle& o, bool norm, uint32_t size, VkSamplerAddressMode m) {
  // Normalized: mostly inside, sometimes outside to exercise the address mode.
  const double lo = m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE ||
                            m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER
                        ? -0.3
                        : -1.7;
  const double v = o.Chance(0.75) ? o.Real(0, 1) : o.Real(lo, 1 - lo);
  return static_cast<float>(norm ? v : v * size);
}

// Slack added to the envelope: one step of the format's own precision. Vulkan leaves the
// arithmetic precision of filtering to the implementation; lavapipe filters 8-bit formats in
// 8-bit fixed point and widens packed 5/6/10-bit channels through 8 bits (docs/oracle.md, L4).
double FormatSlack(const FormatInfo& f) {
  if (f.srgb) return 1.0 / 255;
  if (f.kind == ChannelKind::kUnorm || f.kind == ChannelKind::kSnorm) {
    int bits = 32;
    for (int i = 0; i < f.num_fields; ++i) bits = std::min(bits, static_cast<int>(f.fields[i].bits));
    bits = std::min(bits, 8);  // lavapipe's 8-bit filtering path
    return (f.kind == ChannelKind::kSnorm ? 2.0 : 1.0) / ((1 << bits) - 1);
  }
  return 1.0 / 1024;
}

// The model's range over the precision box of case k (docs/oracle.md, L4): coordinates ± 2^-8
// texel of the coarser level read, the LOD ± 2^-4 (more with gradients). As a function of the
// box, a filtered result is piecewise multilinear: its pieces meet at texel centres (where the
// filter's taps change) and at integer LODs (where the mip pair changes), and a nearest mip
// choice jumps at half-integer LODs. The corners bound it only when no such kink lies inside the
// box, so `kinks` also evaluates every kink inside it: texel centres of each level on each axis
// (on cube faces through the projection, plus a uniform grid per axis), integer and half-integer
// LODs (both sides of the jump).
void Envelope(const Config& cf, const Case& k, bool kinks, const float center[4], float lo[4],
              float hi[4]) {
  const TexSetup& t = *cf.t;
  const Geometry g = t.geom;
  const bool cube = IsCubeGeom(g);
  const int axes = cube ? 3 : Axes(g);
  const double d = 1.0 / 256;
  for (int c = 0; c < 4; ++c) lo[c] = hi[c] = center[c];
  // LOD: mipmapPrecisionBits = 4 (± 2^-4); with gradients Vulkan also lets the scale factor lie
  // between the largest component and the sum of components, up to ± log2(sqrt(n)) for n axes.
  const double lod_box = 1.0 / 16 + (k.mode == 2 || k.mode == 4 ? 0.5 * std::log2(axes) : 0);
  std::vector<double> dls;
  for (double dl : {-lod_box, -lod_box / 2, -1.0 / 16, 0.0, 1.0 / 16, lod_box / 2, lod_box}) {
    if (std::fabs(dl) <= lod_box) dls.push_back(dl);
  }
  std::vector<double> eps_axis[3];
  for (int a = 0; a < axes; ++a) eps_axis[a] = {-d, d};
  if (kinks) {
    const double lambda = CaseLambda(cf, k);
    for (double n = std::ceil(lambda - lod_box - 1); n <= lambda + lod_box + 1; n += 0.5) {
      for (double side : {-1e-4, 0.0, 1e-4}) {
        const double dl = n - lambda + side;
        if (std::fabs(dl) <= lod_box) dls.push_back(dl);
      }
    }
    const int cl = CoarseLevel(cf, k);
    const uint32_t full[3] = {t.w, t.h, t.d};
    for (int a = 0; a < axes; ++a) {
      eps_axis[a].push_back(0);
      if (cube) {
        for (int j = -3; j <= 3; ++j) eps_axis[a].push_back(d * j / 4);
        // Exact centres: on the face of major axis M a minor coordinate c_m projects to
        // q = c_m / |c_M|, and the level's texel centres sit at q = (2i + 1) / size - 1 (the same
        // set for either sign convention). Moving c_m crosses them at c_m = q |c_M|; moving c_M
        // crosses them at |c_M| = c_m / q.
        const int major = MajorAxis(k);
        const double step = (std::fabs(k.c[0]) + std::fabs(k.c[1]) + std::fabs(k.c[2])) /
                            std::max(1u, t.w >> cl);
        const double cm = std::fabs(k.c[major]);
        for (uint32_t level = 0; level < t.levels; ++level) {
          const double size = std::max(1u, t.w >> level);
          for (double i = 0; i < size; i += 1) {
            const double q = (2 * i + 1) / size - 1;
            if (a != major) {
              eps_axis[a].push_back((q * cm - k.c[a]) / step);
              continue;
            }
            for (int m = 0; m < 3; ++m) {
              if (m == major || q == 0) continue;
              const double target = k.c[m] / q;  // |c_M| at the crossing
              if (target <= 0) continue;
              eps_axis[a].push_back((std::copysign(target, k.c[major]) - k.c[major]) / step);
            }
          }
        }
        auto& v = eps_axis[a];
        v.erase(std::remove_if(v.begin(), v.end(), [d](double e) { return std::fabs(e) > d; }), v.end());
        continue;
      }
      // Form() moves the coordinate by eps texel steps of the coarse level.
      const double step = cf.s.normalized ? 1.0 / std::max(1u, full[a] >> cl) : 1.0;
      for (uint32_t level = 0; level < (cf.s.normalized ? t.levels : 1u); ++level) {
        const double size = cf.s.normalized ? std::max(1u, full[a] >> level) : 1.0;
        // Texel centres (i + 0.5) / size inside [c - d step, c + d step].
        const double lo_u = (k.c[a] - d * step) * size - 0.5, hi_u = (k.c[a] + d * step) * size - 0.5;
        for (double i = std::ceil(lo_u); i <= hi_u; i += 1) {
          eps_axis[a].push_back(((i + 0.5) / size - k.c[a]) / step);
        }
      }
    }
  }
  double eps[3] = {0, 0, 0};
  // Every combination: the axes' candidates times the LOD candidates.
  size_t idx[3] = {0, 0, 0};
  for (;;) {
    for (int a = 0; a < axes; ++a) eps[a] = eps_axis[a][idx[a]];
    for (double dl : dls) {
      float e[4];
      Eval(cf.t, cf, k, eps, k.mode == 0 ? 0.0 : dl, e);
      for (int c = 0; c < 4; ++c) lo[c] = std::min(lo[c], e[c]), hi[c] = std::max(hi[c], e[c]);
    }
    int a = 0;
    while (a < axes && ++idx[a] == eps_axis[a].size()) idx[a++] = 0;
    if (a == axes) break;
  }
}

// The answer lies in [lo, hi] widened by one step of the format (L4) or 2^-10 relative.
bool WithinEnvelope(const FormatInfo& info, const float center[4], const float vkf[4],
                    const float lo[4], const float hi[4]) {
  const double slack = FormatSlack(info);
  for (int c = 0; c < 4; ++c) {
    const double sl = std::max(slack, std::fabs(center[c]) * std::ldexp(1.0, -10));
    if (!(vkf[c] >= lo[c] - sl && vkf[c] <= hi[c] + sl)) return false;
  }
  return true;
}

void SampleConfig(Oracle& o, Report& rep, const SharedFormat& f, Geometry g, bool shadow) {
  TexSetup t;
  t.geom = g;
  t.fmt = &f;
  const bool cube = IsCubeGeom(g);
  t.w = static_cast<uint32_t>(o.Int(1, 20));
  t.h = g == Geometry::k1d || g == Geometry::kA1d ? 1 : static_cast<uint32_t>(o.Int(1, 12));
  if (cube) t.h = t.w;
  t.d = g == Geometry::k3d ? static_cast<uint32_t>(o.Int(1, 8)) : 1;
  t.array = g == Geometry::kA1d || g == Geometry::kA2d || g == Geometry::kACube
                ? static_cast<uint32_t>(o.Int(1, 3))
                : 0;
  // Unnormalized coordinates: Vulkan allows them on 1D/2D single-level views only, with
  // clamp-to-edge/border, equal filters, no offsets, and an explicit LOD of 0.
  const bool unnorm = !shadow && (g == Geometry::k1d || g == Geometry::k2d) && o.Chance(0.25);
  uint32_t max_levels = 1;
  while ((std::max({t.w, t.h, t.d}) >> max_levels) > 0) ++max_levels;
  t.levels = unnorm ? 1 : static_cast<uint32_t>(o.Int(1, static_cast<int>(max_levels)));
  CreateTexture(o, &t);

  Config cf;
  cf.t = &t;
  cf.shadow = shadow;
  VkSamplerCreateInfo& v = cf.vk;
  v = VkSamplerCreateInfo{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  const bool linear = o.Chance(0.5);
  v.magFilter = v.minFilter = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  const int mip = unnorm ? 0 : o.Int(0, 2);  // none, nearest, linear
  v.mipmapMode = mip == 2 ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  v.minLod = 0;
  v.maxLod = mip == 0 ? 0.0f : static_cast<float>(t.levels - 1);
  const VkSamplerAddressMode modes[] = {
      VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
  VkSamplerAddressMode* am[3] = {&v.addressModeU, &v.addressModeV, &v.addressModeW};
  for (int a = 0; a < 3; ++a) {
    *am[a] = cube ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE : modes[o.Int(unnorm ? 2 : 0, 3)];
  }
  // Swizzled views: the border colour is not swizzled the same way on both sides; keep them off
  // the border.
  if (f.swizzle.r != VK_COMPONENT_SWIZZLE_IDENTITY || f.rgb_only) {
    for (int a = 0; a < 3; ++a) {
      if (*am[a] == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER) {
        *am[a] = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
      }
    }
  }
  const int border = o.Int(0, 2);
  v.borderColor = border == 0   ? VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK
                  : border == 1 ? VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK
                                : VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
  v.unnormalizedCoordinates = unnorm;
  const VkCompareOp ops[] = {VK_COMPARE_OP_LESS, VK_COMPARE_OP_LESS_OR_EQUAL,
                             VK_COMPARE_OP_GREATER, VK_COMPARE_OP_GREATER_OR_EQUAL,
                             VK_COMPARE_OP_EQUAL, VK_COMPARE_OP_NOT_EQUAL};
  if (shadow) {
    v.compareEnable = VK_TRUE;
    v.compareOp = ops[o.Int(0, 5)];
  }
  // The same sampler for the model (docs/oracle.md: how the two samplers correspond).
  SamplerDesc& s = cf.s;
  s.mag_filter = s.min_filter = linear ? FilterMode::kLinear : FilterMode::kNearest;
  s.mip_filter = mip == 0 ? MipFilter::kNone : mip == 1 ? MipFilter::kNearest : MipFilter::kLinear;
  for (int a = 0; a < 3; ++a) s.address[a] = ToModel(*am[a]);
  s.normalized = !unnorm;
  const float bc = border == 2 ? 1.0f : 0.0f;
  for (int c = 0; c < 3; ++c) s.border[c] = AsBits(bc);
  s.border[3] = AsBits(border == 0 ? 0.0f : 1.0f);
  s.min_lod = 0;
  s.max_lod = v.maxLod;
  s.seamless_cube = true;  // Vulkan cube sampling is always seamless
  if (shadow) s.compare = static_cast<CompareOp>(v.compareOp);
  std::string err;
  if (!t.unit.BindSampler(kSamplerHandle, s, &err)) {
    std::fprintf(stderr, "oracle: internal error: sampler rejected: %s\n", err.c_str());
    std::exit(2);
  }
  VkSampler vs = o.vk->CreateSampler(v);

  const int n = 24;
  std::vector<Case> cases(n);
  std::vector<uint32_t> words(16 * n);
  const int view = View(g);
  for (int i = 0; i < n; ++i) {
    Case& k = cases[i];
    // Modes GLSL has for this sampler type (sample.comp); unnormalized: textureLod at 0 only.
    std::vector<int> allowed = {0, 1, 2, 3, 4};
    if (cube) allowed = {0, 1, 2};
    if (shadow) {
      if (view == 1 || view == 2 || view == 4) allowed = {0, 1, 2, 3, 4};
      else if (view == 5) allowed = {0, 2, 4};
      else if (view == 6) allowed = {0, 2};
      else allowed = {0};
    }
    if (unnorm) allowed = {1};
    k.mode = allowed[o.Int(0, static_cast<int>(allowed.size()) - 1)];
    const uint32_t size[3] = {t.w, t.h, t.d};
    if (cube) {
      for (int a = 0; a < 3; ++a) k.c[a] = static_cast<float>(o.Real(-1, 1));
      k.c[o.Int(0, 2)] = static_cast<float>(o.Chance(0.5) ? 1.0 : -1.0) *
                         static_cast<float>(o.Real(0.6, 1.0));
    } else {
      for (int a = 0; a < Axes(g); ++a) k.c[a] = RandomCoord(o, !unnorm, size[a], *am[a]);
    }
    if (t.array) {
      k.layer = static_cast<uint32_t>(o.Int(0, static_cast<int>(t.array) - 1));
      const int li = g == Geometry::kA1d ? 1 : g == Geometry::kA2d ? 2 : 3;
      k.c[li] = static_cast<float>(k.layer);
    }
    k.lod = unnorm ? 0.0f : static_cast<float>(o.Real(-1.0, t.levels + 0.5));
    for (int a = 0; a < 3; ++a) {
      const double scale = (unnorm ? 1.0 : 1.0 / size[a]) * std::exp2(o.Real(-2, t.levels));
      k.dx[a] = static_cast<float>(o.Real(-1, 1) * scale);
      k.dy[a] = static_cast<float>(o.Real(-1, 1) * scale);
    }
    k.ref = static_cast<float>(o.Real(-0.1, 1.1));
    k.offset = o.Int(0, 3);
    uint32_t* w = &words[16 * i];
    for (int a = 0; a < 4; ++a) w[a] = AsBits(k.c[a]);
    for (int a = 0; a < 3; ++a) w[4 + a] = AsBits(k.dx[a]), w[8 + a] = AsBits(k.dy[a]);
    w[12] = static_cast<uint32_t>(k.mode);
    w[13] = AsBits(k.lod);
    w[14] = AsBits(k.ref);
    w[15] = static_cast<uint32_t>(k.offset);
  }
  const std::string shader = std::string(shadow ? "shadow_" : "sample_") + std::to_string(view);
  std::vector<uint32_t> got = RunShader(o, shader.c_str(), false, t.img, vs, words, n,
                                        (n + 63) / 64, 4 * n);
  o.vk->Destroy(vs);

  const bool float_data = t.info.kind == ChannelKind::kFloat || t.info.kind == ChannelKind::kHalf;
  for (int i = 0; i < n; ++i) {
    const Case& k = cases[i];
    const bool uses_mips = mip != 0 && t.levels > 1 && k.mode != 0;
    Category& cat =
        shadow ? rep.Get("sample: depth compare (shadow samplers)", false, "envelope + one format step (L4)")
        : cube ? rep.Get("sample: cube and cube arrays", false, "envelope + one format step (L4)")
        : uses_mips ? rep.Get("sample: LOD and mip filtering (textureLod/Grad)", false,
                              "envelope + one format step (L4)")
        : linear ? rep.Get("sample: bilinear/trilinear filtering, base level", false,
                           "envelope + one format step (L4)")
        : float_data ? rep.Get("sample: nearest, base level (f16, f32 formats)", true)
                     : rep.Get("sample: nearest, base level (normalized, sRGB formats)", false,
                               "1 ulp (L1), sRGB 2^-9 (L3)");
    const double zero[3] = {0, 0, 0};
    float center[4];
    Eval(&t, cf, k, zero, 0, center);
    const uint32_t* vkw = &got[4 * i];
    float vkf[4];
    for (int c = 0; c < 4; ++c) vkf[c] = AsFloat(vkw[c]);
    uint32_t cw[4];
    for (int c = 0; c < 4; ++c) cw[c] = AsBits(center[c]);
    Request dummy;
    const std::string form = Form(cf, k, zero, 0, &dummy);
    if (o.opt.log) {
      std::fprintf(o.opt.log, "%s: %s %s mode %d -> vk %s model %s\n", cat.name.c_str(),
                   t.Describe().c_str(), form.c_str(), k.mode, HexWords(vkw, 4).c_str(),
                   HexWords(cw, 4).c_str());
    }
    if (std::memcmp(vkw, cw, 16) == 0) {
      rep.Exact(cat);
      continue;
    }
    double diff = 0;
    for (int c = 0; c < 4; ++c) {
      const double d = std::fabs(static_cast<double>(vkf[c]) - center[c]);
      diff = std::max(diff, std::isnan(d) ? 1.0 : d);
    }
    bool ok = false;
    std::string envelope;  // for the failure report
    if (cat.exact) {
      ok = false;
    } else if (!linear && !uses_mips && !shadow && !cube) {
      // Nearest, base level, normalized/sRGB data: the texel is the same, its decode differs
      // (L1; sRGB and packed channels widened through 8 bits: one format step, L3/L4).
      const bool packed = t.info.fields[0].bits < 8 || t.info.fields[0].bits == 10;
      double d1 = 0;
      const bool one_ulp = WithinOneUlp(vkw, cw, &d1);
      ok = t.info.srgb ? diff <= 1.0 / 512 : packed ? diff <= FormatSlack(t.info) : one_ulp;
    } else {
      float lo[4], hi[4];
      Envelope(cf, k, /*kinks=*/false, center, lo, hi);
      ok = WithinEnvelope(t.info, center, vkf, lo, hi);
      if (!ok) {  // the extremes can lie on a kink inside the box, not on its corners
        Envelope(cf, k, /*kinks=*/true, center, lo, hi);
        ok = WithinEnvelope(t.info, center, vkf, lo, hi);
        if (ok) rep.Refined(cat);
      }
      char buf[160];
      std::snprintf(buf, sizeof buf, "; model's envelope [%.6g, %.6g] [%.6g, %.6g] [%.6g, %.6g] [%.6g, %.6g]",
                    lo[0], hi[0], lo[1], hi[1], lo[2], hi[2], lo[3], hi[3]);
      envelope = buf;
    }
    if (ok) {
      rep.Within(cat, diff);
    } else {
      rep.Fail(cat, diff, t.Describe() + " filter " + (linear ? "linear" : "nearest") + " mip " +
                              std::to_string(mip) + " addr " + std::to_string(v.addressModeU) +
                              "/" + std::to_string(v.addressModeV) + "/" +
                              std::to_string(v.addressModeW) + (unnorm ? " unnormalized" : "") +
                              ": " + form + " mode " + std::to_string(k.mode) + " coords " +
                              HexWords(&words[16 * i], 4) + " lod " + HexWords(&words[16 * i + 13], 1) +
                              ": vk " + HexWords(vkw, 4) + " model " + HexWords(cw, 4) + envelope);
    }
  }
  DestroyTexture(o, &t);
}

}  // namespace

void Sampling(Oracle& o) {
  if (!o.Wants("sample")) return;
  const Geometry geoms[] = {Geometry::k1d,  Geometry::k2d,  Geometry::k3d,  Geometry::kA1d,
                            Geometry::kA2d, Geometry::kCube, Geometry::kACube};
  for (int rep = 0; rep < o.Count(1); ++rep) {
    for (const SharedFormat& f : SharedFormats()) {
      const VkFormatFeatureFlags ff = o.vk->FormatFeatures(f.vk);
      if (!(ff & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) continue;
      const FormatInfo info = Describe(f);
      if (info.kind == ChannelKind::kUint || info.kind == ChannelKind::kSint) continue;
      const bool depth = f.order == ChannelOrder::kDepth;
      for (Geometry g : geoms) {
        if (depth && g == Geometry::k3d) continue;  // no 3D depth images, no 3D shadow
        for (int k = 0; k < 3; ++k) SampleConfig(o, *o.report, f, g, depth);
      }
    }
  }
}

}  // namespace vk
}  // namespace tsu

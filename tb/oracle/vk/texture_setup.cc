#include "texture_setup.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "tsu/packed_texels.h"

namespace tsu {
namespace vk {

const char* GeomName(Geometry g) {
  switch (g) {
    case Geometry::k1d: return "1d";
    case Geometry::k2d: return "2d";
    case Geometry::k3d: return "3d";
    case Geometry::kA1d: return "a1d";
    case Geometry::kA2d: return "a2d";
    case Geometry::kCube: return "cube";
    case Geometry::kACube: return "acube";
    case Geometry::k2dms: return "2dms";
    default: return "a2dms";
  }
}

uint32_t TexSetup::vk_layers() const {
  if (geom == Geometry::kCube) return 6;
  if (geom == Geometry::kACube) return 6 * array;
  return array ? array : 1;
}

std::string TexSetup::Describe() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s %s %ux%ux%u layers %u levels %u samples %u", fmt->name,
                GeomName(geom), w, h, d, vk_layers(), levels, samples);
  return buf;
}

namespace {

ImageSpec Spec(const TexSetup& t) {
  ImageSpec s;
  s.format = t.fmt->vk;
  s.swizzle = t.fmt->swizzle;
  s.width = t.w;
  s.height = t.h;
  s.depth = t.d;
  s.layers = t.vk_layers();
  s.levels = t.levels;
  s.samples = static_cast<VkSampleCountFlagBits>(t.samples);
  switch (t.geom) {
    case Geometry::k1d: s.type = VK_IMAGE_TYPE_1D, s.view_type = VK_IMAGE_VIEW_TYPE_1D; break;
    case Geometry::kA1d:
      s.type = VK_IMAGE_TYPE_1D, s.view_type = VK_IMAGE_VIEW_TYPE_1D_ARRAY;
      break;
    case Geometry::k3d: s.type = VK_IMAGE_TYPE_3D, s.view_type = VK_IMAGE_VIEW_TYPE_3D; break;
    case Geometry::kA2d:
    case Geometry::kA2dms: s.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY; break;
    case Geometry::kCube: s.view_type = VK_IMAGE_VIEW_TYPE_CUBE, s.cube = true; break;
    case Geometry::kACube: s.view_type = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, s.cube = true; break;
    default: s.view_type = VK_IMAGE_VIEW_TYPE_2D; break;
  }
  return s;
}

// Random texel bytes; depth formats hold values in [0, 1]; packed formats whose spare bits
// Vulkan reads as alpha get ones there; float formats get finite values (filters of NaN and
// infinities compare nothing useful; the surface categories cover every bit pattern).
void RandomTexel(Oracle& o, const TexSetup& t, uint8_t* p) {
  const FormatInfo& f = t.info;
  for (int k = 0; k < f.texel_bytes; ++k) p[k] = static_cast<uint8_t>(o.U32());
  if (t.fmt->order == ChannelOrder::kDepth) {
    if (f.kind == ChannelKind::kFloat) {
      const float v = static_cast<float>(o.Real(0.0, 1.0));
      std::memcpy(p, &v, 4);
    }
    return;
  }
  if (t.fmt->rgb_only) p[f.texel_bytes - 1] |= f.texel_bytes == 2 ? 0x80 : 0xC0;
  if (f.kind == ChannelKind::kFloat) {
    for (int k = 0; k < f.texel_bytes; k += 4) {
      const float v = static_cast<float>(o.Real(-2.0, 2.0));
      std::memcpy(p + k, &v, 4);
    }
  } else if (f.kind == ChannelKind::kHalf) {
    for (int k = 0; k < f.texel_bytes; k += 2) {
      // Exponents 0x0E..0x10 (about 2^-1..2^1) with random sign and mantissa: finite halves.
      const uint16_t h = static_cast<uint16_t>((o.U32() & 0x83FF) | (o.Int(13, 16) << 10));
      std::memcpy(p + k, &h, 2);
    }
  }
}

}  // namespace

void CreateTexture(Oracle& o, TexSetup* t) {
  t->info = vk::Describe(*t->fmt);
  const bool ms = t->samples > 1;
  const uint32_t layers = t->vk_layers();
  const int tb = t->info.texel_bytes;
  // Bytes in Vulkan's packed order.
  t->bytes.clear();
  for (uint32_t l = 0; l < t->levels; ++l) {
    const uint32_t w = std::max(1u, t->w >> l), h = std::max(1u, t->h >> l),
                   d = std::max(1u, t->d >> l);
    const size_t n = static_cast<size_t>(w) * h * d * layers * t->samples;
    const size_t at = t->bytes.size();
    t->bytes.resize(at + n * tb);
    for (size_t i = 0; i < n; ++i) RandomTexel(o, *t, &t->bytes[at + i * tb]);
  }
  t->img = o.vk->CreateImage(Spec(*t), static_cast<uint32_t>(tb));
  if (!ms) {
    o.vk->Upload(t->img, t->bytes);
  } else {
    // Multisample images cannot be copied into: store each sample's decoded value with a shader
    // (decoded values of 8/16-bit normalized and integer formats convert back exactly).
    std::vector<uint32_t> cases;
    uint32_t n = 0;
    for (uint32_t l = 0; l < layers; ++l)
      for (uint32_t y = 0; y < t->h; ++y)
        for (uint32_t x = 0; x < t->w; ++x)
          for (uint32_t s = 0; s < t->samples; ++s) {
            const size_t i = ((static_cast<size_t>(l) * t->h + y) * t->w + x) * t->samples + s;
            uint32_t comps[4];
            UnpackTexel(t->info, &t->bytes[i * tb], comps);
            const uint32_t c[8] = {x, y, l, s, comps[0], comps[1], comps[2], comps[3]};
            uint32_t p[4];
            // ivec4 (x, y, layer, sample): 2DMS takes (x, y), 2DMSArray (x, y, layer).
            p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = c[3];
            cases.insert(cases.end(), p, p + 4);
            cases.insert(cases.end(), c + 4, c + 8);
            ++n;
          }
    const std::string shader = std::string("msfill_") + std::to_string(t->fmt->kind) + "_" +
                               (t->geom == Geometry::kA2dms ? "ams" : "ms");
    RunShader(o, shader.c_str(), true, t->img, VK_NULL_HANDLE, cases, n, 1, 4);
  }
  // The model: the same packed texels in its layout.
  TextureDesc desc;
  desc.base = 0x100000;
  desc.dim = t->geom;
  desc.width = t->w;
  desc.height = t->h;
  desc.depth = t->d;
  desc.array_size = t->array;
  desc.levels = t->levels;
  desc.samples = t->samples;
  desc.order = t->fmt->order;
  desc.type = t->fmt->type;
  std::string err;
  if (!t->unit.BindTexture(kTexHandle, desc, &err)) {
    std::fprintf(stderr, "oracle: internal error: texture %s rejected: %s\n",
                 t->Describe().c_str(), err.c_str());
    std::exit(2);
  }
  t->resolved = t->unit.FindTexture(kTexHandle);
  size_t at = 0;
  for (uint32_t lv = 0; lv < t->levels; ++lv) {
    WritePackedLevel(*t->resolved, lv, &t->bytes[at], &t->mem);
    at += PackedLevelBytes(*t->resolved, lv);
  }
}

void DestroyTexture(Oracle& o, TexSetup* t) { o.vk->Destroy(&t->img); }

}  // namespace vk
}  // namespace tsu

// Texture and sampler descriptor validation and placement (docs/semantics.md T1).
#include "tsu/texture.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "tsu/hex.h"
#include "tsu/instruction.h"
#include "tsu/layout.h"

namespace tsu {
namespace {

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

bool Fail(std::string* error, std::string msg) {
  *error = "bad texture descriptor: " + std::move(msg);
  return false;
}

uint32_t CeilLog2(uint64_t v) {
  uint32_t n = 0;
  while ((1ull << n) < v) ++n;
  return n;
}


}  // namespace

bool TileId::operator<(const TileId& o) const {
  return std::tie(level, layer, x, y, z) < std::tie(o.level, o.layer, o.x, o.y, o.z);
}

bool ResolvedTexture::IsResident(uint32_t lv, uint32_t layer, uint32_t x, uint32_t y,
                                 uint32_t z) const {
  if (non_resident.empty()) return true;
  const TileId t{lv, layer, x >> desc.tile_log2[0], y >> desc.tile_log2[1], z >> desc.tile_log2[2]};
  return !std::binary_search(non_resident.begin(), non_resident.end(), t);
}

uint64_t TexelAddress(const ResolvedTexture& t, uint32_t level, uint32_t layer, uint32_t x,
                      uint32_t y, uint32_t z, uint32_t sample) {
  const ResolvedSurface& lv = t.level[level];
  const uint64_t col = static_cast<uint64_t>(x) * t.desc.samples + sample;
  return t.desc.base + static_cast<uint64_t>(layer) * t.layer_stride + lv.desc.base +
         SurfaceOffset(lv, col * static_cast<uint64_t>(t.fmt.texel_bytes), y, z, 0);
}

bool ValidateSampler(const SamplerDesc& s, std::string* error) {
  auto bad = [error](const std::string& m) {
    *error = "bad sampler descriptor: " + m;
    return false;
  };
  if (s.max_anisotropy != 1) {
    return bad("max_anisotropy must be 1 (the unit samples isotropically; got " +
               std::to_string(s.max_anisotropy) + ")");
  }
  if (!std::isfinite(s.lod_bias) || !std::isfinite(s.min_lod) || !std::isfinite(s.max_lod)) {
    return bad("lod bias, min and max must be finite");
  }
  if (s.min_lod > s.max_lod) return bad("min_lod is greater than max_lod");
  if (std::fabs(s.lod_bias) > 127.0f) return bad("lod bias is outside [-127, 127]");
  return true;
}

bool ResolveTexture(const TextureDesc& d, ResolvedTexture* out, std::string* error) {
  ResolvedTexture r;
  r.desc = d;
  const Geometry g = d.dim;
  std::string ferr;
  if (!DescribeFormat(d.order, d.type, &r.fmt, &ferr)) return Fail(error, ferr);
  if (d.width == 0 || d.height == 0 || d.depth == 0) return Fail(error, "width, height and depth must be >= 1");
  if (d.width > kMaxWidth || d.height > kMaxHeight || d.depth > kMaxDepth) {
    return Fail(error, "extent exceeds " + std::to_string(kMaxWidth) + " x " +
                           std::to_string(kMaxHeight) + " x " + std::to_string(kMaxDepth));
  }
  const bool has_y = g != Geometry::k1d && g != Geometry::kA1d;
  if (!has_y && d.height != 1) return Fail(error, "a 1d texture has height 1");
  if (g != Geometry::k3d && d.depth != 1) return Fail(error, "only 3d textures have depth > 1");
  if (IsCube(g) && d.width != d.height) {
    return Fail(error, "cube faces are square (width " + std::to_string(d.width) + " != height " +
                           std::to_string(d.height) + ")");
  }
  if (IsArray(g)) {
    if (d.array_size == 0) return Fail(error, "an array texture needs array_size >= 1");
    if (d.array_size > kMaxArraySize) return Fail(error, "array_size exceeds " + std::to_string(kMaxArraySize));
  } else if (d.array_size != 0) {
    return Fail(error, "array_size is 0 for a non-array texture");
  }
  if (IsMultisample(g)) {
    if (d.samples != 1 && d.samples != 2 && d.samples != 4 && d.samples != 8) {
      return Fail(error, "samples must be 1, 2, 4 or 8 (got " + std::to_string(d.samples) + ")");
    }
    if (d.levels != 1) return Fail(error, "a multisample texture has one level");
  } else if (d.samples != 1) {
    return Fail(error, "samples > 1 needs a 2dms or a2dms texture");
  }
  const uint32_t max_extent = std::max({d.width, d.height, g == Geometry::k3d ? d.depth : 1u});
  uint32_t full_chain = 1;
  while ((max_extent >> full_chain) != 0) ++full_chain;
  if (d.levels == 0 || d.levels > full_chain) {
    return Fail(error, "levels must be 1.." + std::to_string(full_chain) + " for this extent (got " +
                           std::to_string(d.levels) + ")");
  }
  if (d.layout == Layout::kPitch ? d.base % kBaseAlignPitch != 0 : d.base % kBaseAlignBlock != 0) {
    return Fail(error, "base " + Hex(d.base) + " is not " +
                           (d.layout == Layout::kPitch ? "16" : "512") + "-byte aligned");
  }
  if (d.layout == Layout::kPitch && (d.block_height_log2 != 0 || d.block_depth_log2 != 0)) {
    return Fail(error, "block height/depth apply to block-linear textures only");
  }
  if (d.block_height_log2 > kMaxBlockLog2 || d.block_depth_log2 > kMaxBlockLog2) {
    return Fail(error, "block height/depth log2 exceed " + std::to_string(kMaxBlockLog2));
  }
  for (int a = 0; a < 3; ++a) {
    if (d.tile_log2[a] > 15) return Fail(error, "residency tile size exceeds 2^15 texels per axis");
  }
  std::string serr;
  if (!ValidateSampler(d.sampler, &serr)) return Fail(error, "its sampler: " + serr);

  r.layers = (IsArray(g) ? d.array_size : 1) * (IsCube(g) ? 6 : 1);
  uint64_t offset = 0;
  for (uint32_t k = 0; k < d.levels; ++k) {
    SurfaceDesc s;
    s.dim = g == Geometry::k3d ? Geometry::k3d : has_y ? Geometry::k2d : Geometry::k1d;
    s.width = std::max(1u, d.width >> k) * d.samples;
    s.height = std::max(1u, d.height >> k);
    s.depth = std::max(1u, d.depth >> k);
    // Levels are addressed as raw texels of the format's size; decoding uses r.fmt.
    switch (r.fmt.texel_bytes) {
      case 1: s.order = ChannelOrder::kR, s.type = ChannelType::kUnsignedInt8; break;
      case 2: s.order = ChannelOrder::kR, s.type = ChannelType::kUnsignedInt16; break;
      case 4: s.order = ChannelOrder::kR, s.type = ChannelType::kUnsignedInt32; break;
      case 8: s.order = ChannelOrder::kRG, s.type = ChannelType::kUnsignedInt32; break;
      default: s.order = ChannelOrder::kRGBA, s.type = ChannelType::kUnsignedInt32; break;
    }
    s.layout = d.layout;
    if (d.layout == Layout::kBlockLinear) {
      // Per-level block shrink (semantics.md §10).
      const uint64_t gobs_y = (s.height + kGobRows - 1) / kGobRows;
      s.block_height_log2 = static_cast<uint8_t>(std::min<uint32_t>(d.block_height_log2, CeilLog2(gobs_y)));
      s.block_depth_log2 = static_cast<uint8_t>(
          g == Geometry::k3d ? std::min<uint32_t>(d.block_depth_log2, CeilLog2(s.depth)) : 0);
    }
    s.base = offset;
    ResolvedSurface lv;
    if (!ResolveSurface(s, &lv, &serr)) return Fail(error, "level " + std::to_string(k) + ": " + serr);
    r.level.push_back(lv);
    offset = AlignUp(offset + lv.size_bytes, kLevelAlign);
  }
  r.layer_stride = offset;
  r.size_bytes = r.layer_stride * r.layers;
  if (d.base + r.size_bytes < d.base) return Fail(error, "texture wraps the 64-bit address space");
  r.non_resident = d.non_resident;
  std::sort(r.non_resident.begin(), r.non_resident.end());
  for (const TileId& t : r.non_resident) {
    if (t.level >= d.levels || t.layer >= r.layers) {
      return Fail(error, "non-resident tile names level " + std::to_string(t.level) + ", layer " +
                             std::to_string(t.layer) + " outside the texture");
    }
  }
  *out = std::move(r);
  return true;
}

}  // namespace tsu

#include "surface_gen.h"

#include <limits>
#include <string>

#include "tsu/instruction.h"

namespace tsu::tb {
namespace {

std::vector<FormatInfo> Collect(bool surfaces_only) {
  std::vector<FormatInfo> out;
  for (int o = 0; o < kCount<ChannelOrder>; ++o) {
    for (int t = 0; t < kCount<ChannelType>; ++t) {
      FormatInfo f;
      std::string err;
      if (!DescribeFormat(static_cast<ChannelOrder>(o), static_cast<ChannelType>(t), &f, &err)) {
        continue;
      }
      if (surfaces_only && f.depth_stencil) continue;
      out.push_back(f);
    }
  }
  return out;
}

uint32_t Extent(Rng& rng, uint32_t max) {
  const int pick = static_cast<int>(Uniform(rng, 0, 99));
  if (pick < 15) return 1;
  if (pick < 60) return static_cast<uint32_t>(Uniform(rng, 2, 17));
  if (pick < 85) return static_cast<uint32_t>(Uniform(rng, 18, 1100));
  if (pick < 93) return max;
  return static_cast<uint32_t>(Uniform(rng, 1, max));
}

}  // namespace

const std::vector<FormatInfo>& SurfaceFormats() {
  static const std::vector<FormatInfo> v = Collect(true);
  return v;
}

const std::vector<FormatInfo>& AllFormats() {
  static const std::vector<FormatInfo> v = Collect(false);
  return v;
}

int64_t Uniform(Rng& rng, int64_t lo, int64_t hi) {
  // The span in unsigned arithmetic (hi - lo may pass INT64_MAX); a full range is a raw draw.
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  const uint64_t off = span == ~0ull ? rng() : Below(rng, span + 1);
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + off);
}

bool Chance(Rng& rng, int percent) { return Uniform(rng, 0, 99) < percent; }

ResolvedSurface RandomSurface(Rng& rng, Geometry dim, Layout layout, int addr_bits) {
  const auto& formats = SurfaceFormats();
  // Shrink the extents until the footprint fits well inside the address space.
  const uint64_t limit = 1ull << (addr_bits - 2);
  for (int attempt = 0;; ++attempt) {
    const FormatInfo& f = formats[static_cast<size_t>(Uniform(rng, 0, formats.size() - 1))];
    SurfaceDesc d;
    d.dim = dim;
    d.order = f.order;
    d.type = f.type;
    d.layout = layout;
    d.width = Extent(rng, kMaxWidth);
    const bool has_y = dim == Geometry::k2d || dim == Geometry::k3d || dim == Geometry::kA2d;
    d.height = has_y ? Extent(rng, kMaxHeight) : 1;
    d.depth = dim == Geometry::k3d ? Extent(rng, kMaxDepth) : 1;
    d.array_size = IsArray(dim) ? Extent(rng, kMaxArraySize) : 0;
    if (attempt > 20) {  // give up on large shapes
      d.width = static_cast<uint32_t>(Uniform(rng, 1, 64));
      d.height = has_y ? static_cast<uint32_t>(Uniform(rng, 1, 64)) : 1;
      d.depth = dim == Geometry::k3d ? static_cast<uint32_t>(Uniform(rng, 1, 8)) : 1;
      d.array_size = IsArray(dim) ? static_cast<uint32_t>(Uniform(rng, 1, 8)) : 0;
    }
    if (layout == Layout::kPitch) {
      const uint64_t row = static_cast<uint64_t>(d.width) * static_cast<uint64_t>(f.texel_bytes);
      const uint64_t min_pitch = (row + 15) / 16 * 16;
      if (Chance(rng, 30) && min_pitch + 4096 <= std::numeric_limits<uint32_t>::max()) {
        d.pitch = static_cast<uint32_t>(min_pitch + 16 * static_cast<uint64_t>(Uniform(rng, 0, 64)));
      }
    } else {
      d.block_height_log2 = static_cast<uint8_t>(Uniform(rng, 0, kMaxBlockLog2));
      d.block_depth_log2 =
          dim == Geometry::k3d ? static_cast<uint8_t>(Uniform(rng, 0, kMaxBlockLog2)) : 0;
    }
    ResolvedSurface r;
    std::string err;
    d.base = 0;
    if (!ResolveSurface(d, &r, &err)) continue;  // e.g. pitch overflow: draw again
    if (r.size_bytes >= limit) continue;
    const uint64_t align = layout == Layout::kPitch ? kBaseAlignPitch : kBaseAlignBlock;
    const uint64_t slots = (limit - r.size_bytes) / align;
    d.base = static_cast<uint64_t>(Uniform(rng, 0, static_cast<int64_t>(slots))) * align;
    if (!ResolveSurface(d, &r, &err)) continue;
    return r;
  }
}

ResolvedSurface RandomSurface(Rng& rng, int addr_bits) {
  static const Geometry kDims[] = {Geometry::k1d, Geometry::k2d, Geometry::k3d, Geometry::kA1d,
                                   Geometry::kA2d};
  const Geometry dim = kDims[Uniform(rng, 0, 4)];
  const Layout layout = Chance(rng, 50) ? Layout::kPitch : Layout::kBlockLinear;
  return RandomSurface(rng, dim, layout, addr_bits);
}

int32_t BoundaryCoord(Rng& rng, int64_t extent) {
  const int pick = static_cast<int>(Uniform(rng, 0, 99));
  int64_t v;
  if (pick < 45) {
    v = Uniform(rng, 0, extent - 1);
  } else if (pick < 80) {
    static const int64_t kEdges[] = {-2, -1, 0, 1};
    v = Chance(rng, 50) ? kEdges[Uniform(rng, 0, 3)] : extent + kEdges[Uniform(rng, 0, 3)];
  } else if (pick < 90) {
    v = Uniform(rng, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
  } else if (pick < 95) {
    v = Chance(rng, 50) ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int32_t>::max();
  } else {
    v = -extent + Uniform(rng, -1, 1);
  }
  if (v < std::numeric_limits<int32_t>::min()) v = std::numeric_limits<int32_t>::min();
  if (v > std::numeric_limits<int32_t>::max()) v = std::numeric_limits<int32_t>::max();
  return static_cast<int32_t>(v);
}

void PlaceCoords(Geometry g, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                 uint32_t coords[4]) {
  switch (g) {
    case Geometry::k1d:
      coords[0] = x;
      break;
    case Geometry::k2d:
      coords[0] = x, coords[1] = y;
      break;
    case Geometry::k3d:
      coords[0] = x, coords[1] = y, coords[2] = z;
      break;
    case Geometry::kA1d:
      coords[0] = layer, coords[1] = x;
      break;
    default:  // a2d (tex-only geometries never reach a surface access)
      coords[0] = layer, coords[1] = x, coords[2] = y;
      break;
  }
}

}  // namespace tsu::tb

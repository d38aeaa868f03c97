#include "tsu/packed_texels.h"

#include <algorithm>

#include "tsu/geometry.h"
#include "tsu/layout.h"

namespace tsu {
namespace {

uint32_t SurfaceLayers(const ResolvedSurface& s) {
  return IsArray(s.desc.dim) ? std::max(1u, s.desc.array_size) : 1u;
}

}  // namespace

uint64_t PackedLevelBytes(const ResolvedTexture& t, uint32_t level) {
  const SurfaceDesc& d = t.level[level].desc;
  // A multisample level's rows hold every sample: width x samples texels of one sample's bytes.
  return uint64_t{d.width} * d.height * d.depth * t.layers * static_cast<uint64_t>(t.fmt.texel_bytes);
}

void WritePackedLevel(const ResolvedTexture& t, uint32_t level, const uint8_t* packed,
                      MemoryPort* mem) {
  const SurfaceDesc& d = t.level[level].desc;
  const uint32_t samples = std::max(1u, t.desc.samples);
  const uint32_t tb = static_cast<uint32_t>(t.fmt.texel_bytes);
  const uint32_t width = d.width / samples;  // a multisample level's rows hold every sample
  for (uint32_t l = 0; l < t.layers; ++l)
    for (uint32_t z = 0; z < d.depth; ++z)
      for (uint32_t y = 0; y < d.height; ++y)
        for (uint32_t x = 0; x < width; ++x)
          for (uint32_t s = 0; s < samples; ++s, packed += tb) {
            mem->Write(TexelAddress(t, level, l, x, y, z, s), packed, tb);
          }
}

uint64_t PackedSurfaceBytes(const ResolvedSurface& s) {
  return s.row_bytes * s.desc.height * s.desc.depth * SurfaceLayers(s);
}

void WritePackedSurface(const ResolvedSurface& s, const uint8_t* packed, MemoryPort* mem) {
  for (uint32_t l = 0; l < SurfaceLayers(s); ++l)
    for (uint32_t z = 0; z < s.desc.depth; ++z)
      for (uint32_t y = 0; y < s.desc.height; ++y, packed += s.row_bytes) {
        mem->Write(s.desc.base + SurfaceOffset(s, 0, y, z, l), packed, static_cast<uint32_t>(s.row_bytes));
      }
}

std::vector<uint8_t> ReadPackedSurface(const ResolvedSurface& s, MemoryPort* mem) {
  std::vector<uint8_t> out(PackedSurfaceBytes(s));
  uint8_t* p = out.data();
  for (uint32_t l = 0; l < SurfaceLayers(s); ++l)
    for (uint32_t z = 0; z < s.desc.depth; ++z)
      for (uint32_t y = 0; y < s.desc.height; ++y, p += s.row_bytes) {
        mem->Read(s.desc.base + SurfaceOffset(s, 0, y, z, l), p, static_cast<uint32_t>(s.row_bytes));
      }
  return out;
}

}  // namespace tsu

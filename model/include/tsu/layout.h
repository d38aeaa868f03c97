// Memory layouts: pitch-linear rows and NVIDIA block-linear GOBs (semantics.md §10).
#ifndef TSU_LAYOUT_H_
#define TSU_LAYOUT_H_

#include <cstdint>

#include "tsu/descriptor.h"

namespace tsu {

// Byte offset inside one 64 B x 8 row GOB: address bits b8..b0 = x5 y2 y1 x4 y0 x3 x2 x1 x0.
constexpr uint32_t GobOffset(uint32_t x_byte, uint32_t y) {
  return ((x_byte % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((x_byte % 32) / 16) * 32 +
         (y % 2) * 16 + (x_byte % 16);
}

// Offset from the layer base of byte column x_byte in row y of slice z.
uint64_t BlockLinearOffset(const ResolvedSurface& s, uint64_t x_byte, uint32_t y, uint32_t z);

// Offset from the surface base of (x_byte, y, z) in array layer `layer`, in either layout.
uint64_t SurfaceOffset(const ResolvedSurface& s, uint64_t x_byte, uint32_t y, uint32_t z,
                       uint32_t layer);

}  // namespace tsu

#endif  // TSU_LAYOUT_H_

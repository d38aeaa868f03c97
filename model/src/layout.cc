// Address layouts. Block-linear follows semantics.md §10 (Tegra X1 TRM; Mesa nil).
#include "tsu/layout.h"

namespace tsu {

uint64_t BlockLinearOffset(const ResolvedSurface& s, uint64_t x_byte, uint32_t y, uint32_t z) {
  const uint32_t bh = s.desc.block_height_log2;
  const uint32_t bd = s.desc.block_depth_log2;
  const uint64_t bd_mask = (1u << bd) - 1u;
  const uint64_t bh_mask = (1u << bh) - 1u;
  return static_cast<uint64_t>(z >> bd) * s.slice_bytes + ((z & bd_mask) << (9 + bh)) +
         static_cast<uint64_t>(y >> (3 + bh)) * s.row_of_blocks +
         (((y >> 3) & bh_mask) << 9) + ((x_byte >> 6) << (9 + bh + bd)) +
         GobOffset(static_cast<uint32_t>(x_byte & 63u), y & 7u);
}

uint64_t SurfaceOffset(const ResolvedSurface& s, uint64_t x_byte, uint32_t y, uint32_t z,
                       uint32_t layer) {
  const uint64_t layer_base = static_cast<uint64_t>(layer) * s.layer_stride;
  if (s.desc.layout == Layout::kBlockLinear) return layer_base + BlockLinearOffset(s, x_byte, y, z);
  return layer_base + static_cast<uint64_t>(z) * s.slice_bytes + static_cast<uint64_t>(y) * s.pitch +
         x_byte;
}

}  // namespace tsu

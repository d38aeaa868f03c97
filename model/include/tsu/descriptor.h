// Surface descriptors: what a .surfref (or the handle in a .u64 register) names.
#ifndef TSU_DESCRIPTOR_H_
#define TSU_DESCRIPTOR_H_

#include <cstdint>
#include <string>

#include "tsu/encodings.h"
#include "tsu/format.h"

namespace tsu {

// As a user or driver writes it.
struct SurfaceDesc {
  uint64_t base = 0;                // 16-byte aligned (pitch) or 512-byte aligned (block-linear)
  Geometry dim = Geometry::k2d;     // 1d, 2d, 3d, a1d or a2d
  uint32_t width = 1;               // in texels
  uint32_t height = 1;              // 1 for 1d/a1d
  uint32_t depth = 1;               // 1 unless 3d
  uint32_t array_size = 0;          // layers for a1d/a2d, 0 otherwise
  ChannelOrder order = ChannelOrder::kRGBA;
  ChannelType type = ChannelType::kUnormInt8;
  Layout layout = Layout::kPitch;
  uint32_t pitch = 0;               // bytes per row, pitch-linear only; 0: width*bpp rounded to 16
  uint8_t block_height_log2 = 0;    // block-linear: GOBs per block in y, log2 (0..5)
  uint8_t block_depth_log2 = 0;     // block-linear: GOBs per block in z, log2 (0..5), 3d only
};

// A validated descriptor with everything address generation needs, computed once at bind time.
struct ResolvedSurface {
  SurfaceDesc desc;
  FormatInfo fmt;
  uint64_t row_bytes = 0;     // width * texel_bytes: the valid byte range of x
  uint64_t pitch = 0;         // pitch-linear row stride
  uint64_t slice_bytes = 0;   // pitch-linear: pitch*height; block-linear: one row of blocks * rows
  uint64_t layer_stride = 0;  // bytes between array layers
  uint64_t size_bytes = 0;    // footprint from base
  uint32_t gobs_x = 0;        // block-linear: GOBs per row
  uint64_t row_of_blocks = 0; // block-linear: bytes in one row of blocks
};

// Checks a descriptor and resolves it. On failure returns false and names the broken rule.
bool ResolveSurface(const SurfaceDesc& d, ResolvedSurface* out, std::string* error);

}  // namespace tsu

#endif  // TSU_DESCRIPTOR_H_

// Descriptor validation. Each rejection names the rule (docs/semantics.md "Descriptors").
#include "tsu/descriptor.h"

#include "tsu/hex.h"
#include "tsu/instruction.h"

namespace tsu {
namespace {

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

bool Fail(std::string* error, std::string msg) {
  *error = "bad surface descriptor: " + std::move(msg);
  return false;
}

}  // namespace

bool ResolveSurface(const SurfaceDesc& d, ResolvedSurface* out, std::string* error) {
  ResolvedSurface r;
  r.desc = d;
  const Geometry g = d.dim;
  if (g != Geometry::k1d && g != Geometry::k2d && g != Geometry::k3d && g != Geometry::kA1d &&
      g != Geometry::kA2d) {
    return Fail(error, "surface dimensionality must be 1d, 2d, 3d, a1d or a2d (got " +
                           std::string(Name(g)) + ")");
  }
  std::string ferr;
  if (!DescribeFormat(d.order, d.type, &r.fmt, &ferr)) return Fail(error, ferr);
  if (r.fmt.depth_stencil) return Fail(error, "DEPTH_STENCIL is a texture-only format");
  if (d.width == 0) return Fail(error, "width is zero");
  if (d.height == 0) return Fail(error, "height is zero");
  if (d.depth == 0) return Fail(error, "depth is zero");
  if (d.width > kMaxWidth) return Fail(error, "width exceeds " + std::to_string(kMaxWidth));
  if (d.height > kMaxHeight) return Fail(error, "height exceeds " + std::to_string(kMaxHeight));
  if (d.depth > kMaxDepth) return Fail(error, "depth exceeds " + std::to_string(kMaxDepth));
  const bool has_y = g == Geometry::k2d || g == Geometry::k3d || g == Geometry::kA2d;
  if (!has_y && d.height != 1) return Fail(error, "a 1d surface has height 1");
  if (g != Geometry::k3d && d.depth != 1) return Fail(error, "only 3d surfaces have depth > 1");
  if (IsArray(g)) {
    if (d.array_size == 0) return Fail(error, "an array surface needs array_size >= 1");
    if (d.array_size > kMaxArraySize) {
      return Fail(error, "array_size exceeds " + std::to_string(kMaxArraySize));
    }
  } else if (d.array_size != 0) {
    return Fail(error, "array_size is 0 for a non-array surface (got " +
                           std::to_string(d.array_size) + ")");
  }
  const uint64_t bpp = static_cast<uint64_t>(r.fmt.texel_bytes);
  r.row_bytes = d.width * bpp;
  const uint32_t layers = IsArray(g) ? d.array_size : 1;
  if (d.layout == Layout::kPitch) {
    if (d.base % kBaseAlignPitch != 0) {
      return Fail(error, "base " + Hex(d.base) + " is not 16-byte aligned");
    }
    if (d.block_height_log2 != 0 || d.block_depth_log2 != 0) {
      return Fail(error, "block height/depth apply to block-linear surfaces only");
    }
    r.pitch = d.pitch != 0 ? d.pitch : CeilDiv(r.row_bytes, 16) * 16;
    if (r.pitch < r.row_bytes) {
      return Fail(error, "pitch " + std::to_string(r.pitch) + " is smaller than a row (" +
                             std::to_string(r.row_bytes) + " bytes)");
    }
    if (r.pitch % 16 != 0) {
      return Fail(error, "pitch " + std::to_string(r.pitch) + " is not a multiple of 16");
    }
    r.slice_bytes = r.pitch * d.height;
    r.layer_stride = r.slice_bytes * d.depth;
  } else {
    if (d.base % kBaseAlignBlock != 0) {
      return Fail(error, "block-linear base " + Hex(d.base) + " is not 512-byte (GOB) aligned");
    }
    if (d.pitch != 0) return Fail(error, "pitch applies to pitch-linear surfaces only");
    if (d.block_height_log2 > kMaxBlockLog2 || d.block_depth_log2 > kMaxBlockLog2) {
      return Fail(error, "block height/depth log2 must be 0..5");
    }
    if (g != Geometry::k3d && d.block_depth_log2 != 0) {
      return Fail(error, "block depth > 1 GOB applies to 3d surfaces only");
    }
    const uint32_t bh = d.block_height_log2, bd = d.block_depth_log2;
    r.gobs_x = static_cast<uint32_t>(CeilDiv(r.row_bytes, kGobBytesX));
    r.row_of_blocks = static_cast<uint64_t>(r.gobs_x) << (9 + bh + bd);
    r.slice_bytes = CeilDiv(d.height, 8ull << bh) * r.row_of_blocks;
    r.layer_stride = r.slice_bytes * CeilDiv(d.depth, 1ull << bd);
    r.pitch = 0;
  }
  r.size_bytes = r.layer_stride * layers;
  if (d.base + r.size_bytes < d.base) return Fail(error, "surface wraps the 64-bit address space");
  *out = r;
  return true;
}

}  // namespace tsu

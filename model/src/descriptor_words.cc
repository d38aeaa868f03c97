// In-memory descriptors: encode, decode and the validation rules (docs/descriptors.md).
#include "tsu/descriptor_words.h"

#include "tsu/format.h"
#include "tsu/hex.h"
#include "tsu/instruction.h"

namespace tsu {
namespace {

// The layout table is in ascending order, inside the slot, without overlaps.
constexpr bool LayoutIsSane() {
  int prev_end = 0, size = 0;
  bool ok = true;
#define TSU_DESC_BEGIN(L, sv, record_bits) \
  prev_end = 0;                            \
  size = (record_bits);                    \
  ok = ok && size % 128 == 0 && size <= 8 * static_cast<int>(kDescBytes);
#define TSU_DESC_FIELD(L, name, lsb, bits)                                \
  ok = ok && (lsb) >= prev_end && (bits) > 0 && (lsb) + (bits) <= size; \
  prev_end = (lsb) + (bits);
#define TSU_DESC_END(L)
#include "tsu/descriptor_layout.def"
#undef TSU_DESC_BEGIN
#undef TSU_DESC_FIELD
#undef TSU_DESC_END
  return ok;
}
static_assert(LayoutIsSane(), "descriptor_layout.def: fields overlap or leave the slot");
static_assert(kDescBytes == (1u << kDescBytesLog2), "kDescBytes is 2^kDescBytesLog2");

TrapCause Reject(std::string* why, std::string msg) {
  *why = "bad surface descriptor: " + std::move(msg);
  return TrapCause::kInvalidHandle;
}

}  // namespace

// A byte at a time (a bit at a time cost ~9 000 instructions per surface descriptor).
uint64_t GetBits(const uint8_t* d, DescField f) {
  const int n = f.bits < 64 ? f.bits : 64;
  uint64_t v = 0;
  for (int i = 0; i < n;) {
    const int b = f.lsb + i, off = b % 8;
    const int take = 8 - off < n - i ? 8 - off : n - i;
    v |= static_cast<uint64_t>((d[static_cast<size_t>(b / 8)] >> off) & ((1u << take) - 1u)) << i;
    i += take;
  }
  return v;
}

void SetBits(uint8_t* d, DescField f, uint64_t value) {
  const int n = f.bits < 64 ? f.bits : 64;
  for (int i = 0; i < n;) {
    const int b = f.lsb + i, off = b % 8;
    const int take = 8 - off < n - i ? 8 - off : n - i;
    const unsigned mask = ((1u << take) - 1u) << off;
    uint8_t& byte = d[static_cast<size_t>(b / 8)];
    byte = static_cast<uint8_t>((byte & ~mask) | ((static_cast<unsigned>(value >> i) << off) & mask));
    i += take;
  }
}

DescImage EncodeSurface(const ResolvedSurface& s) {
  namespace L = desc_layout::Surface;
  DescImage d{};
  SetField(&d, L::kind, static_cast<uint64_t>(DescKind::kSurface));
  SetField(&d, L::dim, static_cast<uint64_t>(s.desc.dim));
  SetField(&d, L::chorder, static_cast<uint64_t>(s.desc.order));
  SetField(&d, L::chtype, static_cast<uint64_t>(s.desc.type));
  SetField(&d, L::layout, static_cast<uint64_t>(s.desc.layout));
  SetField(&d, L::block_height_log2, s.desc.block_height_log2);
  SetField(&d, L::block_depth_log2, s.desc.block_depth_log2);
  SetField(&d, L::pitch, s.pitch);
  SetField(&d, L::width, s.desc.width);
  SetField(&d, L::height, s.desc.height);
  SetField(&d, L::depth, s.desc.depth);
  SetField(&d, L::array_size, s.desc.array_size);
  SetField(&d, L::base, s.desc.base);
  SetField(&d, L::slice_bytes, s.slice_bytes);
  SetField(&d, L::layer_stride, s.layer_stride);
  SetField(&d, L::row_of_blocks, s.row_of_blocks);
  return d;
}

TrapCause DecodeSurface(const DescImage& d, ResolvedSurface* out, std::string* why) {
  namespace L = desc_layout::Surface;
  const uint64_t kind = GetField(d, L::kind);
  if (kind == static_cast<uint64_t>(DescKind::kUnbound)) {
    *why = "the handle's descriptor slot is unbound (kind 0)";
    return TrapCause::kInvalidHandle;
  }
  if (kind != static_cast<uint64_t>(DescKind::kSurface)) {
    return Reject(why, "kind " + std::to_string(kind) + " is not a surface");
  }
  ResolvedSurface r;
  SurfaceDesc& s = r.desc;
  const uint64_t dim = GetField(d, L::dim);
  if (dim > static_cast<uint64_t>(Geometry::kA2d)) {
    return Reject(why, "dim " + std::to_string(dim) + " is not 1d, 2d, 3d, a1d or a2d");
  }
  s.dim = static_cast<Geometry>(dim);
  const uint64_t order = GetField(d, L::chorder), type = GetField(d, L::chtype);
  if (order > static_cast<uint64_t>(ChannelOrder::kABGR) ||
      type > static_cast<uint64_t>(ChannelType::kUnormInt101010_2)) {
    return Reject(why, "channel order " + std::to_string(order) + " / type " +
                           std::to_string(type) + " is not an encoding");
  }
  s.order = static_cast<ChannelOrder>(order);
  s.type = static_cast<ChannelType>(type);
  std::string ferr;
  if (!DescribeFormat(s.order, s.type, &r.fmt, &ferr)) return Reject(why, ferr);
  if (r.fmt.depth_stencil) return Reject(why, "DEPTH_STENCIL is a texture-only format");
  s.layout = static_cast<Layout>(GetField(d, L::layout));
  s.block_height_log2 = static_cast<uint8_t>(GetField(d, L::block_height_log2));
  s.block_depth_log2 = static_cast<uint8_t>(GetField(d, L::block_depth_log2));
  const uint64_t pitch = GetField(d, L::pitch);
  const uint64_t width = GetField(d, L::width), height = GetField(d, L::height);
  const uint64_t depth = GetField(d, L::depth), array_size = GetField(d, L::array_size);
  if (width == 0 || width > kMaxWidth) return Reject(why, "width " + std::to_string(width) + " is not 1.." + std::to_string(kMaxWidth));
  if (height == 0 || height > kMaxHeight) return Reject(why, "height " + std::to_string(height) + " is not 1.." + std::to_string(kMaxHeight));
  if (depth == 0 || depth > kMaxDepth) return Reject(why, "depth " + std::to_string(depth) + " is not 1.." + std::to_string(kMaxDepth));
  const Geometry g = s.dim;
  const bool has_y = g == Geometry::k2d || g == Geometry::k3d || g == Geometry::kA2d;
  if (!has_y && height != 1) return Reject(why, "a 1d surface has height 1");
  if (g != Geometry::k3d && depth != 1) return Reject(why, "only 3d surfaces have depth > 1");
  if (IsArray(g)) {
    if (array_size == 0 || array_size > kMaxArraySize) {
      return Reject(why, "array_size " + std::to_string(array_size) + " is not 1.." + std::to_string(kMaxArraySize));
    }
  } else if (array_size != 0) {
    return Reject(why, "array_size is 0 for a non-array surface");
  }
  s.width = static_cast<uint32_t>(width);
  s.height = static_cast<uint32_t>(height);
  s.depth = static_cast<uint32_t>(depth);
  s.array_size = static_cast<uint32_t>(array_size);
  s.base = GetField(d, L::base);
  r.row_bytes = width * static_cast<uint64_t>(r.fmt.texel_bytes);
  if (s.layout == Layout::kPitch) {
    if (s.base % kBaseAlignPitch != 0) return Reject(why, "base " + Hex(s.base) + " is not 16-byte aligned");
    if (s.block_height_log2 != 0 || s.block_depth_log2 != 0) {
      return Reject(why, "block height/depth apply to block-linear surfaces only");
    }
    if (pitch % 16 != 0 || pitch < r.row_bytes) {
      return Reject(why, "pitch " + std::to_string(pitch) + " is not a multiple of 16 of at least a row (" +
                             std::to_string(r.row_bytes) + " bytes)");
    }
  } else {
    if (s.base % kBaseAlignBlock != 0) return Reject(why, "block-linear base " + Hex(s.base) + " is not 512-byte aligned");
    if (pitch != 0) return Reject(why, "pitch applies to pitch-linear surfaces only");
    if (s.block_height_log2 > kMaxBlockLog2 || s.block_depth_log2 > kMaxBlockLog2) {
      return Reject(why, "block height/depth log2 must be 0..5");
    }
    if (g != Geometry::k3d && s.block_depth_log2 != 0) {
      return Reject(why, "block depth > 1 GOB applies to 3d surfaces only");
    }
  }
  s.pitch = static_cast<uint32_t>(pitch);
  r.pitch = pitch;
  r.slice_bytes = GetField(d, L::slice_bytes);
  r.layer_stride = GetField(d, L::layer_stride);
  r.row_of_blocks = GetField(d, L::row_of_blocks);
  if (s.layout == Layout::kBlockLinear) {
    r.gobs_x = static_cast<uint32_t>((r.row_bytes + kGobBytesX - 1) / kGobBytesX);
  }
  r.size_bytes = r.layer_stride * (IsArray(g) ? s.array_size : 1);
  *out = r;
  return TrapCause::kNone;
}

}  // namespace tsu

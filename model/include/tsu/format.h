// Texel formats: how an OpenCL-style (channel order, channel data type) pair lays out a texel,
// and the bit-exact conversions between instruction values and stored channels.
// The RTL format pack/unpack blocks are checked against exactly these functions.
#ifndef TSU_FORMAT_H_
#define TSU_FORMAT_H_

#include <cstdint>
#include <string>

#include "tsu/encodings.h"

namespace tsu {

// How the channel bits are interpreted.
enum class ChannelKind : uint8_t { kUnorm, kSnorm, kUint, kSint, kHalf, kFloat };

// Which value class sust.p takes for a kind (PTX: UNORM/SNORM/FLOAT → .f32, UINT → .u32,
// SINT → .s32).
enum class ValueClass : uint8_t { kF32, kU32, kS32 };

struct FormatInfo {
  ChannelOrder order = ChannelOrder::kR;
  ChannelType type = ChannelType::kUnormInt8;
  ChannelKind kind = ChannelKind::kUnorm;
  int texel_bytes = 1;  // power of two, 1..16
  int num_fields = 1;   // stored channels, in memory order
  struct Field {
    int8_t comp;   // component fed from / returned to: 0 R, 1 G, 2 B, 3 A
    uint8_t lsb;   // bit offset within the texel (little-endian texel)
    uint8_t bits;  // channel width
  } fields[4] = {};
  bool srgb = false;           // sRGB-encoded colour channels (texture-only conversion)
  bool depth_stencil = false;  // DEPTH_STENCIL order (texture-only)

  ValueClass value_class() const {
    return kind == ChannelKind::kUint   ? ValueClass::kU32
           : kind == ChannelKind::kSint ? ValueClass::kS32
                                        : ValueClass::kF32;
  }
};

// Describes a format; returns false with a message if OpenCL's rules forbid the pair
// (e.g. RGB requires a packed type; the bits per element must be a power of two).
bool DescribeFormat(ChannelOrder order, ChannelType type, FormatInfo* out, std::string* error);

// ---- Scalar conversions (all bit-exact; see docs/semantics.md "Format conversion") -------------

// f32 → f16, round to nearest even; overflow → ±Inf; NaN → quiet NaN keeping sign and the top
// 9 payload bits (what x86 F16C's VCVTPS2PH does, which the tests use as the reference).
uint16_t F32ToF16(uint32_t f32_bits);
// f16 → f32, exact.
uint32_t F16ToF32(uint16_t f16_bits);
// f32 → UNORM of `bits` bits: NaN → 0, clamp to [0,1], × (2^bits − 1), round to nearest even.
uint32_t F32ToUnorm(uint32_t f32_bits, int bits);
// f32 → SNORM of `bits` bits (two's complement in the low `bits` bits): NaN → 0, clamp to
// [−1,1], × (2^(bits−1) − 1), round to nearest even.
uint32_t F32ToSnorm(uint32_t f32_bits, int bits);
// UNORM/SNORM → f32: the correctly rounded quotient c / (2^bits − 1), and
// max(c / (2^(bits−1) − 1), −1) for SNORM.
uint32_t UnormToF32(uint32_t c, int bits);
uint32_t SnormToF32(uint32_t c, int bits);
// Saturating integer narrowing (OpenCL's rule): u32 → [0, 2^bits − 1], s32 → signed range.
uint32_t SatU32(uint32_t v, int bits);
uint32_t SatS32(uint32_t v, int bits);

// ---- Texels -------------------------------------------------------------------------------------

// Converts one component value (f32/u32/s32 bits per the format's value class) to the channel's
// stored bits.
uint32_t EncodeChannel(const FormatInfo& f, int field, uint32_t value);
// Stored channel bits → component value (f32 bits for UNORM/SNORM/HALF/FLOAT; zero- or
// sign-extended 32-bit integers for UINT/SINT).
uint32_t DecodeChannel(const FormatInfo& f, int field, uint32_t stored);

// The value a missing component takes: 0 for R, G, B and 1 (1.0f or integer 1) for A.
uint32_t DefaultComponent(const FormatInfo& f, int comp);

// Packs components R,G,B,A (value-class bits) into f.texel_bytes little-endian bytes.
void PackTexel(const FormatInfo& f, const uint32_t comps[4], uint8_t* bytes);
// Unpacks a texel into components R,G,B,A; components the format lacks get DefaultComponent.
void UnpackTexel(const FormatInfo& f, const uint8_t* bytes, uint32_t comps[4]);

}  // namespace tsu

#endif  // TSU_FORMAT_H_

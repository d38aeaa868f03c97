// Texel formats and bit-exact channel conversions. Semantics: docs/semantics.md "Formats".
#include "tsu/format.h"

#include <cmath>
#include <cstring>

#include "tsu/float_bits.h"

namespace tsu {
namespace {

// Round a non-negative double holding an exact value to the nearest integer, ties to even.
// Independent of the FPU rounding mode.
// p is in [0, 2^32).
double RoundHalfEven(double p) {
  uint64_t fl = static_cast<uint64_t>(p);  // truncation = floor for p >= 0
  const double fr = p - static_cast<double>(fl);
  if (fr > 0.5 || (fr == 0.5 && (fl & 1u) != 0)) ++fl;
  return static_cast<double>(fl);
}

struct TypeInfo {
  ChannelKind kind;
  int bits;     // per channel (0 for packed types, which have their own field table)
  bool packed;
};

TypeInfo InfoOf(ChannelType t) {
  switch (t) {
    case ChannelType::kSnormInt8: return {ChannelKind::kSnorm, 8, false};
    case ChannelType::kSnormInt16: return {ChannelKind::kSnorm, 16, false};
    case ChannelType::kUnormInt8: return {ChannelKind::kUnorm, 8, false};
    case ChannelType::kUnormInt16: return {ChannelKind::kUnorm, 16, false};
    case ChannelType::kUnormShort565: return {ChannelKind::kUnorm, 0, true};
    case ChannelType::kUnormShort555: return {ChannelKind::kUnorm, 0, true};
    case ChannelType::kUnormInt101010: return {ChannelKind::kUnorm, 0, true};
    case ChannelType::kSignedInt8: return {ChannelKind::kSint, 8, false};
    case ChannelType::kSignedInt16: return {ChannelKind::kSint, 16, false};
    case ChannelType::kSignedInt32: return {ChannelKind::kSint, 32, false};
    case ChannelType::kUnsignedInt8: return {ChannelKind::kUint, 8, false};
    case ChannelType::kUnsignedInt16: return {ChannelKind::kUint, 16, false};
    case ChannelType::kUnsignedInt32: return {ChannelKind::kUint, 32, false};
    case ChannelType::kHalfFloat: return {ChannelKind::kHalf, 16, false};
    case ChannelType::kFloat: return {ChannelKind::kFloat, 32, false};
    case ChannelType::kUnormInt24: return {ChannelKind::kUnorm, 0, true};
    case ChannelType::kUnormInt101010_2: return {ChannelKind::kUnorm, 0, true};
  }
  return {ChannelKind::kUnorm, 8, false};
}

bool Is8Bit(ChannelType t) {
  return t == ChannelType::kUnormInt8 || t == ChannelType::kSnormInt8 ||
         t == ChannelType::kSignedInt8 || t == ChannelType::kUnsignedInt8;
}

bool IsPackedRgb(ChannelType t) {
  return t == ChannelType::kUnormShort565 || t == ChannelType::kUnormShort555 ||
         t == ChannelType::kUnormInt101010;
}

// OpenCL's restrictions on (order, type) pairs (cl_image_format) plus the power-of-two rule.
const char* PairRule(ChannelOrder o, ChannelType t) {
  switch (o) {
    case ChannelOrder::kRGB:
    case ChannelOrder::kRGBx:
      return IsPackedRgb(t) ? nullptr
                            : "RGB and RGBx require UNORM_SHORT_565, UNORM_SHORT_555 or "
                              "UNORM_INT_101010";
    case ChannelOrder::kIntensity:
    case ChannelOrder::kLuminance:
      return (t == ChannelType::kUnormInt8 || t == ChannelType::kUnormInt16 ||
              t == ChannelType::kSnormInt8 || t == ChannelType::kSnormInt16 ||
              t == ChannelType::kHalfFloat || t == ChannelType::kFloat)
                 ? nullptr
                 : "INTENSITY and LUMINANCE require UNORM_INT8/16, SNORM_INT8/16, HALF_FLOAT "
                   "or FLOAT";
    case ChannelOrder::kARGB:
    case ChannelOrder::kBGRA:
    case ChannelOrder::kABGR:
      return Is8Bit(t) ? nullptr : "ARGB, BGRA and ABGR require an 8-bit channel type";
    case ChannelOrder::kSRGBx:
    case ChannelOrder::kSRGBA:
    case ChannelOrder::kSBGRA:
      return t == ChannelType::kUnormInt8 ? nullptr : "sRGB orders require UNORM_INT8";
    case ChannelOrder::kSRGB:
      return "sRGB (3 x 8 bits) is not a power-of-two element size; use sRGBx or sRGBA";
    case ChannelOrder::kDepth:
      return (t == ChannelType::kUnormInt16 || t == ChannelType::kFloat)
                 ? nullptr
                 : "DEPTH requires UNORM_INT16 or FLOAT";
    case ChannelOrder::kDepthStencil:
      return (t == ChannelType::kUnormInt24 || t == ChannelType::kFloat)
                 ? nullptr
                 : "DEPTH_STENCIL requires UNORM_INT24 or FLOAT";
    case ChannelOrder::kRGBA:
      if (t == ChannelType::kUnormInt101010_2) return nullptr;
      break;
    default:
      break;
  }
  if (IsPackedRgb(t)) return "packed 565/555/101010 types require the RGB or RGBx order";
  if (t == ChannelType::kUnormInt101010_2) return "UNORM_INT_101010_2 requires the RGBA order";
  if (t == ChannelType::kUnormInt24) return "UNORM_INT24 requires the DEPTH_STENCIL order";
  return nullptr;
}

}  // namespace

bool DescribeFormat(ChannelOrder order, ChannelType type, FormatInfo* out, std::string* error) {
  if (ToInt(order) >= kCount<ChannelOrder> || ToInt(type) >= kCount<ChannelType>) {
    *error = "unknown channel order or type code";
    return false;
  }
  if (const char* rule = PairRule(order, type)) {
    *error = std::string(rule) + " (got " + std::string(Name(order)) + "/" +
             std::string(Name(type)) + ")";
    return false;
  }
  FormatInfo f;
  f.order = order;
  f.type = type;
  const TypeInfo ti = InfoOf(type);
  f.kind = ti.kind;
  f.srgb = order == ChannelOrder::kSRGBx || order == ChannelOrder::kSRGBA ||
           order == ChannelOrder::kSBGRA;
  f.depth_stencil = order == ChannelOrder::kDepthStencil;
  using F = FormatInfo::Field;
  if (ti.packed) {
    switch (type) {
      case ChannelType::kUnormShort565:  // R 15:11, G 10:5, B 4:0
        f.texel_bytes = 2;
        f.num_fields = 3;
        f.fields[0] = F{0, 11, 5};
        f.fields[1] = F{1, 5, 6};
        f.fields[2] = F{2, 0, 5};
        break;
      case ChannelType::kUnormShort555:  // bit 15 unused, R 14:10, G 9:5, B 4:0
        f.texel_bytes = 2;
        f.num_fields = 3;
        f.fields[0] = F{0, 10, 5};
        f.fields[1] = F{1, 5, 5};
        f.fields[2] = F{2, 0, 5};
        break;
      case ChannelType::kUnormInt101010:  // bits 31:30 unused, R 29:20, G 19:10, B 9:0
        f.texel_bytes = 4;
        f.num_fields = 3;
        f.fields[0] = F{0, 20, 10};
        f.fields[1] = F{1, 10, 10};
        f.fields[2] = F{2, 0, 10};
        break;
      case ChannelType::kUnormInt101010_2:  // first channel in the MSBs: R 31:22 ... A 1:0
        f.texel_bytes = 4;
        f.num_fields = 4;
        f.fields[0] = F{0, 22, 10};
        f.fields[1] = F{1, 12, 10};
        f.fields[2] = F{2, 2, 10};
        f.fields[3] = F{3, 0, 2};
        break;
      default:  // UNORM_INT24 depth in bits 31:8, stencil in 7:0 (kept as A)
        f.texel_bytes = 4;
        f.num_fields = 2;
        f.fields[0] = F{0, 8, 24};
        f.fields[1] = F{3, 0, 8};
        f.kind = ChannelKind::kUnorm;
        break;
    }
    *out = f;
    return true;
  }
  // Memory order of the stored channels: components 0 R, 1 G, 2 B, 3 A.
  int8_t comps[4] = {0, 0, 0, 0};
  int n = 1;
  switch (order) {
    case ChannelOrder::kR:
    case ChannelOrder::kRx:
    case ChannelOrder::kIntensity:
    case ChannelOrder::kLuminance:
    case ChannelOrder::kDepth:
      n = 1;
      break;
    case ChannelOrder::kA:
      n = 1;
      comps[0] = 3;
      break;
    case ChannelOrder::kRG:
    case ChannelOrder::kRGx:
      n = 2;
      comps[1] = 1;
      break;
    case ChannelOrder::kRA:
      n = 2;
      comps[1] = 3;
      break;
    case ChannelOrder::kRGBA:
    case ChannelOrder::kSRGBA:
    case ChannelOrder::kSRGBx:
      n = 4;
      comps[0] = 0, comps[1] = 1, comps[2] = 2, comps[3] = 3;
      break;
    case ChannelOrder::kBGRA:
    case ChannelOrder::kSBGRA:
      n = 4;
      comps[0] = 2, comps[1] = 1, comps[2] = 0, comps[3] = 3;
      break;
    case ChannelOrder::kARGB:
      n = 4;
      comps[0] = 3, comps[1] = 0, comps[2] = 1, comps[3] = 2;
      break;
    case ChannelOrder::kABGR:
      n = 4;
      comps[0] = 3, comps[1] = 2, comps[2] = 1, comps[3] = 0;
      break;
    case ChannelOrder::kDepthStencil:  // FLOAT: 32-bit depth, 8-bit stencil, 24 bits unused
      f.texel_bytes = 8;
      f.num_fields = 2;
      f.fields[0] = F{0, 0, 32};
      f.fields[1] = F{3, 32, 8};
      *out = f;
      return true;
    default:
      *error = "channel order " + std::string(Name(order)) + " needs a packed type";
      return false;
  }
  f.num_fields = n;
  for (int i = 0; i < n; ++i) {
    f.fields[i] = F{comps[i], static_cast<uint8_t>(i * ti.bits), static_cast<uint8_t>(ti.bits)};
  }
  // sRGBx: 4 stored channels, the fourth is padding (never returned, written as 0xFF).
  f.texel_bytes = n * ti.bits / 8;
  *out = f;
  return true;
}

uint16_t F32ToF16(uint32_t x) {
  const uint32_t sign = (x >> 16) & 0x8000u;
  const uint32_t exp = (x >> 23) & 0xFFu;
  uint32_t man = x & 0x7FFFFFu;
  if (exp == 0xFF) {
    if (man != 0) return static_cast<uint16_t>(sign | 0x7E00u | (man >> 13));
    return static_cast<uint16_t>(sign | 0x7C00u);
  }
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00u);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);  // below half the smallest subnormal
    man |= 0x800000u;
    const int shift = 14 - e;  // 14..24
    uint32_t h = man >> shift;
    const uint32_t rem = man & ((1u << shift) - 1u);
    const uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = sign | (static_cast<uint32_t>(e) << 10) | (man >> 13);
  const uint32_t rem = man & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // a carry may round up to Inf
  return static_cast<uint16_t>(h);
}

uint32_t F16ToF32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t man = h & 0x3FFu;
  // Inf stays Inf; a NaN keeps its payload and is quieted (IEEE 754 §6.2; x86 F16C and lavapipe
  // do the same; the lavapipe oracle found the model passing signaling NaNs through).
  if (exp == 0x1F) return sign | 0x7F800000u | (man << 13) | (man ? 0x00400000u : 0u);
  if (exp == 0) {
    if (man == 0) return sign;
    int e = -1;
    do {  // normalise the subnormal
      man <<= 1;
      ++e;
    } while ((man & 0x400u) == 0);
    return sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | ((man & 0x3FFu) << 13);
  }
  return sign | ((exp + 127 - 15) << 23) | (man << 13);
}

uint32_t F32ToUnorm(uint32_t bits_in, int bits) {
  const float f = AsFloat(bits_in);
  const uint32_t max = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
  if (std::isnan(f) || !(f > 0.0f)) return 0;
  if (f >= 1.0f) return max;
  // Exact: a 24-bit significand times a <= 24-bit integer fits a double's 53 bits.
  return static_cast<uint32_t>(RoundHalfEven(static_cast<double>(f) * max));
}

uint32_t F32ToSnorm(uint32_t bits_in, int bits) {
  const float f = AsFloat(bits_in);
  const int32_t max = (1 << (bits - 1)) - 1;
  const uint32_t mask = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
  if (std::isnan(f)) return 0;
  double v;
  if (f >= 1.0f) {
    v = max;
  } else if (f <= -1.0f) {
    v = -max;
  } else {
    const double p = static_cast<double>(f) * max;
    v = p < 0 ? -RoundHalfEven(-p) : RoundHalfEven(p);  // symmetric: ties to even magnitude
  }
  return static_cast<uint32_t>(static_cast<int32_t>(v)) & mask;
}

uint32_t UnormToF32(uint32_t c, int bits) {
  const double max = static_cast<double>((1ull << bits) - 1ull);
  // The double quotient rounds once more to float; for bits <= 24 the exact quotient (period
  // <= 24 repeating binary) is never within 2^-53 of a float midpoint, so this is correctly
  // rounded (docs/semantics.md).
  return AsBits(static_cast<float>(static_cast<double>(c) / max));
}

uint32_t SnormToF32(uint32_t c, int bits) {
  const int32_t sc = static_cast<int32_t>(c << (32 - bits)) >> (32 - bits);
  const double max = static_cast<double>((1u << (bits - 1)) - 1u);
  const double q = static_cast<double>(sc) / max;
  return AsBits(static_cast<float>(q < -1.0 ? -1.0 : q));
}

uint32_t SatU32(uint32_t v, int bits) {
  if (bits >= 32) return v;
  const uint32_t max = (1u << bits) - 1u;
  return v > max ? max : v;
}

uint32_t SatS32(uint32_t v, int bits) {
  const uint32_t mask = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
  if (bits >= 32) return v;
  const int32_t s = static_cast<int32_t>(v);
  const int32_t lo = -(1 << (bits - 1));
  const int32_t hi = (1 << (bits - 1)) - 1;
  const int32_t r = s < lo ? lo : s > hi ? hi : s;
  return static_cast<uint32_t>(r) & mask;
}

uint32_t EncodeChannel(const FormatInfo& f, int field, uint32_t value) {
  const int bits = f.fields[field].bits;
  switch (f.kind) {
    case ChannelKind::kUnorm:
      return F32ToUnorm(value, bits);
    case ChannelKind::kSnorm:
      return F32ToSnorm(value, bits);
    case ChannelKind::kUint:
      return SatU32(value, bits);
    case ChannelKind::kSint:
      return SatS32(value, bits);
    case ChannelKind::kHalf:
      return F32ToF16(value);
    case ChannelKind::kFloat:
      return value;
  }
  return 0;
}

uint32_t DecodeChannel(const FormatInfo& f, int field, uint32_t stored) {
  const int bits = f.fields[field].bits;
  switch (f.kind) {
    case ChannelKind::kUnorm:
      return UnormToF32(stored, bits);
    case ChannelKind::kSnorm:
      return SnormToF32(stored, bits);
    case ChannelKind::kUint:
      return stored;
    case ChannelKind::kSint:
      return bits >= 32 ? stored
                        : static_cast<uint32_t>(static_cast<int32_t>(stored << (32 - bits)) >>
                                                (32 - bits));
    case ChannelKind::kHalf:
      return F16ToF32(static_cast<uint16_t>(stored));
    case ChannelKind::kFloat:
      return stored;
  }
  return 0;
}

uint32_t DefaultComponent(const FormatInfo& f, int comp) {
  if (comp != 3) return 0;
  return f.value_class() == ValueClass::kF32 ? 0x3F800000u : 1u;
}

void PackTexel(const FormatInfo& f, const uint32_t comps[4], uint8_t* bytes) {
  // Fields never straddle bit 64 (they are at most 32 bits wide and 32-bit aligned when wide).
  uint64_t word[2] = {0, 0};
  for (int i = 0; i < f.num_fields; ++i) {
    const FormatInfo::Field& fd = f.fields[i];
    uint64_t v = EncodeChannel(f, i, comps[fd.comp]);
    if (fd.bits < 32) v &= (1ull << fd.bits) - 1ull;
    word[fd.lsb / 64] |= v << (fd.lsb % 64);
  }
  if (f.order == ChannelOrder::kSRGBx) word[0] |= 0xFF000000ull;  // padding channel
  for (int i = 0; i < f.texel_bytes; ++i) {
    bytes[i] = static_cast<uint8_t>(word[i / 8] >> (8 * (i % 8)));
  }
}

void UnpackTexel(const FormatInfo& f, const uint8_t* bytes, uint32_t comps[4]) {
  for (int c = 0; c < 4; ++c) comps[c] = DefaultComponent(f, c);
  uint64_t lo = 0, hi = 0;
  for (int i = 0; i < f.texel_bytes && i < 8; ++i) lo |= static_cast<uint64_t>(bytes[i]) << (8 * i);
  for (int i = 8; i < f.texel_bytes; ++i) hi |= static_cast<uint64_t>(bytes[i]) << (8 * (i - 8));
  const int n = f.order == ChannelOrder::kSRGBx ? 3 : f.num_fields;
  for (int i = 0; i < n; ++i) {
    const FormatInfo::Field& fd = f.fields[i];
    const uint64_t word = fd.lsb >= 64 ? hi : lo;
    const int lsb = fd.lsb >= 64 ? fd.lsb - 64 : fd.lsb;
    uint64_t v = word >> lsb;
    if (fd.bits < 64) v &= (1ull << fd.bits) - 1ull;
    comps[fd.comp] = DecodeChannel(f, i, static_cast<uint32_t>(v));
  }
}

}  // namespace tsu

// Format conversions at their edges, against hand-derived values and against independent
// references: the CPU's F16C instructions for f16, and exact rational comparison for UNORM.
#include <gtest/gtest.h>
#include <immintrin.h>

#include <cmath>
#include <cstring>
#include <random>

#include "tsu/format.h"

namespace tsu {
namespace {

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float Flt(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

__attribute__((target("f16c"))) uint16_t HwF32ToF16(uint32_t bits) {
  return static_cast<uint16_t>(_cvtss_sh(Flt(bits), _MM_FROUND_TO_NEAREST_INT));
}
__attribute__((target("f16c"))) uint32_t HwF16ToF32(uint16_t h) { return Bits(_cvtsh_ss(h)); }

TEST(F16, MatchesF16cOnEveryRoundingClassOfEveryExponent) {
  if (!__builtin_cpu_supports("f16c")) GTEST_SKIP() << "no F16C on this CPU";
  // Every sign, exponent and top-10 mantissa pattern, with the 13 dropped bits set to each
  // rounding case: zero, below half, exactly half, above half, all ones.
  const uint32_t lows[] = {0x0000, 0x0001, 0x0FFF, 0x1000, 0x1001, 0x1FFF};
  uint64_t checked = 0;
  for (uint32_t sign = 0; sign < 2; ++sign) {
    for (uint32_t exp = 0; exp < 256; ++exp) {
      for (uint32_t hi = 0; hi < 1024; ++hi) {
        for (uint32_t lo : lows) {
          const uint32_t x = (sign << 31) | (exp << 23) | (hi << 13) | lo;
          ASSERT_EQ(F32ToF16(x), HwF32ToF16(x)) << std::hex << "x=0x" << x;
          ++checked;
        }
      }
    }
  }
  std::mt19937 rng(1);
  for (int i = 0; i < 1000000; ++i, ++checked) {
    const uint32_t x = rng();
    ASSERT_EQ(F32ToF16(x), HwF32ToF16(x)) << std::hex << "x=0x" << x;
  }
  std::printf("f32->f16: %llu values checked against F16C\n", static_cast<unsigned long long>(checked));
}

// Run by the `slow` CTest label (about a minute): every f32 bit pattern.
TEST(F16, DISABLED_AllFloats) {
  if (!__builtin_cpu_supports("f16c")) GTEST_SKIP() << "no F16C on this CPU";
  uint64_t mismatches = 0;
  uint32_t x = 0;
  do {
    mismatches += F32ToF16(x) != HwF32ToF16(x);
  } while (++x != 0);
  EXPECT_EQ(mismatches, 0u);
  std::printf("f32->f16: all 4294967296 values checked against F16C\n");
}

TEST(F16, EveryHalfValueWidensLikeF16c) {
  if (!__builtin_cpu_supports("f16c")) GTEST_SKIP() << "no F16C on this CPU";
  for (uint32_t h = 0; h < 65536; ++h) {
    const uint16_t v = static_cast<uint16_t>(h);
    // Every value, NaNs included: a signaling NaN comes out quiet with its payload (the
    // lavapipe oracle found the model passing it through unchanged, docs/oracle.md).
    ASSERT_EQ(F16ToF32(v), HwF16ToF32(v)) << std::hex << h;
  }
}

TEST(F16, HandValues) {
  EXPECT_EQ(F32ToF16(Bits(1.0f)), 0x3C00);
  EXPECT_EQ(F32ToF16(Bits(-2.0f)), 0xC000);
  EXPECT_EQ(F32ToF16(Bits(65504.0f)), 0x7BFF);    // largest finite
  EXPECT_EQ(F32ToF16(Bits(65520.0f)), 0x7C00);    // halfway to 65536: ties to even → Inf
  EXPECT_EQ(F32ToF16(Bits(65519.996f)), 0x7BFF);
  EXPECT_EQ(F32ToF16(Bits(5.9604645e-8f)), 0x0001);  // 2^-24, smallest subnormal
  EXPECT_EQ(F32ToF16(Bits(2.9802322e-8f)), 0x0000);  // 2^-25: tie → even (0)
  EXPECT_EQ(F32ToF16(0x7F800000u), 0x7C00);
  EXPECT_EQ(F32ToF16(0xFF800000u), 0xFC00);
  EXPECT_EQ(F32ToF16(0x7FC00000u), 0x7E00);
  EXPECT_EQ(F32ToF16(0x00000001u), 0x0000);  // f32 denormal → 0
  EXPECT_EQ(F32ToF16(0x80000001u), 0x8000);
  EXPECT_EQ(F32ToF16(Bits(1.0f + 1.0f / 2048)), 0x3C00);  // tie between 1 and 1+2^-10 → even
  EXPECT_EQ(F32ToF16(Bits(1.0f + 3.0f / 2048)), 0x3C02);  // tie → even (up)
}

TEST(Unorm, EdgesAndTies) {
  EXPECT_EQ(F32ToUnorm(Bits(0.0f), 8), 0u);
  EXPECT_EQ(F32ToUnorm(Bits(-0.0f), 8), 0u);
  EXPECT_EQ(F32ToUnorm(Bits(1.0f), 8), 255u);
  EXPECT_EQ(F32ToUnorm(Bits(-1.0f), 8), 0u);
  EXPECT_EQ(F32ToUnorm(Bits(2.0f), 16), 65535u);
  EXPECT_EQ(F32ToUnorm(0x7FC00000u, 8), 0u);   // NaN
  EXPECT_EQ(F32ToUnorm(0x7F800000u, 8), 255u);  // +Inf
  EXPECT_EQ(F32ToUnorm(0xFF800000u, 8), 0u);    // -Inf
  EXPECT_EQ(F32ToUnorm(0x00000001u, 8), 0u);    // denormal
  EXPECT_EQ(F32ToUnorm(Bits(0.5f), 8), 128u);   // 127.5 → even
  EXPECT_EQ(F32ToUnorm(Bits(0.5f), 16), 32768u);  // 32767.5 → even
  EXPECT_EQ(F32ToUnorm(Bits(0.5f), 5), 16u);    // 15.5 → even
  EXPECT_EQ(F32ToUnorm(Bits(0.5f), 6), 32u);    // 31.5 → even
  EXPECT_EQ(F32ToUnorm(Bits(0.5f), 10), 512u);  // 511.5 → even
  EXPECT_EQ(F32ToUnorm(Bits(0.25f), 8), 64u);   // 63.75
}

TEST(Unorm, EveryCodeRoundTripsAndDecodesToTheNearestFloat) {
  for (int bits : {2, 5, 6, 8, 10, 16}) {
    const uint32_t max = (1u << bits) - 1;
    for (uint32_t c = 0; c <= max; ++c) {
      const uint32_t f = UnormToF32(c, bits);
      ASSERT_EQ(F32ToUnorm(f, bits), c) << "bits " << bits << " c " << c;
      // Correct rounding, checked exactly: f*max and its neighbours' products are exact doubles.
      const double d = std::fabs(static_cast<double>(Flt(f)) * max - c);
      const double up = std::fabs(static_cast<double>(std::nextafter(Flt(f), 2.0f)) * max - c);
      const double dn = std::fabs(static_cast<double>(std::nextafter(Flt(f), -1.0f)) * max - c);
      ASSERT_LE(d, up);
      ASSERT_LE(d, dn);
    }
  }
}

TEST(Snorm, EdgesAndTies) {
  EXPECT_EQ(F32ToSnorm(Bits(1.0f), 8), 0x7Fu);
  EXPECT_EQ(F32ToSnorm(Bits(-1.0f), 8), 0x81u);  // -127, never -128
  EXPECT_EQ(F32ToSnorm(Bits(-5.0f), 8), 0x81u);
  EXPECT_EQ(F32ToSnorm(Bits(0.5f), 8), 64u);     // 63.5 → even
  EXPECT_EQ(F32ToSnorm(Bits(-0.5f), 8), 0xC0u);  // -63.5 → -64
  EXPECT_EQ(F32ToSnorm(Bits(0.5f), 16), 0x4000u);  // 16383.5 → 16384
  EXPECT_EQ(F32ToSnorm(0x7FC00000u, 16), 0u);
  EXPECT_EQ(F32ToSnorm(0xFF800000u, 16), 0x8001u);
  EXPECT_EQ(SnormToF32(0x80, 8), Bits(-1.0f));  // -128 clamps to -1.0
  EXPECT_EQ(SnormToF32(0x81, 8), Bits(-1.0f));
  EXPECT_EQ(SnormToF32(0x7F, 8), Bits(1.0f));
  EXPECT_EQ(SnormToF32(0x8000, 16), Bits(-1.0f));
}

TEST(Integer, Saturation) {
  EXPECT_EQ(SatU32(300, 8), 255u);
  EXPECT_EQ(SatU32(255, 8), 255u);
  EXPECT_EQ(SatU32(70000, 16), 0xFFFFu);
  EXPECT_EQ(SatU32(0xFFFFFFFFu, 32), 0xFFFFFFFFu);
  EXPECT_EQ(SatS32(200, 8), 0x7Fu);
  EXPECT_EQ(SatS32(static_cast<uint32_t>(-200), 8), 0x80u);
  EXPECT_EQ(SatS32(static_cast<uint32_t>(-1), 8), 0xFFu);
  EXPECT_EQ(SatS32(static_cast<uint32_t>(-40000), 16), 0x8000u);
  EXPECT_EQ(SatS32(0x80000000u, 32), 0x80000000u);
}

FormatInfo Fmt(ChannelOrder o, ChannelType t) {
  FormatInfo f;
  std::string err;
  EXPECT_TRUE(DescribeFormat(o, t, &f, &err)) << err;
  return f;
}

std::vector<uint8_t> Pack(ChannelOrder o, ChannelType t, std::vector<uint32_t> c) {
  FormatInfo f = Fmt(o, t);
  uint32_t comps[4] = {0, 0, 0, DefaultComponent(f, 3)};
  for (size_t i = 0; i < c.size(); ++i) comps[i] = c[i];
  std::vector<uint8_t> out(static_cast<size_t>(f.texel_bytes));
  PackTexel(f, comps, out.data());
  return out;
}

using O = ChannelOrder;
using T = ChannelType;
const uint32_t k1 = 0x3F800000u, kHalf = 0x3F000000u, kM1 = 0xBF800000u;

TEST(Pack, PackedFormatsHandDerived) {
  EXPECT_EQ(Pack(O::kRGB, T::kUnormShort565, {k1, 0, k1}), (std::vector<uint8_t>{0x1F, 0xF8}));
  EXPECT_EQ(Pack(O::kRGB, T::kUnormShort565, {0, k1, 0}), (std::vector<uint8_t>{0xE0, 0x07}));
  EXPECT_EQ(Pack(O::kRGBx, T::kUnormShort555, {k1, 0, k1}), (std::vector<uint8_t>{0x1F, 0x7C}));
  // R = 1023 << 20, G = 512 << 10 (0.5 * 1023 = 511.5 → 512): 0x3FF80000
  EXPECT_EQ(Pack(O::kRGB, T::kUnormInt101010, {k1, kHalf, 0}),
            (std::vector<uint8_t>{0x00, 0x00, 0xF8, 0x3F}));
  // R 31:22 = 1023, A 1:0 = 3: 0xFFC00003
  EXPECT_EQ(Pack(O::kRGBA, T::kUnormInt101010_2, {k1, 0, 0, k1}),
            (std::vector<uint8_t>{0x03, 0x00, 0xC0, 0xFF}));
}

TEST(Pack, ChannelOrders) {
  EXPECT_EQ(Pack(O::kRGBA, T::kUnormInt8, {k1, kHalf, 0, kM1}),
            (std::vector<uint8_t>{0xFF, 0x80, 0x00, 0x00}));
  EXPECT_EQ(Pack(O::kBGRA, T::kUnormInt8, {k1, 0, 0, k1}),
            (std::vector<uint8_t>{0x00, 0x00, 0xFF, 0xFF}));
  EXPECT_EQ(Pack(O::kARGB, T::kUnormInt8, {k1, 0, 0, k1}),
            (std::vector<uint8_t>{0xFF, 0xFF, 0x00, 0x00}));
  EXPECT_EQ(Pack(O::kABGR, T::kUnsignedInt8, {1, 2, 3, 4}),
            (std::vector<uint8_t>{4, 3, 2, 1}));
  EXPECT_EQ(Pack(O::kA, T::kUnormInt8, {0, 0, 0, kHalf}), (std::vector<uint8_t>{0x80}));
  EXPECT_EQ(Pack(O::kRA, T::kSignedInt16, {static_cast<uint32_t>(-2), 0, 0, 70000}),
            (std::vector<uint8_t>{0xFE, 0xFF, 0xFF, 0x7F}));
  EXPECT_EQ(Pack(O::kRG, T::kHalfFloat, {k1, kM1}), (std::vector<uint8_t>{0x00, 0x3C, 0x00, 0xBC}));
  EXPECT_EQ(Pack(O::kR, T::kFloat, {0x7FC00001u}), (std::vector<uint8_t>{0x01, 0x00, 0xC0, 0x7F}));
  EXPECT_EQ(Pack(O::kIntensity, T::kUnormInt16, {k1}), (std::vector<uint8_t>{0xFF, 0xFF}));
  EXPECT_EQ(Pack(O::kRGBA, T::kSnormInt8, {kM1, k1, kHalf, 0x7FC00000u}),
            (std::vector<uint8_t>{0x81, 0x7F, 0x40, 0x00}));
}

TEST(Unpack, ValuesAndMissingComponents) {
  uint32_t c[4];
  const uint8_t r8[] = {0xFF};
  UnpackTexel(Fmt(O::kR, T::kUnormInt8), r8, c);
  EXPECT_EQ(c[0], k1);
  EXPECT_EQ(c[1], 0u);
  EXPECT_EQ(c[2], 0u);
  EXPECT_EQ(c[3], k1);  // missing alpha reads 1.0
  const uint8_t s8[] = {0xFF, 0x80};
  UnpackTexel(Fmt(O::kRG, T::kSignedInt8), s8, c);
  EXPECT_EQ(c[0], 0xFFFFFFFFu);  // sign-extended
  EXPECT_EQ(c[1], 0xFFFFFF80u);
  EXPECT_EQ(c[3], 1u);  // integer alpha default is 1
  const uint8_t bgra[] = {1, 2, 3, 4};
  UnpackTexel(Fmt(O::kBGRA, T::kUnsignedInt8), bgra, c);
  EXPECT_EQ(c[0], 3u);
  EXPECT_EQ(c[2], 1u);
  const uint8_t f4[16] = {0, 0, 0x80, 0x3F, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40};
  UnpackTexel(Fmt(O::kRGBA, T::kFloat), f4, c);
  EXPECT_EQ(c[0], Bits(1.0f));
  EXPECT_EQ(c[3], Bits(4.0f));
  const uint8_t p565[] = {0x1F, 0xF8};
  UnpackTexel(Fmt(O::kRGB, T::kUnormShort565), p565, c);
  EXPECT_EQ(c[0], k1);
  EXPECT_EQ(c[1], 0u);
  EXPECT_EQ(c[2], k1);
}

TEST(Formats, PairsOpenClForbidsAreRejected) {
  const std::pair<O, T> bad[] = {
      {O::kRGB, T::kUnormInt8},      {O::kRGBA, T::kUnormShort565}, {O::kIntensity, T::kSignedInt8},
      {O::kBGRA, T::kUnormInt16},    {O::kDepth, T::kUnormInt8},    {O::kSRGB, T::kUnormInt8},
      {O::kR, T::kUnormInt24},       {O::kRG, T::kUnormInt101010_2}, {O::kSRGBA, T::kFloat},
  };
  for (auto [o, t] : bad) {
    FormatInfo f;
    std::string err;
    EXPECT_FALSE(DescribeFormat(o, t, &f, &err)) << Name(o) << "/" << Name(t);
    EXPECT_FALSE(err.empty());
  }
}

TEST(Formats, TexelSizes) {
  EXPECT_EQ(Fmt(O::kRGBA, T::kFloat).texel_bytes, 16);
  EXPECT_EQ(Fmt(O::kRG, T::kUnsignedInt32).texel_bytes, 8);
  EXPECT_EQ(Fmt(O::kRx, T::kUnormInt16).texel_bytes, 2);
  EXPECT_EQ(Fmt(O::kRGx, T::kUnormInt8).texel_bytes, 2);
  EXPECT_EQ(Fmt(O::kRGB, T::kUnormShort555).texel_bytes, 2);
  EXPECT_EQ(Fmt(O::kSRGBA, T::kUnormInt8).texel_bytes, 4);
}

}  // namespace
}  // namespace tsu

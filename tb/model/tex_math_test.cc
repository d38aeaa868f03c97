// tex arithmetic steps (tsu/tex_math.h) against hand-derived values and the properties of
// docs/semantics.md T1-T10: element selection, nearest and linear indices, wrap modes, lerps,
// LOD, the exact divider, cube faces, adjacency and corners, conversions.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tsu/float_bits.h"
#include "tsu/tex_math.h"
#include "tsu/texture.h"

namespace tsu {
namespace {

constexpr auto B = AsBits;
constexpr auto F = AsFloat;

// ---- Arithmetic steps -------------------------------------------------------------------------

// The coordinate vector's layer, sample and first texel coordinate (T7): the text's element
// orders, a layer and a sample past the last clamped, the layer read as a u32.
TEST(TexMath, SelectTexElementsPerGeometry) {
  const uint32_t c[4] = {9, 5, 7, 11};
  TexElements e = SelectTexElements(Geometry::k2d, c, 0, 1);
  EXPECT_EQ(e.layer, 0u);
  EXPECT_EQ(e.sample, 0u);
  EXPECT_EQ(e.first, 0);
  e = SelectTexElements(Geometry::kA2d, c, 4, 1);  // layer 9 of 4: the last
  EXPECT_EQ(e.layer, 3u);
  EXPECT_EQ(e.first, 1);
  e = SelectTexElements(Geometry::kA1d, c, 16, 1);
  EXPECT_EQ(e.layer, 9u);
  EXPECT_EQ(e.first, 1);
  e = SelectTexElements(Geometry::kACube, c, 2, 1);  // then x, y, z of the direction
  EXPECT_EQ(e.layer, 1u);
  EXPECT_EQ(e.first, 1);
  e = SelectTexElements(Geometry::k2dms, c, 0, 4);  // {sample, x, y}: sample 9 of 4
  EXPECT_EQ(e.layer, 0u);
  EXPECT_EQ(e.sample, 3u);
  EXPECT_EQ(e.first, 1);
  e = SelectTexElements(Geometry::kA2dms, c, 16, 8);  // {layer, sample, x, y}
  EXPECT_EQ(e.layer, 9u);
  EXPECT_EQ(e.sample, 5u);
  EXPECT_EQ(e.first, 2);
  const uint32_t negative[4] = {0xFFFFFFFFu, 0, 0, 0};  // u32: the largest layer, clamped
  EXPECT_EQ(SelectTexElements(Geometry::kA2d, negative, 6, 1).layer, 5u);
}

TEST(TexMath, ClampLevelOperandIsSignedAndClamped) {
  EXPECT_EQ(ClampLevelOperand(0, 5), 0u);
  EXPECT_EQ(ClampLevelOperand(3, 5), 3u);
  EXPECT_EQ(ClampLevelOperand(4, 5), 4u);
  EXPECT_EQ(ClampLevelOperand(5, 5), 4u);
  EXPECT_EQ(ClampLevelOperand(0xFFFFFFFFu, 5), 0u);  // -1
  EXPECT_EQ(ClampLevelOperand(0x80000000u, 16), 0u);  // INT32_MIN
  EXPECT_EQ(ClampLevelOperand(0x7FFFFFFFu, 16), 15u);
  EXPECT_EQ(ClampLevelOperand(7, 1), 0u);
}

TEST(TexMath, NearestIndexIsFloor) {
  EXPECT_EQ(NearestIndex(0.0f), 0);
  EXPECT_EQ(NearestIndex(0.999f), 0);
  EXPECT_EQ(NearestIndex(1.0f), 1);
  EXPECT_EQ(NearestIndex(-0.001f), -1);
  EXPECT_EQ(NearestIndex(-1.0f), -1);
  EXPECT_EQ(NearestIndex(std::nanf("")), 0);
  EXPECT_EQ(NearestIndex(1e30f), (1 << 23) - 1);
  EXPECT_EQ(NearestIndex(-1e30f), -(1 << 23));
}

TEST(TexMath, LinearFixedMatchesLavapipeFormula) {
  // fx = floor((x - 0.5) * 256 + 0.5): taps fx >> 8 and +1, weight fx & 255.
  EXPECT_EQ(LinearFixed(0.5f), 0);         // texel centre 0: all weight on tap 0
  EXPECT_EQ(LinearFixed(1.0f), 128);       // half way between 0 and 1
  EXPECT_EQ(LinearFixed(1.5f), 256);       // texel centre 1
  EXPECT_EQ(LinearFixed(0.0f), -128);      // half way between -1 and 0
  EXPECT_EQ(LinearFixed(0.5f + 1.0f / 512), 1);   // a tie rounds up
  EXPECT_EQ(LinearFixed(0.5f + 1.0f / 1024), 0);
  EXPECT_EQ(LinearFixed(std::nanf("")), 0);
}

TEST(TexMath, WrapModesPerSemanticsSection5) {
  int64_t o;
  // repeat: periodic.
  for (int64_t i = -20; i < 20; ++i) {
    int64_t a, b;
    ASSERT_TRUE(WrapIndex(i, 5, AddressMode::kWrap, true, &a));
    ASSERT_TRUE(WrapIndex(i + 5, 5, AddressMode::kWrap, true, &b));
    EXPECT_EQ(a, b);
    EXPECT_GE(a, 0);
    EXPECT_LT(a, 5);
  }
  // mirrored repeat: symmetric about the edge (i and -1-i), period 2n.
  for (int64_t i = -20; i < 20; ++i) {
    int64_t a, b, c;
    ASSERT_TRUE(WrapIndex(i, 5, AddressMode::kMirror, true, &a));
    ASSERT_TRUE(WrapIndex(-1 - i, 5, AddressMode::kMirror, true, &b));
    ASSERT_TRUE(WrapIndex(i + 10, 5, AddressMode::kMirror, true, &c));
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, c);
  }
  ASSERT_TRUE(WrapIndex(5, 5, AddressMode::kMirror, true, &o));
  EXPECT_EQ(o, 4);
  ASSERT_TRUE(WrapIndex(-1, 5, AddressMode::kMirror, true, &o));
  EXPECT_EQ(o, 0);
  ASSERT_TRUE(WrapIndex(-7, 5, AddressMode::kClamp, true, &o));
  EXPECT_EQ(o, 0);
  ASSERT_TRUE(WrapIndex(9, 5, AddressMode::kClamp, true, &o));
  EXPECT_EQ(o, 4);
  EXPECT_FALSE(WrapIndex(5, 5, AddressMode::kBorder, true, &o));
  EXPECT_FALSE(WrapIndex(-1, 5, AddressMode::kBorder, true, &o));
  EXPECT_TRUE(WrapIndex(4, 5, AddressMode::kBorder, true, &o));
  // Unnormalized coordinates: wrap and mirror act as clamp (CUDA).
  ASSERT_TRUE(WrapIndex(7, 5, AddressMode::kWrap, false, &o));
  EXPECT_EQ(o, 4);
  ASSERT_TRUE(WrapIndex(-3, 5, AddressMode::kMirror, false, &o));
  EXPECT_EQ(o, 0);
}

TEST(TexMath, LerpIsExactForEqualEndsAndZeroWeight) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> d(-1e6f, 1e6f);
  for (int k = 0; k < 10000; ++k) {
    const float a = d(rng), b = d(rng);
    const uint32_t w = rng() % 257;
    EXPECT_EQ(B(Lerp(a, a, w)), B(a));
    EXPECT_EQ(B(Lerp(a, b, 0)), B(a));
  }
  EXPECT_EQ(Lerp(0.0f, 1.0f, 128), 0.5f);
  EXPECT_EQ(Lerp(0.0f, 1.0f, 64), 0.25f);
}

TEST(TexMath, Log2TableHasNoNearTies) {
  for (uint32_t k = 0; k < 256; ++k) {
    const long double v = 256.0L * std::log2(1.0L + (k + 0.5L) / 256.0L);
    const long double frac = v - std::floor(v);
    EXPECT_GT(std::fabs(frac - 0.5L), 1e-3L) << k;
    EXPECT_EQ(Log2Table(k), static_cast<uint32_t>(std::floor(v + 0.5L))) << k;
  }
}

TEST(TexMath, LodOfPowersOfTwo) {
  EXPECT_EQ(LodFromRho2(1.0f), 0);     // rho = 1: LOD 0
  EXPECT_EQ(LodFromRho2(4.0f), 256);   // rho = 2 (2x minified): LOD 1.0
  EXPECT_EQ(LodFromRho2(16.0f), 512);  // rho = 4: LOD 2.0
  EXPECT_EQ(LodFromRho2(0.25f), -256); // rho = 1/2 (magnified): LOD -1.0
  EXPECT_EQ(LodFromRho2(0.0f), -kLodSat);
  EXPECT_EQ(LodFromRho2(-1.0f), -kLodSat);
  EXPECT_EQ(LodFromRho2(INFINITY), kLodSat);
  EXPECT_EQ(LodFromRho2(std::nanf("")), kLodSat);
  // Within 1.5/256 of log2(sqrt(rho2)) everywhere: half a table bucket (0.36/256 after the
  // halving), the table rounding (0.25/256) and the final floor (1/256).
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> d(1e-6f, 1e6f);
  for (int k = 0; k < 100000; ++k) {
    const float r2 = d(rng);
    const double exact = 128.0 * std::log2(static_cast<double>(r2));
    EXPECT_NEAR(LodFromRho2(r2), exact, 1.5) << r2;
  }
  EXPECT_EQ(F32ToLod(1.5f), 384);
  EXPECT_EQ(F32ToLod(-0.5f), -128);
  EXPECT_EQ(F32ToLod(1.0f / 512), 1);  // half rounds up
}

// F32Div against hand-derived binary32 quotients: rounding to nearest even (also into and inside
// the subnormal range), overflow, division by zero, and the NaN rule of T14.
TEST(TexMath, F32DivRoundsToNearestEvenWithTheNaNRule) {
  struct Case {
    uint32_t a, b, q;
  } cases[] = {
      {0x3F800000, 0x40400000, 0x3EAAAAAB},  // 1/3: ...aaaa|aaa.. rounds up
      {0x40000000, 0x40400000, 0x3F2AAAAB},  // 2/3
      {0x3F800000, 0x3F800000, 0x3F800000},
      {0xC0C00000, 0x40000000, 0xC0400000},  // -6/2 = -3
      {0x00000001, 0x40000000, 0x00000000},  // 2^-150: a tie, to even (zero)
      {0x00000003, 0x40000000, 0x00000002},  // 1.5 ulp: a tie, to even (2)
      {0x00800000, 0x40000000, 0x00400000},  // min normal / 2: subnormal, exact
      {0x3F800000, 0x7F7FFFFF, 0x00200000},  // 1 / max = 2^-128 (1 + 2^-23)^-1: rounds to 2^-128
      {0x7F7FFFFF, 0x3F000000, 0x7F800000},  // max / 0.5 overflows to Inf
      {0x3F800000, 0x00000000, 0x7F800000},  // 1 / +0 = +Inf
      {0x3F800000, 0x80000000, 0xFF800000},  // 1 / -0 = -Inf
      {0x00000000, 0x3F800000, 0x00000000},
      {0x80000000, 0x3F800000, 0x80000000},
      {0x3F800000, 0x7F800000, 0x00000000},  // 1 / Inf = +0
      {0x00000000, 0x00000000, kDefaultNaN},  // invalid
      {0x7F800000, 0xFF800000, kDefaultNaN},  // invalid
      {0x7F800001, 0x3F800000, 0x7FC00001},  // a signaling NaN comes back quieted
      {0x3F800000, 0xFFA00000, 0xFFE00000},  // b's NaN, quieted, sign kept
      {0x7FC00002, 0xFFC00003, 0x7FC00002},  // a's NaN first
  };
  for (const Case& c : cases) {
    EXPECT_EQ(F32Div(c.a, c.b), c.q) << std::hex << c.a << " / " << c.b;
  }
}

// Face coordinates are defined through F32Div/F32Add/F32Mul, so NaN directions give the same bits
// on every host: the NaN of the minor axis, quieted (a NaN component never wins the major axis).
TEST(TexMath, CubeFaceOfANaNDirectionIsDefined) {
  const float nan_y = AsFloat(0x7FA00000);  // signaling
  const CubeFace f = SelectCubeFace(0.5f, nan_y, -0.25f);
  EXPECT_EQ(f.face, 0);                 // +x: |x| wins over the NaN
  EXPECT_EQ(AsBits(f.t), 0xFFE00000u);  // tc = -y: sign flipped, then quieted
  EXPECT_EQ(f.s, 0.75f);                // sc = -z = 0.25 over 0.5
  const CubeFace all = SelectCubeFace(AsFloat(0x7FC00001), AsFloat(0x7FC00002), AsFloat(0xFFC00003));
  EXPECT_EQ(all.face, 0);
  EXPECT_EQ(AsBits(all.s), 0x7FC00003u);  // sc = -z
  EXPECT_EQ(AsBits(all.t), 0xFFC00002u);  // tc = -y
}

TEST(TexMath, CubeFaceSelectionTable) {
  struct Case {
    float x, y, z;
    int face;
    float s, t;
  } cases[] = {
      {1, 0.5f, 0.25f, 0, (-0.25f + 1) / 2, (-0.5f + 1) / 2},
      {-1, 0.5f, 0.25f, 1, (0.25f + 1) / 2, (-0.5f + 1) / 2},
      {0.5f, 1, 0.25f, 2, (0.5f + 1) / 2, (0.25f + 1) / 2},
      {0.5f, -1, 0.25f, 3, (0.5f + 1) / 2, (-0.25f + 1) / 2},
      {0.5f, 0.25f, 1, 4, (0.5f + 1) / 2, (-0.25f + 1) / 2},
      {0.5f, 0.25f, -1, 5, (-0.5f + 1) / 2, (-0.25f + 1) / 2},
      {1, 1, 0, 2, 1.0f, 0.5f},   // tie x/y: y wins
      {1, 0, 1, 4, 1.0f, 0.5f},   // tie x/z: z wins
      {0, -2, 2, 4, 0.5f, 1.0f},  // tie y/z: z wins
  };
  for (const Case& c : cases) {
    const CubeFace f = SelectCubeFace(c.x, c.y, c.z);
    EXPECT_EQ(f.face, c.face) << c.x << "," << c.y << "," << c.z;
    EXPECT_EQ(f.s, c.s);
    EXPECT_EQ(f.t, c.t);
  }
}

TEST(TexMath, CubeAdjacencyIsAnInvolutionAlongEveryEdge) {
  // Stepping off an edge lands on the adjacent face's edge texel, and stepping back off that
  // edge returns to the start.
  for (uint32_t n : {1u, 2u, 3u, 8u}) {
    for (int face = 0; face < 6; ++face) {
      for (int64_t k = 0; k < n; ++k) {
        const int64_t outs[4][2] = {{-1, k}, {n, k}, {k, -1}, {k, n}};
        for (const auto& o : outs) {
          int f2, f3;
          int64_t i2, j2, i3, j3;
          CubeAdjacent(face, o[0], o[1], n, &f2, &i2, &j2);
          ASSERT_NE(f2, face);
          ASSERT_NE(f2 / 2 * 2 + (1 - f2 % 2), face) << "opposite face";
          // Which edge of f2 are we on? Step outward from it.
          const bool on_i = i2 == 0 || i2 == n - 1, on_j = j2 == 0 || j2 == n - 1;
          ASSERT_TRUE(on_i || on_j);
          bool back = false;
          const int64_t cand[4][2] = {{-1, j2}, {static_cast<int64_t>(n), j2}, {i2, -1}, {i2, static_cast<int64_t>(n)}};
          for (const auto& c : cand) {
            if ((c[0] == -1 && i2 != 0) || (c[0] == n && i2 != n - 1)) continue;
            if ((c[1] == -1 && j2 != 0) || (c[1] == n && j2 != n - 1)) continue;
            CubeAdjacent(f2, c[0], c[1], n, &f3, &i3, &j3);
            const int64_t ci = std::min<int64_t>(std::max<int64_t>(o[0], 0), n - 1);
            const int64_t cj = std::min<int64_t>(std::max<int64_t>(o[1], 0), n - 1);
            if (f3 == face && i3 == ci && j3 == cj) back = true;
          }
          EXPECT_TRUE(back) << "face " << face << " n " << n << " (" << o[0] << "," << o[1] << ")";
        }
      }
    }
  }
}

TEST(TexMath, CubeCornerMeanMultipliesByTheNearestThird) {
  // Hand-derived: ((a + b) + c) x 0x3EAAAAAB (0.3333333432674408), each step rounded to nearest.
  EXPECT_EQ(CubeCornerMean(B(1.0f), B(1.0f), B(1.0f)), 0x3F800000u);  // 1.00000003 -> 1
  EXPECT_EQ(CubeCornerMean(B(1.0f), 0, 0), 0x3EAAAAABu);
  EXPECT_EQ(CubeCornerMean(B(0.5f), B(0.25f), B(0.25f)), 0x3EAAAAABu);
  EXPECT_EQ(CubeCornerMean(B(2.0f), B(2.0f), B(2.0f)), 0x40000000u);
  EXPECT_EQ(CubeCornerMean(B(1.0f), B(1.0f), 0), 0x3F2AAAABu);
  // 5 x third = 1.66666672 rounds up to 0x3FD55556; an exact 5 / 3 would give 0x3FD55555.
  EXPECT_EQ(CubeCornerMean(B(2.0f), B(2.0f), B(1.0f)), 0x3FD55556u);
  EXPECT_EQ(CubeCornerMean(3, 0, 0), 1u);  // subnormals kept: 3 x 2^-149 / 3 -> 2^-149
  // T14's NaN rule: inf - inf is the default NaN; a NaN operand comes back quieted.
  EXPECT_EQ(CubeCornerMean(0x7F800000u, 0xFF800000u, B(1.0f)), 0x7FC00000u);
  EXPECT_EQ(CubeCornerMean(0x7F800001u, B(1.0f), B(1.0f)), 0x7FC00001u);
}

TEST(TexMath, ConversionsSaturate) {
  EXPECT_EQ(F32ToS32Sat(B(-1.9f)), static_cast<uint32_t>(-1));
  EXPECT_EQ(F32ToS32Sat(B(3e9f)), 0x7FFFFFFFu);
  EXPECT_EQ(F32ToS32Sat(B(std::nanf(""))), 0u);
  EXPECT_EQ(F32ToU32Sat(B(-5.0f)), 0u);
  EXPECT_EQ(F32ToU32Sat(B(5e9f)), 0xFFFFFFFFu);
  EXPECT_EQ(F32ToU32Sat(B(7.99f)), 7u);
  EXPECT_EQ(F(SrgbToLinear(0)), 0.0f);
  EXPECT_EQ(F(SrgbToLinear(255)), 1.0f);
  EXPECT_NEAR(F(SrgbToLinear(128)), 0.2158605, 1e-6);
}

}  // namespace
}  // namespace tsu

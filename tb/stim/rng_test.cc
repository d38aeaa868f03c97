// The testbench's bounded draws (rng.h, surface_gen.h): every result in range, and each value as
// often as a uniform distribution says (counts against their binomial spread), including spans
// where Lemire's method must redraw.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>

#include "rng.h"
#include "surface_gen.h"

namespace tsu::tb {
namespace {

TEST(Rng, UniformSmallSpanEveryValueEquallyOften) {
  Rng rng(1);
  std::array<int, 7> count{};
  const int n = 70000;
  for (int i = 0; i < n; ++i) {
    const int64_t v = Uniform(rng, -3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    ++count[static_cast<size_t>(v + 3)];
  }
  // Expected 10 000 each; the binomial sigma is about 93, so 600 is over six sigma.
  for (int c : count) EXPECT_NEAR(c, 10000, 600);
}

TEST(Rng, UniformDegenerateAndFullRanges) {
  Rng rng(2);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(Uniform(rng, 42, 42), 42);
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  int negative = 0;
  for (int i = 0; i < 1000; ++i) negative += Uniform(rng, lo, hi) < 0;
  EXPECT_NEAR(negative, 500, 100);  // both halves of the full range
}

TEST(Rng, BelowRedrawsWithoutBias) {
  // n = 3 * 2^62: 2^64 mod n = 2^62, so a quarter of the raw draws are rejected. Each third of
  // [0, n) must get a third of the results (a biased method would favour the lowest third).
  Rng rng(3);
  const uint64_t third = 1ull << 62, n = 3 * third;
  std::array<int, 3> count{};
  const int draws = 30000;
  for (int i = 0; i < draws; ++i) {
    const uint64_t v = Below(rng, n);
    ASSERT_LT(v, n);
    ++count[v / third];
  }
  for (int c : count) EXPECT_NEAR(c, draws / 3, 500);  // sigma about 82
  EXPECT_EQ(Below(rng, 1), 0u);
}

TEST(Rng, ChanceBounds) {
  Rng rng(4);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_FALSE(Chance(rng, 0));
    EXPECT_TRUE(Chance(rng, 100));
  }
}

}  // namespace
}  // namespace tsu::tb

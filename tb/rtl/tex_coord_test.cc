// Coordinate conversion (rtl/tex/tsu_tex_coord) against tsu::NearestIndex and tsu::LinearFixed,
// every cycle: every exponent (256) x both signs x structured significands (the fraction's bits
// at 1/2, just above and below it, all ones...) and x random significands.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <sstream>
#include <vector>

#include "Vtsu_tex_coord.h"
#include "Vtsu_tex_coord_tsu_tex_coord.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct CoordIn {
  uint32_t x = 0;
};

struct CoordTraits {
  using Dut = Vtsu_tex_coord;
  using In = CoordIn;
  struct Out {
    int32_t nearest;
    int32_t fixed;
  };
  static constexpr const char* kName = "tsu_tex_coord";
  static int Latency() { return Vtsu_tex_coord_tsu_tex_coord::Latency; }
  static void Drive(Dut* d, const In& in) { d->x_i = in.x; }
  static Out Sample(const Dut& d) {
    // nearest_o is 24 bits: sign-extend.
    const int32_t n = static_cast<int32_t>(d.nearest_o << 8) >> 8;
    return {n, static_cast<int32_t>(d.fixed_o)};
  }
  static Out Expect(const In& in) {
    const float f = AsFloat(in.x);
    return {static_cast<int32_t>(NearestIndex(f)), static_cast<int32_t>(LinearFixed(f))};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "nearest", static_cast<uint32_t>(e.nearest), static_cast<uint32_t>(g.nearest));
    DiffField(o, "fixed", static_cast<uint32_t>(e.fixed), static_cast<uint32_t>(g.fixed));
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "x 0x%08x", in.x);
    return buf;
  }
};

TEST(TexCoord, EveryExponentWithStructuredAndRandomSignificands) {
  Rng rng(SeedFromEnv(901));
  std::vector<CoordIn> cases;
  for (uint32_t e = 0; e < 256; ++e) {
    for (uint32_t s = 0; s < 2; ++s) {
      std::vector<uint32_t> sigs = {0, 1, 0x7FFFFF, 0x400000, 0x3FFFFF, 0x400001, 0x000100,
                                    0x0000FF, 0x000080, 0x00007F, 0x000081, 0x7FFF80, 0x7FFF7F};
      for (int b = 0; b < 23; ++b) {  // one bit, and the bit with everything below it
        sigs.push_back(1u << b);
        sigs.push_back((2u << b) - 1);
      }
      for (int k = 0; k < 256; ++k) sigs.push_back(static_cast<uint32_t>(rng()) & 0x7FFFFF);
      for (uint32_t m : sigs) cases.push_back({(s << 31) | (e << 23) | m});
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(901);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r =
      Lockstep<CoordTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("(every exponent x both signs x %zu significands: %zu coordinates)\n",
              cases.size() / 512, cases.size());
  r.ReportCoverage("tsu_tex_coord");
}

TEST(TexCoord, RandomCoordinates) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(902);
  const uint64_t n = ScaledCount(1000000);
  opt.max_cycles = n * 2 + 100;
  const auto r = Lockstep<CoordTraits>::Run(
      [n](uint64_t seed) {
        return CountedSource<CoordIn>(seed, n, [](Rng& rng, CoordIn* in) {
          in->x = static_cast<uint32_t>(rng());
          // Most texture coordinates are within a few thousand texels of the origin.
          if (Chance(rng, 70)) {
            in->x = (in->x & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 100, 150)) << 23);
          }
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s\n", r.Summary("tsu_tex_coord").c_str());
}

// Every one of the 2^32 f32 values (label slow: slow.tex_coord_all_floats, about 20 minutes).
TEST(TexCoord, DISABLED_EveryF32) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(903);
  opt.bubble_percent = 0;
  opt.max_cycles = (uint64_t{1} << 32) + 100;
  const auto r = Lockstep<CoordTraits>::Run(
      [](uint64_t) {
        auto next = std::make_shared<uint64_t>(0);
        return std::function<bool(CoordIn*)>([next](CoordIn* in) {
          if (*next > 0xFFFFFFFFull) return false;
          in->x = static_cast<uint32_t>((*next)++);
          return true;
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, uint64_t{1} << 32);
  std::printf("%s\n", r.Summary("tsu_tex_coord").c_str());
}

}  // namespace
}  // namespace tsu::tb

// The filter's lerp (rtl/tex/tsu_tex_lerp) against tsu::Lerp, every cycle: every 9-bit weight
// 0..256 over every pair of a set of special and edge values, and over random pairs.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_lerp.h"
#include "Vtsu_tex_lerp_tsu_tex_lerp.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct LerpIn {
  uint32_t a = 0, b = 0;
  uint32_t w = 0;
};

struct LerpTraits {
  using Dut = Vtsu_tex_lerp;
  using In = LerpIn;
  struct Out {
    uint32_t result;
  };
  static constexpr const char* kName = "tsu_tex_lerp";
  static int Latency() { return Vtsu_tex_lerp_tsu_tex_lerp::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->a_i = in.a;
    d->b_i = in.b;
    d->w_i = static_cast<uint16_t>(in.w);
  }
  static Out Sample(const Dut& d) { return {d.result_o}; }
  static Out Expect(const In& in) { return {AsBits(Lerp(AsFloat(in.a), AsFloat(in.b), in.w))}; }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "result", e.result, g.result);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "lerp a 0x%08x b 0x%08x w %u", in.a, in.b, in.w);
    return buf;
  }
};

// Zeros, subnormals, the normal range's ends, ordinary values, Inf and NaNs, both signs.
constexpr uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000, 0x3F800000,
    0xBF800000, 0x3FC00000, 0x40400000, 0xC0E80000, 0x3DCCCCCD, 0x7F7FFFFF, 0xFF7FFFFF,
    0x7149F2CA, 0x0DA24260, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC12345,
    0x3F7FFFFF, 0x3F800001, 0x4B000000};

void RunLerps(std::vector<LerpIn>* cases, uint64_t seed, const char* what, bool coverage) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = cases->size() * 2 + 100;
  const auto r = Lockstep<LerpTraits>::Run([cases](uint64_t) { return VectorSource(cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases->size());
  std::printf("%s (%s: %zu lerps)\n", r.Summary("tsu_tex_lerp").c_str(), what, cases->size());
  if (coverage) {
    r.ReportCoverage("tsu_tex_lerp",
                     {{"u_mul.c_overflow", "the product (b - a) * w/256 is never larger than b - a"}});
  }
}

TEST(TexLerp, EveryWeightOverSpecialPairs) {
  std::vector<LerpIn> cases;
  for (uint32_t a : kSpecials) {
    for (uint32_t b : kSpecials) {
      for (uint32_t w = 0; w <= 256; ++w) cases.push_back({a, b, w});
    }
  }
  RunLerps(&cases, 801, "every weight x special pairs", /*coverage=*/true);
}

TEST(TexLerp, EveryWeightOverRandomPairs) {
  Rng rng(SeedFromEnv(802));
  std::vector<LerpIn> cases;
  const uint64_t pairs = ScaledCount(2000);
  for (uint64_t i = 0; i < pairs; ++i) {
    uint32_t a = static_cast<uint32_t>(rng()), b = static_cast<uint32_t>(rng());
    if (Chance(rng, 50)) {  // texel-like: both in a common range, often close
      a = (a & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 100, 140)) << 23);
      b = Chance(rng, 30) ? a ^ static_cast<uint32_t>(Uniform(rng, 0, 255))
                          : (b & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 100, 140)) << 23);
    }
    for (uint32_t w = 0; w <= 256; ++w) cases.push_back({a, b, w});
  }
  RunLerps(&cases, 802, "every weight x random pairs", /*coverage=*/false);
}

}  // namespace
}  // namespace tsu::tb

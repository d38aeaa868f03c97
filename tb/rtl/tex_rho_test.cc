// The level of detail of a .grad request from rho2 (rtl/tex/tsu_tex_rho) against
// tsu::LodFromRho2, every cycle: every exponent x every table index (the eight significand bits
// the table reads) x both signs x low significand bits all clear, all set and random (the
// function's whole input space up to the bits it ignores), then random bit patterns and
// random scale factors of real gradients.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_rho.h"
#include "Vtsu_tex_rho_tsu_tex_rho.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct RhoTraits {
  using Dut = Vtsu_tex_rho;
  using In = uint32_t;  // rho2's bits
  using Out = int32_t;  // lambda, 8.8
  static constexpr const char* kName = "tsu_tex_rho";
  static int Latency() { return Vtsu_tex_rho_tsu_tex_rho::Latency; }
  static void Drive(Dut* d, const In& in) { d->rho2_i = in; }
  static Out Sample(const Dut& d) { return static_cast<int16_t>(d.lambda_o); }
  static Out Expect(const In& in) { return LodFromRho2(AsFloat(in)); }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "lambda", e, g);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "rho2 0x%08x (%g)", in, static_cast<double>(AsFloat(in)));
    return buf;
  }
};

TEST(TexRho, EveryExponentAndTableIndex) {
  Rng rng(SeedFromEnv(1701));
  std::vector<uint32_t> cases;
  for (uint32_t s = 0; s < 2; ++s) {
    for (uint32_t e = 0; e < 256; ++e) {
      for (uint32_t k = 0; k < 256; ++k) {
        const uint32_t hi = (s << 31) | (e << 23) | (k << 15);
        for (uint32_t lo : {0u, 0x7FFFu, static_cast<uint32_t>(rng() & 0x7FFF)}) cases.push_back(hi | lo);
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1701);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r = Lockstep<RhoTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  r.ReportCoverage("tsu_tex_rho");
}

TEST(TexRho, RandomBitsAndGradients) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1702);
  const uint64_t n = ScaledCount(200000);
  opt.max_cycles = n * 2 + 100;
  const auto r = Lockstep<RhoTraits>::Run(
      [n](uint64_t seed) {
        return CountedSource<uint32_t>(seed, n, [](Rng& rng, uint32_t* in) {
          if (Chance(rng, 50)) {
            *in = static_cast<uint32_t>(rng());
          } else {  // rho2 of a gradient scaled to texels: (du^2 + dv^2), du and dv within 2^+-12
            const float du = static_cast<float>(Uniform(rng, -(1 << 24), 1 << 24)) / 4096.0f;
            const float dv = static_cast<float>(Uniform(rng, -(1 << 24), 1 << 24)) / 4096.0f;
            *in = AsBits(du * du + dv * dv);
          }
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s\n", r.Summary("tsu_tex_rho").c_str());  // the sweep above closes coverage
}

}  // namespace
}  // namespace tsu::tb

// The quad filter (rtl/tex/tsu_tex_bilerp) against tsu::FilterTaps, every cycle: a quad's four
// taps with ranks x and y in each of their four combinations, tap values from the f32 corners
// (zeros, subnormals, infinities, NaNs, equal neighbours) and random, random weights (0 and 255
// often), random bubbles. The expected result is FilterTaps' taps[0] after the quad's ranks: its
// channels and the weights it carries on to the ranks still to pass.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "Vtsu_tex_bilerp.h"
#include "Vtsu_tex_bilerp_tsu_tex_bilerp.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tex_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct QuadIn {
  FilterTap taps[4];
  uint32_t ranks = 0;  // x bit 0, y bit 1
  uint32_t side = 0;
};

uint32_t PackWeights(const FilterTap& t) {
  uint32_t w = 0;
  for (int r = 0; r < 4; ++r) w |= (t.w[r] & 0xFFu) << (8 * r);
  return w;
}

struct QuadTraits {
  using Dut = Vtsu_tex_bilerp;
  using In = QuadIn;
  struct Out {
    uint32_t c[4];
    uint32_t w;
    uint32_t side;
  };
  static constexpr const char* kName = "tsu_tex_bilerp";
  static int Latency() { return Vtsu_tex_bilerp_tsu_tex_bilerp::Latency; }
  static void Drive(Dut* d, const In& in) {
    for (int k = 0; k < 4; ++k) {
      for (int ch = 0; ch < 4; ++ch) d->c_i[4 * k + ch] = in.taps[k].c[ch];
    }
    d->w0_i = PackWeights(in.taps[0]);
    d->wx2_i = static_cast<uint8_t>(in.taps[2].w[0]);
    d->ranks_i = static_cast<uint8_t>(in.ranks);
    d->side_i = static_cast<uint8_t>(in.side);
  }
  static Out Sample(const Dut& d) {
    Out o{};
    for (int ch = 0; ch < 4; ++ch) o.c[ch] = d.c_o[ch];
    o.w = d.w_o;
    o.side = d.side_o;
    return o;
  }
  static Out Expect(const In& in) {
    FilterTap work[4];
    for (int k = 0; k < 4; ++k) work[k] = in.taps[k];
    Out o{};
    FilterTaps(work, in.ranks, o.c);
    o.w = PackWeights(work[0]);
    o.side = in.side;
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    for (int ch = 0; ch < 4; ++ch) {
      DiffField(o, ("channel " + std::to_string(ch)).c_str(), e.c[ch], g.c[ch]);
    }
    DiffField(o, "weights", e.w, g.w);
    DiffField(o, "side", e.side, g.side);
    return o.str();
  }
  static std::string Describe(const In& in) {
    std::ostringstream o;
    o << "quad, ranks x " << (in.ranks & 1) << " y " << ((in.ranks >> 1) & 1) << std::hex;
    for (int k = 0; k < 4; ++k) {
      const FilterTap& t = in.taps[k];
      o << "\n    tap " << k << ": c " << t.c[0] << " " << t.c[1] << " " << t.c[2] << " " << t.c[3]
        << "  w " << t.w[0] << " " << t.w[1] << " " << t.w[2] << " " << t.w[3];
    }
    return o.str();
  }
};

void RandomQuad(Rng& rng, QuadIn* in) {
  in->ranks = static_cast<uint32_t>(Uniform(rng, 0, 3));
  in->side = static_cast<uint32_t>(Uniform(rng, 0, 1));
  for (int k = 0; k < 4; ++k) RandomFilterTap(rng, k > 0 ? &in->taps[k - 1] : nullptr, &in->taps[k]);
}

TEST(TexBilerp, RandomQuads) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(931);
  const uint64_t n = ScaledCount(200000);
  opt.max_cycles = n * 2 + 200;
  const auto r = Lockstep<QuadTraits>::Run(
      [n](uint64_t seed) { return CountedSource<QuadIn>(seed, n, RandomQuad); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, n);
  r.ReportCoverage("tsu_tex_bilerp",
                   {{"c_weight_full", "filter weights are 1.8 positions, 0..255"},
                    {"u_mul.c_overflow", "(b - a) times a weight below 1 cannot overflow"}});
}

// The checker itself: a corrupted expectation must be reported as a mismatch.
TEST(TexBilerp, ACorruptedExpectationIsReported) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(932);
  opt.replay_on_failure = false;
  opt.corrupt = [](uint64_t n, void* out) {
    if (n == 100) static_cast<QuadTraits::Out*>(out)->c[2] ^= 1u;
  };
  const auto r = Lockstep<QuadTraits>::Run(
      [](uint64_t seed) { return CountedSource<QuadIn>(seed, 500, RandomQuad); }, opt);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.report.find("channel 2"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb

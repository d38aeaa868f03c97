// The level of detail of a .grad request from its gradients (rtl/tex/tsu_tex_grad) against
// tsu::GradRho2 and tsu::LodFromRho2, every cycle: real gradients (the partials of a normalized
// or texel coordinate over random extents, magnified to minified), special values on every
// axis (zeros of both signs, subnormals, infinities, NaNs, values whose squares overflow or
// underflow), equal and near-equal sums (the tie picks dPdx), then random bit patterns.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <vector>

#include "Vtsu_tex_grad.h"
#include "Vtsu_tex_grad_ii2.h"
#include "Vtsu_tex_grad_ii2_tsu_tex_grad.h"
#include "Vtsu_tex_grad_ii6.h"
#include "Vtsu_tex_grad_ii6_tsu_tex_grad.h"
#include "Vtsu_tex_grad_tsu_tex_grad.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct GradIn {
  uint32_t dpdx[3] = {};
  uint32_t dpdy[3] = {};
  int axes = 2;
  bool scale = true;
  uint32_t extent[3] = {1, 1, 1};
};

struct GradOut {
  uint32_t rho2 = 0;
  int32_t lambda = 0;
  bool operator==(const GradOut& o) const { return rho2 == o.rho2 && lambda == o.lambda; }
};

// One request per cycle (Beats 1, the block's default), every other cycle (Beats 2: dPdx and
// dPdy through one gradient's datapath) or every sixth (Beats 6: one partial a cycle), the
// configurations that share the arithmetic.
template <typename DutT, typename Public>
struct GradTraitsOf {
  using Dut = DutT;
  using In = GradIn;
  using Out = GradOut;
  static constexpr const char* kName = "tsu_tex_grad";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::Interval; }
  static void Drive(Dut* d, const In& in) {
    for (int a = 0; a < 3; ++a) {
      d->dpdx_i[a] = in.dpdx[a];
      d->dpdy_i[a] = in.dpdy[a];
    }
    d->axes_i = static_cast<uint8_t>(in.axes);
    d->scale_i = in.scale;
    d->width_i = in.extent[0];
    d->height_i = in.extent[1];
    d->depth_i = in.extent[2];
    d->sz_sel_i = 0;  // given scales: tsu_tex_lod_path's shared bench (TexStageLodPath.OneGradient*)
  }
  static Out Sample(const Dut& d) {
    return {d.rho2_o, static_cast<int16_t>(d.lambda_o)};
  }
  static Out Expect(const In& in) {
    Out o;
    o.rho2 = GradRho2(in.dpdx, in.dpdy, in.axes, in.scale, in.extent);
    o.lambda = LodFromRho2(AsFloat(o.rho2));
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "rho2", e.rho2, g.rho2);
    DiffField(o, "lambda", e.lambda, g.lambda);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "axes %d %s extents %ux%ux%u dPdx {0x%08x, 0x%08x, 0x%08x} dPdy {0x%08x, 0x%08x, "
                  "0x%08x}",
                  in.axes, in.scale ? "scaled" : "unscaled", in.extent[0], in.extent[1],
                  in.extent[2], in.dpdx[0], in.dpdx[1], in.dpdx[2], in.dpdy[0], in.dpdy[1],
                  in.dpdy[2]);
    return buf;
  }
};

using GradTraits = GradTraitsOf<Vtsu_tex_grad, Vtsu_tex_grad_tsu_tex_grad>;
using GradTraitsII2 = GradTraitsOf<Vtsu_tex_grad_ii2, Vtsu_tex_grad_ii2_tsu_tex_grad>;
using GradTraitsII6 = GradTraitsOf<Vtsu_tex_grad_ii6, Vtsu_tex_grad_ii6_tsu_tex_grad>;

constexpr uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000, 0x1F800000,  // tiny: square -> 0
    0x20000000, 0x5F800000, 0x5F7FFFFF, 0x7F7FFFFF, 0x7F800000, 0xFF800000,  // huge: square -> Inf
    0x7FC00000, 0x7F800001, 0xFFC12345, 0x3F800000, 0xBF000000, 0x3C800000};

uint32_t RandomExtent(Rng& rng) {
  switch (Uniform(rng, 0, 3)) {
    case 0: return 1;
    case 1: return 1u << Uniform(rng, 0, 16);
    case 2: return static_cast<uint32_t>(Uniform(rng, 1, 4096));
    default: return static_cast<uint32_t>(Uniform(rng, 1, (1 << 17) - 1));
  }
}

// A partial of a coordinate across a pixel: about 2^k texels (k from -8, magnified, to 12,
// minified), in texel units or over the extent (normalized), either sign.
uint32_t RealPartial(Rng& rng, uint32_t extent, bool normalized) {
  const double texels = std::ldexp(1.0 + static_cast<double>(Uniform(rng, 0, 1 << 20)) / (1 << 20),
                                   static_cast<int>(Uniform(rng, -8, 12)));
  const float v = static_cast<float>((Chance(rng, 50) ? -texels : texels) /
                                     (normalized ? static_cast<double>(extent) : 1.0));
  return AsBits(v);
}

void RandomGrad(Rng& rng, GradIn* in) {
  in->axes = static_cast<int>(Uniform(rng, 1, 3));
  in->scale = Chance(rng, 70);
  for (uint32_t& e : in->extent) e = RandomExtent(rng);
  const int kind = static_cast<int>(Uniform(rng, 0, 9));
  for (int a = 0; a < 3; ++a) {
    for (uint32_t* g : {&in->dpdx[a], &in->dpdy[a]}) {
      if (kind <= 5) {
        *g = RealPartial(rng, in->extent[a], in->scale);
      } else if (kind <= 7) {
        *g = Chance(rng, 40) ? kSpecials[Uniform(rng, 0, std::size(kSpecials) - 1)]
                             : RealPartial(rng, in->extent[a], in->scale);
      } else {
        *g = static_cast<uint32_t>(rng());
      }
    }
  }
  if (Chance(rng, 8)) {  // equal sums: the same vector, or its components permuted or negated
    for (int a = 0; a < 3; ++a) in->dpdy[a] = in->dpdx[a] ^ (Chance(rng, 50) ? 0x80000000u : 0);
  }
}

template <typename Traits>
void CheckSpecials() {
  // Every special on each axis of dPdx and of dPdy (the other partials ordinary), both scalings.
  Rng rng(SeedFromEnv(1801));
  std::vector<GradIn> cases;
  for (int axes = 1; axes <= 3; ++axes) {
    for (bool scale : {false, true}) {
      for (int side = 0; side < 2; ++side) {
        for (int a = 0; a < axes; ++a) {
          for (uint32_t s : kSpecials) {
            for (uint32_t t : kSpecials) {
              GradIn in;
              in.axes = axes;
              in.scale = scale;
              for (uint32_t& e : in.extent) e = RandomExtent(rng);
              for (int b = 0; b < 3; ++b) {
                in.dpdx[b] = RealPartial(rng, in.extent[b], scale);
                in.dpdy[b] = RealPartial(rng, in.extent[b], scale);
              }
              (side == 0 ? in.dpdx : in.dpdy)[a] = s;
              (side == 0 ? in.dpdy : in.dpdx)[(a + 1) % axes] = t;
              cases.push_back(in);
            }
          }
        }
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1801);
  opt.max_cycles = cases.size() * 2 * Traits::Interval() + 100;
  const auto r = Lockstep<Traits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (II %d, specials: %zu requests)\n", r.Summary("tsu_tex_grad").c_str(),
              Traits::Interval(), cases.size());
}

template <typename Traits>
void CheckRandom(uint64_t count) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1802);
  const uint64_t n = ScaledCount(count);
  opt.max_cycles = n * 2 * Traits::Interval() + 100;
  const auto r = Lockstep<Traits>::Run(
      [n](uint64_t seed) { return CountedSource<GradIn>(seed, n, RandomGrad); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  // What a sum of squares of a scaled partial can never do (the multipliers' and adders' points
  // count over all their instances).
  r.ReportCoverage(
      "tsu_tex_grad",
      {{"c_zero_times_inf", "a scale factor is a finite extent >= 1 or 1.0, and a square "
                             "multiplies a value by itself"},
       {"c_inf_minus_inf", "the sums add squares: never a subtraction"},
       {"c_cancellation", "the sums add squares: never a subtraction"},
       {"u_rho.c_negative", "a sum of squares is never negative (a NaN goes to c_nan)"},
       {"u_rho.c_neg_inf", "a sum of squares is never -Inf"}});
}

TEST(TexGrad, SpecialsOnEveryAxis) { CheckSpecials<GradTraits>(); }
TEST(TexGrad, RandomGradients) { CheckRandom<GradTraits>(200000); }
TEST(TexGrad, SpecialsAtIntervalTwo) { CheckSpecials<GradTraitsII2>(); }
TEST(TexGrad, RandomGradientsAtIntervalTwo) { CheckRandom<GradTraitsII2>(100000); }
TEST(TexGrad, SpecialsAtIntervalSix) { CheckSpecials<GradTraitsII6>(); }
TEST(TexGrad, RandomGradientsAtIntervalSix) { CheckRandom<GradTraitsII6>(50000); }

// A mutation check: the lock step catches a wrong expectation at once (the bench can fail).
TEST(TexGrad, CorruptedExpectationIsCaught) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1803);
  opt.max_cycles = 2000;
  opt.replay_on_failure = false;
  opt.corrupt = [](uint64_t n, void* out) {
    if (n == 17) static_cast<GradTraits::Out*>(out)->lambda ^= 1;
  };
  const auto r = Lockstep<GradTraits>::Run(
      [](uint64_t seed) { return CountedSource<GradIn>(seed, 500, RandomGrad); }, opt);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("input #17"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("lambda"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb

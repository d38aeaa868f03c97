// The level of detail of a .grad request on a cube map (rtl/tex/tsu_tex_cube_grad) against
// tsu::CubeGradRho2 and tsu::LodFromRho2, every cycle. The face inputs come from
// tsu::SelectCubeFace of a direction, as the engine feeds them from tsu_tex_cube: directions on
// every face (ties and edges included), gradients of real footprints (magnified to minified over
// random face sizes), special values on every gradient component and in the direction (zeros of
// both signs, subnormals, infinities, NaNs, a zero major axis), then random bit patterns.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <vector>

#include "Vtsu_tex_cube_grad.h"
#include "Vtsu_tex_cube_grad_ii2.h"
#include "Vtsu_tex_cube_grad_ii2_tsu_tex_cube_grad.h"
#include "Vtsu_tex_cube_grad_tsu_tex_cube_grad.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct CubeGradIn {
  uint32_t dir[3] = {};  // for the report; the block sees its face selection
  int face = 0;
  uint32_t sc = 0, tc = 0, ma = 0;
  uint32_t dpdx[3] = {};
  uint32_t dpdy[3] = {};
  uint32_t width = 1;
};

struct CubeGradOut {
  uint32_t rho2 = 0;
  int32_t lambda = 0;
};

// One request per cycle (Interval 1, the block's default) or every other cycle (Interval 2, the
// sampling engine's).
template <typename DutT, typename Public>
struct CubeGradTraits {
  using Dut = DutT;
  using In = CubeGradIn;
  using Out = CubeGradOut;
  static constexpr const char* kName = "tsu_tex_cube_grad";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::Interval; }
  static void Drive(Dut* d, const In& in) {
    d->face_i = static_cast<uint8_t>(in.face);
    d->sc_i = in.sc;
    d->tc_i = in.tc;
    d->ma_i = in.ma;
    for (int a = 0; a < 3; ++a) {
      d->dpdx_i[a] = in.dpdx[a];
      d->dpdy_i[a] = in.dpdy[a];
    }
    d->width_i = in.width;
  }
  static Out Sample(const Dut& d) { return {d.rho2_o, static_cast<int16_t>(d.lambda_o)}; }
  static Out Expect(const In& in) {
    Out o;
    o.rho2 = CubeGradRho2(in.face, in.sc, in.tc, in.ma, in.dpdx, in.dpdy, in.width);
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
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "direction (0x%08x, 0x%08x, 0x%08x) face %d sc 0x%08x tc 0x%08x ma 0x%08x N %u "
                  "dPdx {0x%08x, 0x%08x, 0x%08x} dPdy {0x%08x, 0x%08x, 0x%08x}",
                  in.dir[0], in.dir[1], in.dir[2], in.face, in.sc, in.tc, in.ma, in.width,
                  in.dpdx[0], in.dpdx[1], in.dpdx[2], in.dpdy[0], in.dpdy[1], in.dpdy[2]);
    return buf;
  }
};

constexpr uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000, 0x1F800000,  // tiny
    0x20000000, 0x5F800000, 0x7F7FFFFF, 0x7F800000, 0xFF800000,              // huge, Inf
    0x7FC00000, 0x7F800001, 0xFFC12345, 0x3F800000, 0xBF000000, 0x3C800000};

// The block's inputs for a direction: its face selection, as tsu_tex_cube gives it.
void SetDirection(CubeGradIn* in, uint32_t x, uint32_t y, uint32_t z) {
  in->dir[0] = x, in->dir[1] = y, in->dir[2] = z;
  const CubeFace f = SelectCubeFace(AsFloat(x), AsFloat(y), AsFloat(z));
  in->face = f.face;
  in->sc = AsBits(f.sc);
  in->tc = AsBits(f.tc);
  in->ma = AsBits(f.ma);
}

uint32_t RandomWidth(Rng& rng) {
  switch (Uniform(rng, 0, 3)) {
    case 0: return 1;
    case 1: return 1u << Uniform(rng, 0, 16);
    case 2: return static_cast<uint32_t>(Uniform(rng, 1, 2048));
    default: return static_cast<uint32_t>(Uniform(rng, 1, (1 << 17) - 1));
  }
}

// A direction component in [-1, 1] (as a sampler sees one), now and then an exact edge or corner,
// or an exact zero (a face centre: sc or tc is 0, which meets Inf partials as 0 * Inf).
uint32_t DirComponent(Rng& rng) {
  if (Chance(rng, 10)) return Chance(rng, 50) ? 0x3F800000u : 0xBF800000u;
  if (Chance(rng, 4)) return Chance(rng, 50) ? 0x00000000u : 0x80000000u;
  return AsBits(static_cast<float>(Uniform(rng, -1000000, 1000000)) / 1000000.0f);
}

// A partial of a direction component across a pixel: about 2^k texels of a face of N (k from -8,
// magnified, to 12, minified) over N/2, either sign.
uint32_t RealPartial(Rng& rng, uint32_t n) {
  const double texels = std::ldexp(1.0 + static_cast<double>(Uniform(rng, 0, 1 << 20)) / (1 << 20),
                                   static_cast<int>(Uniform(rng, -8, 12)));
  return AsBits(static_cast<float>((Chance(rng, 50) ? -texels : texels) * 2.0 / n));
}

void RandomCubeGrad(Rng& rng, CubeGradIn* in) {
  in->width = RandomWidth(rng);
  const int kind = static_cast<int>(Uniform(rng, 0, 9));
  if (kind <= 7) {
    SetDirection(in, DirComponent(rng), DirComponent(rng), DirComponent(rng));
  } else {
    SetDirection(in, static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()),
                 static_cast<uint32_t>(rng()));
  }
  for (int a = 0; a < 3; ++a) {
    for (uint32_t* g : {&in->dpdx[a], &in->dpdy[a]}) {
      if (kind <= 5) {
        *g = RealPartial(rng, in->width);
      } else if (kind <= 7) {
        *g = Chance(rng, 30) ? kSpecials[Uniform(rng, 0, std::size(kSpecials) - 1)]
                             : RealPartial(rng, in->width);
      } else {
        *g = static_cast<uint32_t>(rng());
      }
    }
  }
  if (Chance(rng, 8)) {  // equal sums: dPdy is dPdx, or its negation
    for (int a = 0; a < 3; ++a) in->dpdy[a] = in->dpdx[a] ^ (Chance(rng, 50) ? 0x80000000u : 0);
  }
  if (Chance(rng, 2)) {  // raw face inputs: any face, any sc, tc and |ma| bits
    in->face = static_cast<int>(Uniform(rng, 0, 5));
    in->sc = static_cast<uint32_t>(rng());
    in->tc = static_cast<uint32_t>(rng());
    in->ma = Chance(rng, 10) ? 0 : static_cast<uint32_t>(rng()) & 0x7FFFFFFFu;
  }
}

using CubeGradII1 = CubeGradTraits<Vtsu_tex_cube_grad, Vtsu_tex_cube_grad_tsu_tex_cube_grad>;
using CubeGradII2 =
    CubeGradTraits<Vtsu_tex_cube_grad_ii2, Vtsu_tex_cube_grad_ii2_tsu_tex_cube_grad>;

// On every face: each special on each component of dPdx and of dPdy (the others real partials),
// and each special as the direction's minor and major components; a zero direction.
std::vector<CubeGradIn> SpecialCases(uint64_t seed) {
  Rng rng(seed);
  std::vector<CubeGradIn> cases;
  const uint32_t one = 0x3F800000u, half = 0x3F000000u;
  for (int face = 0; face < 6; ++face) {
    const int axis = face / 2;
    auto on_face = [&](CubeGradIn* in, uint32_t major, uint32_t minor) {
      uint32_t d[3] = {minor, half ^ (static_cast<uint32_t>(rng()) & 0x80000000u), minor};
      d[axis] = major | (face % 2 ? 0x80000000u : 0);
      SetDirection(in, d[0], d[1], d[2]);
    };
    for (int side = 0; side < 2; ++side) {
      for (int a = 0; a < 3; ++a) {
        for (uint32_t s : kSpecials) {
          CubeGradIn in;
          in.width = RandomWidth(rng);
          on_face(&in, one, DirComponent(rng) & 0x3FFFFFFFu);
          for (int b = 0; b < 3; ++b) {
            in.dpdx[b] = RealPartial(rng, in.width);
            in.dpdy[b] = RealPartial(rng, in.width);
          }
          (side == 0 ? in.dpdx : in.dpdy)[a] = s;
          cases.push_back(in);
        }
      }
    }
    for (uint32_t s : kSpecials) {
      for (bool major : {false, true}) {
        CubeGradIn in;
        in.width = RandomWidth(rng);
        on_face(&in, major ? (s & 0x7FFFFFFFu) : one, major ? 0x3E800000u : s);
        for (int b = 0; b < 3; ++b) {
          in.dpdx[b] = RealPartial(rng, in.width);
          in.dpdy[b] = RealPartial(rng, in.width);
        }
        cases.push_back(in);
      }
    }
  }
  // A zero direction (|ma| = 0: face +z or -z by z's sign) with each special in each gradient
  // component: 0 / 0, Inf * 0 and NaN quotients.
  for (uint32_t zsign : {0u, 0x80000000u}) {
    for (int a = 0; a < 3; ++a) {
      for (uint32_t s : kSpecials) {
        CubeGradIn in;
        in.width = RandomWidth(rng);
        SetDirection(&in, 0, 0x80000000u, zsign);
        for (int b = 0; b < 3; ++b) {
          in.dpdx[b] = RealPartial(rng, in.width);
          in.dpdy[b] = RealPartial(rng, in.width);
        }
        in.dpdx[a] = s;
        in.dpdy[(a + 1) % 3] = s;
        cases.push_back(in);
      }
    }
  }
  return cases;
}

template <typename Traits>
void CheckSpecials() {
  const std::vector<CubeGradIn> cases = SpecialCases(SeedFromEnv(1901));
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1901);
  opt.max_cycles = cases.size() * 2 * Traits::Interval() + 200;
  const auto r = Lockstep<Traits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (II %d, specials: %zu requests)\n", r.Summary("tsu_tex_cube_grad").c_str(),
              Traits::Interval(), cases.size());
}

template <typename Traits>
void CheckRandom(uint64_t count) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1902);
  const uint64_t n = ScaledCount(count);
  opt.max_cycles = n * 2 * Traits::Interval() + 200;
  const auto r = Lockstep<Traits>::Run(
      [n](uint64_t seed) { return CountedSource<CubeGradIn>(seed, n, RandomCubeGrad); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, n);
  r.ReportCoverage("tsu_tex_cube_grad",
                   {{"u_rho.c_negative", "a sum of squares is never negative (a NaN goes to c_nan)"},
                    {"u_rho.c_neg_inf", "a sum of squares is never -Inf"},
                    {"u_div.c_div_round_carry",
                     "a subnormal quotient just under 2^-126 (FpDiv.* hit it)"}});
}

TEST(TexCubeGrad, SpecialsOnEveryFaceAndComponent) { CheckSpecials<CubeGradII1>(); }
TEST(TexCubeGrad, RandomGradients) { CheckRandom<CubeGradII1>(200000); }
TEST(TexCubeGrad, SpecialsAtIntervalTwo) { CheckSpecials<CubeGradII2>(); }
TEST(TexCubeGrad, RandomGradientsAtIntervalTwo) { CheckRandom<CubeGradII2>(200000); }

// A mutation check: the lock step catches a wrong expectation at once (the bench can fail).
TEST(TexCubeGrad, CorruptedExpectationIsCaught) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1903);
  opt.max_cycles = 2000;
  opt.replay_on_failure = false;
  opt.corrupt = [](uint64_t n, void* out) {
    if (n == 23) static_cast<CubeGradII2::Out*>(out)->rho2 ^= 1;
  };
  const auto r = Lockstep<CubeGradII2>::Run(
      [](uint64_t seed) { return CountedSource<CubeGradIn>(seed, 500, RandomCubeGrad); }, opt);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("input #23"), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("rho2"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb

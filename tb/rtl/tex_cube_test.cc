// Cube-map face selection (rtl/tex/tsu_tex_cube) against tsu::SelectCubeFace, every cycle: the
// face, s and t (bit for bit: an exact division, + 1 and * 0.5, each with the NaN rule of T14),
// and the face table's sc, tc and |ma|. Structured directions first: every triple of 15 special
// component values (signed zeros, subnormals, ties at 1 and at the largest finite value, Inf,
// quiet and signaling NaNs), then directions on every face with one component near the major
// axis's magnitude (ties and near-ties), then random directions and random bit patterns. The face
// table's outputs after (A), which the cube gradients start from, are checked at their own
// latency (AxisLatency) on the same directions.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_cube.h"
#include "Vtsu_tex_cube_tsu_tex_cube.h"
#include "Vtsu_tex_cube_ii2.h"
#include "Vtsu_tex_cube_ii2_tsu_tex_cube.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct Dir {
  uint32_t x = 0, y = 0, z = 0;
};

struct CubeOut {
  uint32_t face, s, t;
};

struct AxisOut {
  uint32_t face, sc, tc, ma;
};

// s and t side by side (Beats 1, the block's default) or through one lane on consecutive cycles
// (Beats 2, as the one-tap sampling engine has it).
template <typename DutT, typename Public>
struct CubeTraitsOf {
  using Dut = DutT;
  using In = Dir;
  using Out = CubeOut;
  static constexpr const char* kName = "tsu_tex_cube";
  static int Latency() { return Public::Latency; }
  static int Interval() { return Public::Interval; }
  static void Drive(Dut* d, const In& in) {
    d->x_i = in.x;
    d->y_i = in.y;
    d->z_i = in.z;
  }
  static Out Sample(const Dut& d) { return {d.face_o, d.s_o, d.t_o}; }
  static Out Expect(const In& in) {
    const CubeFace f = SelectCubeFace(AsFloat(in.x), AsFloat(in.y), AsFloat(in.z));
    return {static_cast<uint32_t>(f.face), AsBits(f.s), AsBits(f.t)};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "face", e.face, g.face);
    DiffField(o, "s", e.s, g.s);
    DiffField(o, "t", e.t, g.t);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "direction (0x%08x, 0x%08x, 0x%08x) = (%g, %g, %g)", in.x, in.y,
                  in.z, static_cast<double>(AsFloat(in.x)), static_cast<double>(AsFloat(in.y)),
                  static_cast<double>(AsFloat(in.z)));
    return buf;
  }
};

using CubeTraits = CubeTraitsOf<Vtsu_tex_cube, Vtsu_tex_cube_tsu_tex_cube>;
using CubeTraitsII2 = CubeTraitsOf<Vtsu_tex_cube_ii2, Vtsu_tex_cube_ii2_tsu_tex_cube>;

// The early tap: face, sc, tc and |ma| AxisLatency cycles after the direction.
struct CubeAxisTraits {
  using Dut = Vtsu_tex_cube;
  using In = Dir;
  using Out = AxisOut;
  static constexpr const char* kName = "tsu_tex_cube";
  static int Latency() { return Vtsu_tex_cube_tsu_tex_cube::AxisLatency; }
  static bool Valid(const Dut& d) { return d.axis_valid_o; }
  static void Drive(Dut* d, const In& in) { CubeTraits::Drive(d, in); }
  static Out Sample(const Dut& d) {
    return {d.axis_face_o, d.axis_sc_o, d.axis_tc_o, d.axis_ma_o};
  }
  static Out Expect(const In& in) {
    const CubeFace f = SelectCubeFace(AsFloat(in.x), AsFloat(in.y), AsFloat(in.z));
    return {static_cast<uint32_t>(f.face), AsBits(f.sc), AsBits(f.tc), AsBits(f.ma)};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "axis face", e.face, g.face);
    DiffField(o, "sc", e.sc, g.sc);
    DiffField(o, "tc", e.tc, g.tc);
    DiffField(o, "ma", e.ma, g.ma);
    return o.str();
  }
  static std::string Describe(const In& in) { return CubeTraits::Describe(in); }
};

constexpr uint32_t kSpecials[] = {
    0x00000000, 0x80000000,  // signed zeros
    0x00000001, 0x807FFFFF,  // subnormals
    0x3F800000, 0xBF800000,  // +-1 (ties between components)
    0x3F000000, 0x3F7FFFFF,  // 0.5, just under 1
    0x7F7FFFFF, 0xFF7FFFFF,  // largest finite
    0x7F800000, 0xFF800000,  // Inf
    0x7FC00000, 0xFFA00001,  // quiet, signaling NaN
    0x3EAAAAAB,              // 1/3
};

LockstepResult RunCases(const std::vector<Dir>& cases, uint64_t seed) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = cases.size() * 4 + 200;
  // The face table's early outputs first, then the whole pipeline, at II 1 and at II 2.
  const auto axis = Lockstep<CubeAxisTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  if (!axis.ok || axis.checked != cases.size()) return axis;
  const auto one = Lockstep<CubeTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  if (!one.ok || one.checked != cases.size()) return one;
  return Lockstep<CubeTraitsII2>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
}

TEST(TexCube, EveryTripleOfSpecialComponents) {
  std::vector<Dir> cases;
  for (uint32_t x : kSpecials) {
    for (uint32_t y : kSpecials) {
      for (uint32_t z : kSpecials) cases.push_back({x, y, z});
    }
  }
  const auto r = RunCases(cases, 1801);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (every triple of %zu special components)\n", r.Summary("tsu_tex_cube").c_str(),
              sizeof(kSpecials) / sizeof(kSpecials[0]));
}

// A major axis on each face with a minor component at the same magnitude or one ulp either side:
// the tie rule, and quotients of exactly +-1 and just inside.
TEST(TexCube, TiesAndNearTiesOnEveryFace) {
  Rng rng(SeedFromEnv(1802));
  std::vector<Dir> cases;
  for (int i = 0; i < 20000; ++i) {
    const uint32_t mag = (static_cast<uint32_t>(Uniform(rng, 1, 254)) << 23) | (rng() & 0x7FFFFF);
    uint32_t c[3];
    const int major = static_cast<int>(Uniform(rng, 0, 2));
    const int other = (major + 1 + static_cast<int>(Uniform(rng, 0, 1))) % 3;
    for (uint32_t& v : c) v = static_cast<uint32_t>(rng()) & 0x7FFFFFFF;
    for (uint32_t& v : c) v = v % (mag + 1);  // not above the major axis
    c[major] = mag;
    c[other] = mag + static_cast<uint32_t>(Uniform(rng, -1, 1));
    for (uint32_t& v : c) v |= static_cast<uint32_t>(Uniform(rng, 0, 1)) << 31;
    cases.push_back({c[0], c[1], c[2]});
  }
  const auto r = RunCases(cases, 1802);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
}

// Directions in [-1, 1]^3 (as a sampler sees them) and raw bit patterns (every class).
TEST(TexCube, RandomDirectionsAndBitPatterns) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1803);
  const uint64_t count = ScaledCount(500000);
  opt.max_cycles = count * 2 + 200;
  const auto r = Lockstep<CubeTraits>::Run(
      [count](uint64_t s) {
        return CountedSource<Dir>(s, count, [](Rng& rng, Dir* d) {
          if (Chance(rng, 70)) {
            auto comp = [&] {
              return AsBits(static_cast<float>(Uniform(rng, -1000000, 1000000)) / 1000000.0f);
            };
            d->x = comp(), d->y = comp(), d->z = comp();
          } else {
            d->x = static_cast<uint32_t>(rng()), d->y = static_cast<uint32_t>(rng());
            d->z = static_cast<uint32_t>(rng());
          }
          // Now and then two components of one magnitude: the tie rule, and quotients of -1.
          if (Chance(rng, 10)) {
            uint32_t* c[3] = {&d->x, &d->y, &d->z};
            const int from = static_cast<int>(Uniform(rng, 0, 2));
            const int to = (from + 1 + static_cast<int>(Uniform(rng, 0, 1))) % 3;
            *c[to] = (*c[from] & 0x7FFFFFFF) | (static_cast<uint32_t>(rng()) & 0x80000000);
          }
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  // The adders and multipliers see q + 1 and (q + 1) * 0.5 with |q| <= 1 or a NaN: no Inf
  // operands, no subnormal sums, nothing a constant 0.5 can overflow or round. (The t lane sits in
  // a generate block at Beats 1, so Verilator names the arithmetic's points tsu_tex_cube.*.c_*.)
  r.ReportCoverage("tsu_tex_cube",
                   {{".c_inf_minus_inf", "|sc|, |tc| <= |ma|: the quotients are never infinite"},
                    {".c_subnormal_result", "q + 1 is 0 or at least 2^-24, and half of it normal"},
                    {".c_overflow", "a finite q + 1 carries out of the largest binade never: "
                                    "1 is below half an ulp of any q of exponent 127"},
                    {".c_div_round_carry", "a subnormal quotient just under 2^-126 (FpDiv.* hit it)"},
                    {".c_zero_times_inf", "a multiply by the constant 0.5 of a value in [0, 2] or a NaN"},
                    {".c_subnormal_operand", "a multiply by the constant 0.5 of a value in [0, 2] or a NaN"},
                    {".c_underflow_to_zero", "a multiply by the constant 0.5 of a value in [0, 2] or a NaN"},
                    {".c_round_tie_even", "half of a normal q + 1 is exact: nothing to round"}});
}

}  // namespace
}  // namespace tsu::tb

// Converter benches: tsu_f32_to_norm and tsu_f32_to_f16 (inside tsu_fmt_pack and tsu_tex_out),
// each through its bench wrapper (tb/rtl/sv) at Stages 0, 1 and 2, every output compared each
// cycle:
// - the value against the model's F32ToUnorm / F32ToSnorm / F32ToF16;
// - the coverage flags, which have no model counterpart (the model rounds, it does not report
//   how), against their definitions computed here in exact integer arithmetic: a tie is an exact
//   value halfway between two results; saturation is a clamp to the channel's range; an overflow
//   is a finite input that became Inf.
// The flags feed the cover points of tsu_fmt_pack (c_norm_tie, c_half_tie, c_half_overflow):
// a wrong flag would make coverage claim a corner that was never reached.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_f32_to_f16_s0.h"
#include "Vtsu_f32_to_f16_s0_tsu_f32_to_f16_lockstep.h"
#include "Vtsu_f32_to_f16_s1.h"
#include "Vtsu_f32_to_f16_s1_tsu_f32_to_f16_lockstep.h"
#include "Vtsu_f32_to_f16_s2.h"
#include "Vtsu_f32_to_f16_s2_tsu_f32_to_f16_lockstep.h"
#include "Vtsu_f32_to_norm_s0.h"
#include "Vtsu_f32_to_norm_s0_tsu_f32_to_norm_lockstep.h"
#include "Vtsu_f32_to_norm_s1.h"
#include "Vtsu_f32_to_norm_s1_tsu_f32_to_norm_lockstep.h"
#include "Vtsu_f32_to_norm_s2.h"
#include "Vtsu_f32_to_norm_s2_tsu_f32_to_norm_lockstep.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/format.h"

namespace tsu::tb {
namespace {

// An f32 as an exact dyadic value: magnitude = sig * 2^exp2 (sig < 2^24). Finite inputs only.
struct Exact {
  uint64_t sig;
  int exp2;
};

Exact Decompose(uint32_t f) {
  const uint32_t e = (f >> 23) & 0xFF, m = f & 0x7FFFFF;
  return e == 0 ? Exact{m, -149} : Exact{0x800000u | m, static_cast<int>(e) - 150};
}

bool IsNan(uint32_t f) { return (f & 0x7FFFFFFF) > 0x7F800000; }
bool IsFinite(uint32_t f) { return (f & 0x7F800000) != 0x7F800000; }

// True when sig * 2^exp2 * scale is exactly an integer plus one half (scale an odd integer below
// 2^24, so the product stays below 2^48).
bool HalfwayTimes(Exact x, uint64_t scale) {
  const uint64_t p = x.sig * scale;
  if (x.exp2 >= 0 || p == 0) return false;  // an integer
  const int d = -x.exp2;                     // fraction bits
  if (d > 48) return false;                  // p < 2^48 <= 2^(d-1): below one half
  return (p & ((uint64_t{1} << d) - 1)) == uint64_t{1} << (d - 1);
}

// ---- tsu_f32_to_norm --------------------------------------------------------------------------

struct NormIn {
  uint32_t f32 = 0;
  uint8_t bits = 8;
  bool snorm = false;
};

struct NormOut {
  uint32_t norm;
  bool sat, tie;
};

// The definitions: saturated = the channel's clamp applied (|x| >= 1, or a negative non-zero x
// for UNORM; NaN converts to 0 without a clamp); tie = |x| < 1 and |x| * (2^k - 1) lies exactly
// halfway between two integers (round to nearest even decided it). That happens only at
// |x| = 0.5, since 2^k - 1 is odd, but it is computed here from the definition.
NormOut ExpectNorm(const NormIn& in) {
  NormOut o{};
  const int k = in.snorm ? in.bits - 1 : in.bits;
  o.norm = in.snorm ? F32ToSnorm(in.f32, in.bits) : F32ToUnorm(in.f32, in.bits);
  if (IsNan(in.f32)) return o;
  const bool neg = (in.f32 >> 31) != 0, zero = (in.f32 & 0x7FFFFFFF) == 0;
  const bool ge_one = (in.f32 & 0x7FFFFFFF) >= 0x3F800000;
  o.sat = ge_one || (!in.snorm && neg && !zero);
  o.tie = !ge_one && HalfwayTimes(Decompose(in.f32), (uint64_t{1} << k) - 1);
  return o;
}

template <typename DutT, typename Inner>
struct NormTraitsT {
  using Dut = DutT;
  using In = NormIn;
  using Out = NormOut;
  static constexpr const char* kName = "tsu_f32_to_norm";
  static int Latency() { return Inner::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->f32_i = in.f32;
    d->bits_i = in.bits;
    d->signed_i = in.snorm;
  }
  static Out Sample(const Dut& d) { return {d.norm_o, d.sat_o != 0, d.tie_o != 0}; }
  static Out Expect(const In& in) { return ExpectNorm(in); }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "norm", e.norm, g.norm);
    DiffField(o, "sat", e.sat, g.sat);
    DiffField(o, "tie", e.tie, g.tie);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "f32 0x%08x to %s%d", in.f32, in.snorm ? "SNORM" : "UNORM", in.bits);
    return buf;
  }
};
using NormS0 = NormTraitsT<Vtsu_f32_to_norm_s0, Vtsu_f32_to_norm_s0_tsu_f32_to_norm_lockstep>;
using NormS1 = NormTraitsT<Vtsu_f32_to_norm_s1, Vtsu_f32_to_norm_s1_tsu_f32_to_norm_lockstep>;
using NormS2 = NormTraitsT<Vtsu_f32_to_norm_s2, Vtsu_f32_to_norm_s2_tsu_f32_to_norm_lockstep>;

// Every channel width (2..24) x both signednesses x every f32 exponent x edge significands x both
// signs, then values near the ties (+-0.5 and its neighbours) and the clamp edges (+-1).
std::vector<NormIn> NormCorners() {
  static constexpr uint32_t kSig[] = {0x000000, 0x000001, 0x400000, 0x7FFFFF, 0x000003, 0x7FFFFE};
  static constexpr uint32_t kNear[] = {0x3F000000, 0x3EFFFFFF, 0x3F000001, 0x3F800000,
                                       0x3F7FFFFF, 0x3F800001, 0x7FC00000, 0x7F800001};
  std::vector<NormIn> v;
  for (uint8_t bits = 2; bits <= 24; ++bits) {
    for (bool snorm : {false, true}) {
      for (uint32_t e = 0; e < 256; ++e) {
        for (uint32_t m : kSig) {
          for (uint32_t s : {0u, 1u}) v.push_back({(s << 31) | (e << 23) | m, bits, snorm});
        }
      }
      for (uint32_t f : kNear) {
        for (uint32_t s : {0u, 1u}) v.push_back({(s << 31) | f, bits, snorm});
      }
    }
  }
  return v;
}

void RandomNorm(Rng& rng, NormIn* in) {
  in->bits = static_cast<uint8_t>(Uniform(rng, 2, 24));
  in->snorm = Chance(rng, 50);
  switch (Uniform(rng, 0, 3)) {
    case 0:  // anything
      in->f32 = static_cast<uint32_t>(rng());
      break;
    case 1:  // in (-2, 2)
      in->f32 = (static_cast<uint32_t>(rng()) & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 100, 127)) << 23);
      break;
    case 2:  // +-0.5 and its neighbours
      in->f32 = (static_cast<uint32_t>(Uniform(rng, 0, 1)) << 31) | static_cast<uint32_t>(0x3F000000 + Uniform(rng, -2, 2));
      break;
    default:  // tiny and subnormal
      in->f32 = (static_cast<uint32_t>(rng()) & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 0, 3)) << 23);
      break;
  }
}

// ---- tsu_f32_to_f16 ---------------------------------------------------------------------------

struct HalfIn {
  uint32_t f32 = 0;
};

struct HalfOut {
  uint16_t f16;
  bool tie, overflow;
};

// The definitions: overflow = a finite input whose result is +-Inf (past the largest exponent,
// or rounded up from 65504); tie = a finite |x| < 2^16 exactly halfway between two neighbouring
// f16 values, at the f16 spacing of x's binade (2^-24 below 2^-14).
HalfOut ExpectHalf(const HalfIn& in) {
  HalfOut o{};
  o.f16 = F32ToF16(in.f32);
  if (!IsFinite(in.f32)) return o;
  o.overflow = (o.f16 & 0x7FFF) == 0x7C00;
  const Exact x = Decompose(in.f32);
  if (x.sig == 0 || (in.f32 & 0x7FFFFFFF) >= 0x47800000) return o;  // zero, or |x| >= 2^16
  int top = 63;
  while (((x.sig >> top) & 1) == 0) --top;
  const int binade = top + x.exp2;                        // floor(log2 |x|)
  const int ulp = (binade < -14 ? -14 : binade) - 10;     // log2 of the f16 spacing there
  const int d = ulp - x.exp2;                             // bits below the f16 spacing
  if (d <= 0 || d > 40) return o;
  o.tie = (x.sig & ((uint64_t{1} << d) - 1)) == uint64_t{1} << (d - 1);
  return o;
}

template <typename DutT, typename Inner>
struct HalfTraitsT {
  using Dut = DutT;
  using In = HalfIn;
  using Out = HalfOut;
  static constexpr const char* kName = "tsu_f32_to_f16";
  static int Latency() { return Inner::Latency; }
  static void Drive(Dut* d, const In& in) { d->f32_i = in.f32; }
  static Out Sample(const Dut& d) { return {d.f16_o, d.tie_o != 0, d.overflow_o != 0}; }
  static Out Expect(const In& in) { return ExpectHalf(in); }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "f16", e.f16, g.f16);
    DiffField(o, "tie", e.tie, g.tie);
    DiffField(o, "overflow", e.overflow, g.overflow);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "f32 0x%08x", in.f32);
    return buf;
  }
};
using HalfS0 = HalfTraitsT<Vtsu_f32_to_f16_s0, Vtsu_f32_to_f16_s0_tsu_f32_to_f16_lockstep>;
using HalfS1 = HalfTraitsT<Vtsu_f32_to_f16_s1, Vtsu_f32_to_f16_s1_tsu_f32_to_f16_lockstep>;
using HalfS2 = HalfTraitsT<Vtsu_f32_to_f16_s2, Vtsu_f32_to_f16_s2_tsu_f32_to_f16_lockstep>;

// Every upper half of an f32 (sign, exponent, the mantissa bits f16 keeps and three more) with
// low halves that make the discarded bits zero, exactly half (a tie at every normal binade), just
// below and just above half, and all ones.
std::vector<HalfIn> HalfCorners() {
  static constexpr uint32_t kLow[] = {0x0000, 0x1000, 0x0FFF, 0x1001, 0xFFFF, 0x0001};
  std::vector<HalfIn> v;
  v.reserve(65536 * 6);
  for (uint32_t hi = 0; hi < 65536; ++hi) {
    for (uint32_t lo : kLow) v.push_back({(hi << 16) | lo});
  }
  return v;
}

void RandomHalf(Rng& rng, HalfIn* in) {
  in->f32 = static_cast<uint32_t>(rng());
  if (Chance(rng, 50)) {  // the f16 range: exponents 100..143 (subnormal results to overflow)
    in->f32 = (in->f32 & 0x807FFFFF) | (static_cast<uint32_t>(Uniform(rng, 100, 143)) << 23);
  }
}

template <typename T, typename In>
LockstepResult RunCases(uint64_t seed, const std::vector<In>& cases) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = cases.size() * 2 + 100;
  return Lockstep<T>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
}

template <typename T, typename Gen>
LockstepResult RunRandom(uint64_t seed, uint64_t count, Gen gen) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = count * 2 + 100;
  return Lockstep<T>::Run(
      [count, gen](uint64_t s) { return CountedSource<typename T::In>(s, count, gen); }, opt);
}

// Counts how often each flag is set among the cases (a bench whose flags never fire proves
// nothing about them).
template <typename In, typename F>
void ExpectFlagsFire(const std::vector<In>& cases, F flags, const char* what) {
  uint64_t a = 0, b = 0;
  for (const In& c : cases) {
    const auto [fa, fb] = flags(c);
    a += fa;
    b += fb;
  }
  EXPECT_GT(a, 100u) << what;
  EXPECT_GT(b, 100u) << what;
  std::printf("%s: %zu cases, flags set %llu / %llu times\n", what, cases.size(),
              static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
}

TEST(ConvNorm, EveryWidthAndExponentAtEveryStagesSetting) {
  const std::vector<NormIn> cases = NormCorners();
  ExpectFlagsFire(cases, [](const NormIn& c) { const NormOut o = ExpectNorm(c); return std::pair{o.sat, o.tie}; },
                  "f32_to_norm corners (sat / tie)");
  for (const auto& r : {RunCases<NormS0>(801, cases), RunCases<NormS1>(801, cases), RunCases<NormS2>(801, cases)}) {
    ASSERT_TRUE(r.ok) << r.report;
    EXPECT_EQ(r.checked, cases.size());
  }
}

TEST(ConvNorm, Random) {
  const uint64_t n = ScaledCount(300000);
  for (const auto& r : {RunRandom<NormS0>(802, n, RandomNorm), RunRandom<NormS2>(803, n, RandomNorm)}) {
    ASSERT_TRUE(r.ok) << r.report;
  }
}

TEST(ConvHalf, EveryUpperHalfAtEveryStagesSetting) {
  const std::vector<HalfIn> cases = HalfCorners();
  ExpectFlagsFire(cases, [](const HalfIn& c) { const HalfOut o = ExpectHalf(c); return std::pair{o.tie, o.overflow}; },
                  "f32_to_f16 corners (tie / overflow)");
  for (const auto& r : {RunCases<HalfS0>(811, cases), RunCases<HalfS1>(811, cases), RunCases<HalfS2>(811, cases)}) {
    ASSERT_TRUE(r.ok) << r.report;
    EXPECT_EQ(r.checked, cases.size());
  }
}

// The rounding carry into Inf: 65520 (halfway between 65504 and 2^16, rounds to even: Inf) and
// above overflow; 65519.996 does not. Hand-derived values.
TEST(ConvHalf, RoundingIntoInfIsAnOverflow) {
  EXPECT_EQ(ExpectHalf({0x477FF000}).f16, 0x7C00);  // 65520
  EXPECT_TRUE(ExpectHalf({0x477FF000}).overflow);
  EXPECT_TRUE(ExpectHalf({0x477FF000}).tie);
  EXPECT_FALSE(ExpectHalf({0x477FEFFF}).overflow);  // just below: 65504
  EXPECT_TRUE(ExpectHalf({0xC7800000}).overflow);   // -65536
  EXPECT_FALSE(ExpectHalf({0x7F800000}).overflow);  // Inf in, Inf out: not an overflow
  const std::vector<HalfIn> cases = {{0x477FF000}, {0x477FEFFF}, {0xC77FF001}, {0x477FE000}};
  const auto r = RunCases<HalfS2>(812, cases);
  ASSERT_TRUE(r.ok) << r.report;
}

TEST(ConvHalf, Random) {
  const uint64_t n = ScaledCount(300000);
  for (const auto& r : {RunRandom<HalfS0>(813, n, RandomHalf), RunRandom<HalfS2>(814, n, RandomHalf)}) {
    ASSERT_TRUE(r.ok) << r.report;
  }
}

// A wrong expectation of a flag is reported (the flags are really compared).
TEST(ConvHalf, CorruptedFlagIsCaught) {
  const std::vector<HalfIn> cases = HalfCorners();
  LockstepOptions opt;
  opt.seed = 815;
  opt.max_cycles = cases.size() * 2 + 100;
  opt.replay_on_failure = false;
  uint64_t target = 0;
  for (; target < cases.size() && !ExpectHalf(cases[target]).tie; ++target) {
  }
  opt.corrupt = [target](uint64_t n, void* out) {
    if (n == target) static_cast<HalfOut*>(out)->tie = false;
  };
  const auto r = Lockstep<HalfS2>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.report.find("tie"), std::string::npos) << r.report;
}

}  // namespace
}  // namespace tsu::tb

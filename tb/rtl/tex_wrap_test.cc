// Address modes (rtl/tex/tsu_tex_wrap) against tsu::WrapIndex on both taps (i and i + 1), every
// cycle: every axis size 1..80 and the edges of the 16-bit range, times every index within
// three periods of the axis and the extremes of the coordinate range, under all four modes,
// normalized and not; then random sizes and indices; then two pipeline shapes.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_wrap.h"
#include "Vtsu_tex_wrap_comb.h"
#include "Vtsu_tex_wrap_comb_tsu_tex_wrap.h"
#include "Vtsu_tex_wrap_tsu_tex_wrap.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct WrapIn {
  int64_t i = 0;
  uint32_t n = 1;
  AddressMode mode = AddressMode::kWrap;
  bool normalized = true;
};

struct WrapOut {
  uint32_t idx0, idx1;
  bool border0, border1;
};

template <typename D, typename Inner>
struct WrapTraitsT {
  using Dut = D;
  using In = WrapIn;
  using Out = WrapOut;
  static constexpr const char* kName = "tsu_tex_wrap";
  static int Latency() { return Inner::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->i_i = static_cast<uint64_t>(in.i) & ((uint64_t{1} << 34) - 1);
    d->n_i = in.n;
    d->mode_i = static_cast<uint8_t>(in.mode);
    d->normalized_i = in.normalized;
  }
  static Out Sample(const Dut& d) {
    return {d.idx0_o, d.idx1_o, d.border0_o != 0, d.border1_o != 0};
  }
  static Out Expect(const In& in) {
    Out o{};
    int64_t w = 0;
    o.border0 = !WrapIndex(in.i, in.n, in.mode, in.normalized, &w);
    o.idx0 = o.border0 ? 0 : static_cast<uint32_t>(w);
    o.border1 = !WrapIndex(in.i + 1, in.n, in.mode, in.normalized, &w);
    o.idx1 = o.border1 ? 0 : static_cast<uint32_t>(w);
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "idx0", e.idx0, g.idx0);
    DiffField(o, "border0", e.border0, g.border0);
    DiffField(o, "idx1", e.idx1, g.idx1);
    DiffField(o, "border1", e.border1, g.border1);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "i %lld n %u mode %s normalized %d",
                  static_cast<long long>(in.i), in.n, std::string(Name(in.mode)).c_str(),
                  in.normalized);
    return buf;
  }
};
using WrapTraits = WrapTraitsT<Vtsu_tex_wrap, Vtsu_tex_wrap_tsu_tex_wrap>;
using WrapCombTraits = WrapTraitsT<Vtsu_tex_wrap_comb, Vtsu_tex_wrap_comb_tsu_tex_wrap>;

// The block's contract: with normalized coordinates under wrap or mirror, |i| < 2^24 (texel
// positions saturate at +-2^23, offsets add at most 8); integer indices reach +-2^31 + 8.
constexpr int64_t kNormLimit = (int64_t{1} << 23) + 9;
constexpr int64_t kIntLimit = (int64_t{1} << 31) + 9;

bool InContract(const WrapIn& in) {
  const bool divides =
      in.normalized && (in.mode == AddressMode::kWrap || in.mode == AddressMode::kMirror);
  const int64_t lim = divides ? kNormLimit : kIntLimit;
  return in.i > -lim && in.i < lim;
}

std::vector<WrapIn> StructuredCases() {
  std::vector<uint32_t> sizes;
  for (uint32_t n = 1; n <= 80; ++n) sizes.push_back(n);
  for (uint32_t n : {127u, 128u, 129u, 1000u, 4095u, 4096u, 4097u, 65535u, 65536u}) {
    sizes.push_back(n);
  }
  std::vector<WrapIn> cases;
  for (uint32_t n : sizes) {
    std::vector<int64_t> idx;
    const int64_t N = n;
    for (int64_t i = -3 * N - 2; i <= 3 * N + 2; ++i) {
      if (N > 200 && std::abs(i) > 10 && std::abs(i - N) > 10 && std::abs(i + N) > 10 &&
          std::abs(i - 2 * N) > 10 && std::abs(i + 2 * N) > 10) {
        continue;  // big axes: only around the period edges
      }
      idx.push_back(i);
    }
    for (int64_t e : {kNormLimit - 1, kNormLimit - 2, -kNormLimit + 1, -kNormLimit + 2,
                      kIntLimit - 1, -kIntLimit + 1, int64_t{1} << 23, -(int64_t{1} << 23)}) {
      idx.push_back(e);
    }
    for (int m = 0; m < 4; ++m) {
      for (int norm = 0; norm < 2; ++norm) {
        for (int64_t i : idx) {
          const WrapIn in{i, n, static_cast<AddressMode>(m), norm != 0};
          if (InContract(in)) cases.push_back(in);
        }
      }
    }
  }
  return cases;
}

void RandomCase(Rng& rng, WrapIn* in) {
  in->n = Chance(rng, 50) ? static_cast<uint32_t>(Uniform(rng, 1, 65536))
                          : static_cast<uint32_t>(Uniform(rng, 1, 300));
  in->mode = static_cast<AddressMode>(Uniform(rng, 0, 3));
  in->normalized = Chance(rng, 75);
  const bool divides =
      in->normalized && (in->mode == AddressMode::kWrap || in->mode == AddressMode::kMirror);
  const int64_t lim = (divides ? kNormLimit : kIntLimit) - 1;
  if (Chance(rng, 60)) {
    in->i = Uniform(rng, -4 * static_cast<int64_t>(in->n), 4 * static_cast<int64_t>(in->n));
  } else {
    in->i = Uniform(rng, -lim, lim);
  }
}

TEST(TexWrap, EverySmallAxisAndEdgeIndices) {
  const std::vector<WrapIn> cases = StructuredCases();
  LockstepOptions opt;
  opt.seed = SeedFromEnv(911);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r = Lockstep<WrapTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("(%zu axis cases: sizes 1..80 and 9 edge sizes x indices x 4 modes x normalized)\n",
              cases.size());
  r.ReportCoverage("tsu_tex_wrap");
}

TEST(TexWrap, RandomAxes) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(912);
  const uint64_t n = ScaledCount(1000000);
  opt.max_cycles = n * 2 + 100;
  const auto r = Lockstep<WrapTraits>::Run(
      [n](uint64_t seed) { return CountedSource<WrapIn>(seed, n, RandomCase); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s\n", r.Summary("tsu_tex_wrap").c_str());
}

// Every register off but the divider taking all 24 steps in one stage: timing changes, values not.
TEST(TexWrap, CombinationalShape) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(913);
  const uint64_t n = ScaledCount(200000);
  opt.max_cycles = n * 2 + 100;
  EXPECT_EQ(WrapCombTraits::Latency(), 0);
  const auto r = Lockstep<WrapCombTraits>::Run(
      [n](uint64_t seed) { return CountedSource<WrapIn>(seed, n, RandomCase); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  std::printf("%s\n", r.Summary("tsu_tex_wrap (latency 0)").c_str());
}

}  // namespace
}  // namespace tsu::tb

// Seamless cube filtering's two blocks, every cycle against the model:
// - tsu_tex_cube_adj (with and without its output register) against tsu::CubeAdjacent: every
//   face, every edge and every index along it, for face sizes 1 to 70 and some powers of two up
//   to 65536 (ends of the edges, and the middle);
// - tsu_tex_corner against tsu::CubeCornerMean on each of the four channels: special values
//   (signed zeros, subnormals, infinities of both signs, quiet and signaling NaNs), texel-like
//   values in [0, 1] (UNORM codes) and raw bit patterns, at Lanes 4 (II 1), 2 (II 2, as the
//   quad path uses it) and 1 (II 4), and at one lane with one adder for both additions (II 10,
//   as the one-tap path uses it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <vector>

#include "Vtsu_tex_corner.h"
#include "Vtsu_tex_corner_l1.h"
#include "Vtsu_tex_corner_l1_tsu_tex_corner.h"
#include "Vtsu_tex_corner_l1s.h"
#include "Vtsu_tex_corner_l1s_tsu_tex_corner.h"
#include "Vtsu_tex_corner_l2.h"
#include "Vtsu_tex_corner_l2_tsu_tex_corner.h"
#include "Vtsu_tex_corner_tsu_tex_corner.h"
#include "Vtsu_tex_cube_adj.h"
#include "Vtsu_tex_cube_adj_comb.h"
#include "Vtsu_tex_cube_adj_comb_tsu_tex_cube_adj.h"
#include "Vtsu_tex_cube_adj_tsu_tex_cube_adj.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct EdgeTap {
  uint32_t face = 0, edge = 0, k = 0, n = 1;
};

struct AdjOut {
  uint32_t face, i, j;
};

template <typename DutT, typename Inner>
struct AdjTraitsT {
  using Dut = DutT;
  using In = EdgeTap;
  using Out = AdjOut;
  static constexpr const char* kName = "tsu_tex_cube_adj";
  static int Latency() { return Inner::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->face_i = in.face;
    d->edge_i = in.edge;
    d->k_i = in.k;
    d->n_i = in.n;
  }
  static Out Sample(const Dut& d) { return {d.face_o, d.i_o, d.j_o}; }
  static Out Expect(const In& in) {
    const int64_t n = in.n, k = in.k;
    const int64_t i = in.edge == 0 ? -1 : in.edge == 1 ? n : k;
    const int64_t j = in.edge == 2 ? -1 : in.edge == 3 ? n : k;
    int f;
    int64_t i2, j2;
    CubeAdjacent(static_cast<int>(in.face), i, j, in.n, &f, &i2, &j2);
    return {static_cast<uint32_t>(f), static_cast<uint32_t>(i2), static_cast<uint32_t>(j2)};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "face", e.face, g.face);
    DiffField(o, "i", e.i, g.i);
    DiffField(o, "j", e.j, g.j);
    return o.str();
  }
  static std::string Describe(const In& in) {
    static const char* kEdge[4] = {"i = -1", "i = N", "j = -1", "j = N"};
    std::ostringstream o;
    o << "face " << in.face << ", edge " << kEdge[in.edge & 3] << ", k " << in.k << ", N " << in.n;
    return o.str();
  }
};
using AdjTraits = AdjTraitsT<Vtsu_tex_cube_adj, Vtsu_tex_cube_adj_tsu_tex_cube_adj>;
using AdjCombTraits = AdjTraitsT<Vtsu_tex_cube_adj_comb, Vtsu_tex_cube_adj_comb_tsu_tex_cube_adj>;

std::vector<EdgeTap> EveryEdgeTap() {
  std::vector<uint32_t> sizes;
  for (uint32_t n = 1; n <= 70; ++n) sizes.push_back(n);
  for (uint32_t n : {128u, 1000u, 4096u, 32768u, 65535u, 65536u}) sizes.push_back(n);
  std::vector<EdgeTap> cases;
  for (uint32_t n : sizes) {
    std::vector<uint32_t> ks;
    if (n <= 70) {
      for (uint32_t k = 0; k < n; ++k) ks.push_back(k);
    } else {
      ks = {0, 1, 2, n / 2 - 1, n / 2, n - 3, n - 2, n - 1};
    }
    for (uint32_t face = 0; face < 6; ++face) {
      for (uint32_t edge = 0; edge < 4; ++edge) {
        for (uint32_t k : ks) cases.push_back({face, edge, k, n});
      }
    }
  }
  return cases;
}

template <typename Traits>
void CheckEveryEdgeTap(uint64_t seed, const char* what) {
  const std::vector<EdgeTap> cases = EveryEdgeTap();
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = cases.size() * 2 + 200;
  const auto r = Lockstep<Traits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("%s (%s: every face, edge and index, N = 1..70 and powers of two to 65536)\n",
              r.Summary("tsu_tex_cube_adj").c_str(), what);
}

TEST(TexCubeAdj, EveryFaceEdgeAndIndex) { CheckEveryEdgeTap<AdjTraits>(1901, "registered"); }
TEST(TexCubeAdj, EveryFaceEdgeAndIndexWithoutTheRegister) {
  CheckEveryEdgeTap<AdjCombTraits>(1902, "RegOut=0");
}

struct Corner {
  uint32_t a[4] = {}, b[4] = {}, c[4] = {};
};

struct CornerOut {
  uint32_t m[4];
};

template <typename D, typename Params>
struct CornerTraitsOf {
  using Dut = D;
  using In = Corner;
  using Out = CornerOut;
  static constexpr const char* kName = "tsu_tex_corner";
  static int Latency() { return Params::Latency; }
  static int Interval() { return Params::Interval; }
  static void Drive(Dut* d, const In& in) {
    for (int k = 0; k < 4; ++k) {
      d->a_i[k] = in.a[k];
      d->b_i[k] = in.b[k];
      d->c_i[k] = in.c[k];
    }
  }
  static Out Sample(const Dut& d) {
    Out o;
    for (int k = 0; k < 4; ++k) o.m[k] = d.mean_o[k];
    return o;
  }
  static Out Expect(const In& in) {
    Out o;
    for (int k = 0; k < 4; ++k) o.m[k] = CubeCornerMean(in.a[k], in.b[k], in.c[k]);
    return o;
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    static const char* kName[4] = {"mean[0]", "mean[1]", "mean[2]", "mean[3]"};
    for (int k = 0; k < 4; ++k) DiffField(o, kName[k], e.m[k], g.m[k]);
    return o.str();
  }
  static std::string Describe(const In& in) {
    std::ostringstream o;
    o << std::hex;
    for (int k = 0; k < 4; ++k) {
      o << "ch" << k << " (0x" << in.a[k] << ", 0x" << in.b[k] << ", 0x" << in.c[k] << ") ";
    }
    return o.str();
  }
};
using CornerTraits = CornerTraitsOf<Vtsu_tex_corner, Vtsu_tex_corner_tsu_tex_corner>;
using CornerL2Traits = CornerTraitsOf<Vtsu_tex_corner_l2, Vtsu_tex_corner_l2_tsu_tex_corner>;
using CornerL1Traits = CornerTraitsOf<Vtsu_tex_corner_l1, Vtsu_tex_corner_l1_tsu_tex_corner>;
using CornerL1SharedTraits =
    CornerTraitsOf<Vtsu_tex_corner_l1s, Vtsu_tex_corner_l1s_tsu_tex_corner>;

constexpr uint32_t kCornerSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000,
    0x3EAAAAAB, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFA00001,
};

// Every triple of special values (one per channel group of four triples).
template <typename Traits>
void CheckEveryTripleOfSpecialValues(uint64_t seed) {
  std::vector<uint32_t> flat;
  for (uint32_t a : kCornerSpecials) {
    for (uint32_t b : kCornerSpecials) {
      for (uint32_t c : kCornerSpecials) {
        flat.push_back(a), flat.push_back(b), flat.push_back(c);
      }
    }
  }
  std::vector<Corner> cases;
  for (size_t t = 0; t < flat.size() / 3; t += 4) {
    Corner in;
    for (size_t k = 0; k < 4; ++k) {
      const size_t s = std::min(t + k, flat.size() / 3 - 1);
      in.a[k] = flat[3 * s], in.b[k] = flat[3 * s + 1], in.c[k] = flat[3 * s + 2];
    }
    cases.push_back(in);
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  opt.max_cycles = cases.size() * 2 * Traits::Interval() + 200;
  const auto r =
      Lockstep<Traits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
}

TEST(TexCorner, EveryTripleOfSpecialValues) { CheckEveryTripleOfSpecialValues<CornerTraits>(1903); }
TEST(TexCorner, EveryTripleOfSpecialValuesTwoLanes) {
  CheckEveryTripleOfSpecialValues<CornerL2Traits>(1905);
}
TEST(TexCorner, EveryTripleOfSpecialValuesOneLane) {
  CheckEveryTripleOfSpecialValues<CornerL1Traits>(1906);
}
// One adder for both additions: the same latency, an input every 4 + 6 cycles (the driver keeps
// the interval; the block asserts it and that a beat never meets a returning sum).
TEST(TexCorner, EveryTripleOfSpecialValuesOneLaneOneAdder) {
  ASSERT_EQ(CornerL1SharedTraits::Interval(), 10);
  ASSERT_EQ(CornerL1SharedTraits::Latency(), CornerL1Traits::Latency());
  CheckEveryTripleOfSpecialValues<CornerL1SharedTraits>(1909);
}

template <typename Traits>
void CheckTexelValuesAndBitPatterns(uint64_t seed, uint64_t full_count) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(seed);
  const uint64_t count = ScaledCount(full_count);
  opt.max_cycles = count * 2 * Traits::Interval() + 200;
  const auto r = Lockstep<Traits>::Run(
      [count](uint64_t s) {
        return CountedSource<Corner>(s, count, [](Rng& rng, Corner* in) {
          const int kind = static_cast<int>(Uniform(rng, 0, 2));
          for (int k = 0; k < 4; ++k) {
            uint32_t* v[3] = {&in->a[k], &in->b[k], &in->c[k]};
            for (uint32_t* x : v) {
              if (kind == 0) {  // UNORM8 and UNORM16 codes as the texel stage gives them
                const uint32_t bits = Chance(rng, 50) ? 8 : 16, max = (1u << bits) - 1;
                const float f = static_cast<float>(Uniform(rng, 0, max)) / static_cast<float>(max);
                std::memcpy(x, &f, 4);
              } else if (kind == 1) {  // one exponent range, either sign: cancellation
                *x = (static_cast<uint32_t>(Uniform(rng, 120, 134)) << 23) |
                     (static_cast<uint32_t>(rng()) & 0x807FFFFF);
              } else {
                *x = static_cast<uint32_t>(rng());
              }
            }
          }
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, count);
  std::printf("%s\n", r.Summary("tsu_tex_corner").c_str());
}

TEST(TexCorner, TexelValuesAndBitPatterns) {
  CheckTexelValuesAndBitPatterns<CornerTraits>(1904, 300000);
}
TEST(TexCorner, TexelValuesAndBitPatternsTwoLanes) {
  CheckTexelValuesAndBitPatterns<CornerL2Traits>(1907, 150000);
}
TEST(TexCorner, TexelValuesAndBitPatternsOneLane) {
  CheckTexelValuesAndBitPatterns<CornerL1Traits>(1908, 100000);
}
TEST(TexCorner, TexelValuesAndBitPatternsOneLaneOneAdder) {
  CheckTexelValuesAndBitPatterns<CornerL1SharedTraits>(1910, 60000);
}

}  // namespace
}  // namespace tsu::tb

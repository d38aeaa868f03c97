// Level of detail and level selection (rtl/tex/tsu_tex_lod) against tsu::F32ToLod,
// tsu::BiasAndClampLod and tsu::SelectLevels, every cycle: every exponent of the .level operand
// with structured significands under random sampler state, and random requests of every mode,
// mip filter and level count.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "Vtsu_tex_lod.h"
#include "Vtsu_tex_lod_tsu_tex_lod.h"
#include "lockstep.h"
#include "surface_gen.h"
#include "tsu/float_bits.h"
#include "tsu/tex_math.h"

namespace tsu::tb {
namespace {

struct LodIn {
  TexMode mode = TexMode::kLevel;
  uint32_t lod = 0;
  int32_t grad_lambda = 0, bias = 0, min_lod = 0, max_lod = 0;
  MipFilter mip = MipFilter::kLinear;
  uint32_t levels = 1;
  bool blend = true;
};

struct LodTraits {
  using Dut = Vtsu_tex_lod;
  using In = LodIn;
  struct Out {
    bool minify;
    uint32_t level, next, frac;
  };
  static constexpr const char* kName = "tsu_tex_lod";
  static int Latency() { return Vtsu_tex_lod_tsu_tex_lod::Latency; }
  static void Drive(Dut* d, const In& in) {
    d->mode_i = static_cast<uint8_t>(in.mode);
    d->lod_i = in.lod;
    d->grad_lambda_i = static_cast<uint16_t>(in.grad_lambda);
    d->bias_i = static_cast<uint16_t>(in.bias);
    d->min_lod_i = static_cast<uint16_t>(in.min_lod);
    d->max_lod_i = static_cast<uint16_t>(in.max_lod);
    d->mip_i = static_cast<uint8_t>(in.mip);
    d->levels_i = static_cast<uint8_t>(in.levels);
    d->blend_i = in.blend;
  }
  static Out Sample(const Dut& d) {
    return {d.minify_o != 0, d.level_o, d.next_o, d.frac_o};
  }
  static Out Expect(const In& in) {
    int32_t lambda = 0;
    if (in.mode == TexMode::kLevel || in.mode == TexMode::kGrad) {
      const int32_t raw = in.mode == TexMode::kLevel ? F32ToLod(AsFloat(in.lod)) : in.grad_lambda;
      lambda = BiasAndClampLod(raw, in.bias, in.min_lod, in.max_lod);
    }
    const LevelSelect s = SelectLevels(lambda, in.mip, in.levels, in.blend);
    return {s.minify, s.level, s.next, s.frac};
  }
  static std::string Diff(const Out& e, const Out& g) {
    std::ostringstream o;
    DiffField(o, "minify", e.minify, g.minify);
    DiffField(o, "level", e.level, g.level);
    DiffField(o, "next", e.next, g.next);
    DiffField(o, "frac", e.frac, g.frac);
    return o.str();
  }
  static std::string Describe(const In& in) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "mode %s lod 0x%08x grad %d bias %d min %d max %d mip %s levels %u blend %d",
                  std::string(Name(in.mode)).c_str(), in.lod, in.grad_lambda, in.bias, in.min_lod,
                  in.max_lod, std::string(Name(in.mip)).c_str(), in.levels, in.blend);
    return buf;
  }
};

// Sampler state as F32ToLod makes it: within +-kLodSat, usually min <= max.
void RandomSampler(Rng& rng, LodIn* in) {
  auto lod88 = [&] {
    return Chance(rng, 30) ? static_cast<int32_t>(Uniform(rng, -kLodSat, kLodSat))
                           : static_cast<int32_t>(Uniform(rng, -4 * 256, 16 * 256));
  };
  in->bias = Chance(rng, 40) ? 0 : lod88();
  in->min_lod = Chance(rng, 30) ? -kLodSat : lod88();
  in->max_lod = Chance(rng, 30) ? kLodSat : lod88();
  if (Chance(rng, 85) && in->min_lod > in->max_lod) std::swap(in->min_lod, in->max_lod);
  in->mip = static_cast<MipFilter>(Uniform(rng, 0, 2));
  in->levels = static_cast<uint32_t>(Chance(rng, 20) ? Uniform(rng, 1, 33) : Uniform(rng, 1, 12));
  in->blend = Chance(rng, 80);
}

TEST(TexLod, EveryExponentOfTheLevelOperand) {
  Rng rng(SeedFromEnv(1001));
  std::vector<LodIn> cases;
  const uint32_t sigs[] = {0, 1, 0x400000, 0x7FFFFF, 0x3FFFFF, 0x400001, 0x000080, 0x00007F,
                           0x7F8000, 0x008000, 0x00FFFF, 0x010000};
  for (uint32_t e = 0; e < 256; ++e) {
    for (uint32_t s = 0; s < 2; ++s) {
      for (uint32_t m : sigs) {
        for (int k = 0; k < 8; ++k) {
          LodIn in;
          RandomSampler(rng, &in);
          in.mode = TexMode::kLevel;
          in.lod = (s << 31) | (e << 23) | m;
          cases.push_back(in);
        }
      }
    }
  }
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1001);
  opt.max_cycles = cases.size() * 2 + 100;
  const auto r = Lockstep<LodTraits>::Run([&cases](uint64_t) { return VectorSource(&cases); }, opt);
  ASSERT_TRUE(r.ok) << r.report;
  EXPECT_EQ(r.checked, cases.size());
  std::printf("(every exponent x both signs x 12 significands x 8 samplers: %zu requests)\n",
              cases.size());
}

TEST(TexLod, RandomRequestsOfEveryMode) {
  LockstepOptions opt;
  opt.seed = SeedFromEnv(1002);
  const uint64_t n = ScaledCount(500000);
  opt.max_cycles = n * 2 + 100;
  const auto r = Lockstep<LodTraits>::Run(
      [n](uint64_t seed) {
        return CountedSource<LodIn>(seed, n, [](Rng& rng, LodIn* in) {
          RandomSampler(rng, in);
          in->mode = static_cast<TexMode>(Uniform(rng, 0, 3));
          in->lod = AsBits(static_cast<float>(Uniform(rng, -3000, 20000)) / 1000.0f);
          if (Chance(rng, 10)) in->lod = static_cast<uint32_t>(rng());
          in->grad_lambda = static_cast<int32_t>(Uniform(rng, -kLodSat, kLodSat));
          if (Chance(rng, 70)) in->grad_lambda = static_cast<int32_t>(Uniform(rng, -512, 4096));
        });
      },
      opt);
  ASSERT_TRUE(r.ok) << r.report;
  r.ReportCoverage("tsu_tex_lod");
}

}  // namespace
}  // namespace tsu::tb
